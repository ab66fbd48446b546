import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestScoreCues, renderShowScorePcm, SCORE_SAMPLE_RATE } from '../../src/audio/show-audio.js';
import { EARCON_SAMPLE_RATE, renderEarconPcm } from '../../src/audio/earcon-audio.js';
import { EARCON_NAMES, PACKAGED_SHOW_FILE, loadPerformanceManifest } from '../../src/experiences/index.js';
import { PACKAGE_ROOT } from '../../src/support/package-info.js';
import { earconUrl } from '../../src/web/app/sound-controller.js';
import { renderSoundFor } from '../../src/web/app/sound-sources.js';

const SLOTS = [null, 0, 1, 2, 3, 4, 5, 6, 7] as const;

describe('browser audio, rendered in the page (no audio file ships)', () => {
  it('renders every earcon URL SoundController can name, 99 in all, mono 16-bit at 22 050 Hz, as the host renders them', async () => {
    const urls = EARCON_NAMES.flatMap((name) => SLOTS.map((slot) => ({ name, slot, url: earconUrl(name, slot) })));
    expect(new Set(urls.map(({ url }) => url)).size).toBe(99);
    for (const { name, slot, url } of urls) {
      const pcm = await renderSoundFor(url, 1);
      expect(pcm, url).not.toBeNull();
      expect(pcm!.channelCount).toBe(1);
      expect(pcm!.sampleRate).toBe(EARCON_SAMPLE_RATE);
      expect(pcm!.samples).toEqual(renderEarconPcm(name, slot).samples);
    }
  });

  it('renders the Show soundtrack in stereo, as long as the manifest says at tempo 1 and half as long at tempo 2', async () => {
    const show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
    const seconds = (tempo: number) => {
      const pcm = renderShowScorePcm(manifestScoreCues(show, tempo));
      expect(pcm.channelCount).toBe(2);
      expect(pcm.sampleRate).toBe(SCORE_SAMPLE_RATE);
      return pcm.samples.length / 2 / SCORE_SAMPLE_RATE;
    };
    expect(seconds(1) * 1000).toBeCloseTo(show.durationMs, 0);
    expect(seconds(2) * 1000).toBeCloseTo(show.durationMs / 2, 0);
  });
});
