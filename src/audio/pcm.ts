import type { MixBuffer } from './synth.js';

/** 16-bit PCM, channels interleaved frame by frame. */
export interface Pcm16 {
  readonly sampleRate: number;
  readonly channelCount: number;
  readonly samples: Int16Array;
}

/**
 * Converts a float mix to 16-bit PCM. Mixes louder than `ceiling` are scaled
 * down as a whole (never clipped) so overlapping notes keep their balance;
 * quieter mixes are left as composed, so a muted earcon stays muted.
 */
export function mixToPcm16(buffer: MixBuffer, ceiling = 0.9): Pcm16 {
  const { channels, sampleRate } = buffer;
  let peak = 0;
  for (const channel of channels) for (const value of channel) peak = Math.max(peak, Math.abs(value));
  const scale = peak > ceiling ? ceiling / peak : 1;
  const frames = channels[0]?.length ?? 0;
  const samples = new Int16Array(frames * channels.length);
  channels.forEach((channel, c) => {
    for (let frame = 0; frame < frames; frame++) {
      const value = Math.round(channel[frame]! * scale * 32767);
      samples[frame * channels.length + c] = value > 32767 ? 32767 : Math.max(value, -32767);
    }
  });
  return { sampleRate, channelCount: channels.length, samples };
}
