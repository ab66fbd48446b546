import type { Page } from 'playwright-core';
import { renderEarconPcm } from '../../../src/audio/earcon-audio.js';
import type { EarconName } from '../../../src/experiences/vocabulary.js';

/** One sound a page started through Web Audio: its length and the sum of its first channel as 16-bit samples. */
export interface PlayedSound {
  readonly seconds: number;
  readonly sum: number;
}

declare global {
  interface Window {
    playedSounds?: PlayedSound[];
  }
}

/** Before the page's scripts run: every AudioBufferSourceNode started is recorded in `window.playedSounds`. */
export async function recordPlayedSounds(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: PlayedSound[] = [];
    window.playedSounds = played;
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<typeof start>) {
      const data = this.buffer?.getChannelData(0) ?? new Float32Array();
      let sum = 0;
      for (const value of data) sum += Math.round(value * 32767);
      played.push({ seconds: Math.round((this.buffer?.duration ?? 0) * 1000) / 1000, sum });
      return start.apply(this, args);
    };
  });
}

export async function playedSounds(page: Page): Promise<PlayedSound[]> {
  return page.evaluate(() => window.playedSounds ?? []);
}

/** What the page records for an earcon rendered by src/audio, as the host renders it. */
export function earconFingerprint(name: EarconName, slot: number | null): PlayedSound {
  const pcm = renderEarconPcm(name, slot);
  const sum = pcm.samples.reduce((total, sample) => total + sample, 0);
  return { seconds: Math.round((pcm.samples.length / pcm.sampleRate) * 1000) / 1000, sum };
}
