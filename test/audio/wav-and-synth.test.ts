import { describe, expect, it } from 'vitest';
import { mixToPcm16 } from '../../src/audio/pcm.js';
import { addNote, makeMixBuffer, renderNotes } from '../../src/audio/synth.js';
import { encodeWav } from '../../src/audio/wav.js';
import { VOICES } from '../../src/audio/note.js';
import { readWav } from './helpers/wav-reader.js';
import { dominantHz, midiHz, zeroCrossingHz } from './helpers/spectrum.js';

describe('WAV writer', () => {
  it('writes a canonical RIFF PCM 16-bit header whose sizes match the data', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32767, 1234]);
    const bytes = encodeWav({ sampleRate: 22_050, channelCount: 2, samples });
    const wav = readWav(bytes);
    expect(bytes.length).toBe(44 + samples.length * 2);
    expect(wav).toMatchObject({
      riff: 'RIFF',
      riffSize: bytes.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      format: 1,
      channels: 2,
      sampleRate: 22_050,
      byteRate: 22_050 * 4,
      blockAlign: 4,
      bitsPerSample: 16,
      data: 'data',
      dataSize: 12,
    });
    expect([...wav.samples[0]!]).toEqual([0, -1, -32767]);
    expect([...wav.samples[1]!]).toEqual([1, 32767, 1234]);
  });

  it('writes a mono file with an empty data chunk', () => {
    const wav = readWav(encodeWav({ sampleRate: 8000, channelCount: 1, samples: new Int16Array(0) }));
    expect(wav).toMatchObject({ riffSize: 36, channels: 1, byteRate: 16_000, blockAlign: 2, dataSize: 0 });
  });
});

describe('PCM conversion', () => {
  it('scales a too-loud mix down as a whole instead of clipping it', () => {
    const buffer = makeMixBuffer(1000, 1, 0.004);
    buffer.channels[0]!.set([0.5, 3, -1.5, 0]);
    const pcm = mixToPcm16(buffer, 0.9);
    expect([...pcm.samples]).toEqual([Math.round(0.15 * 32767), Math.round(0.9 * 32767), Math.round(-0.45 * 32767), 0]);
  });

  it('leaves a quiet mix at its composed level and interleaves stereo', () => {
    const buffer = makeMixBuffer(1000, 2, 0.002);
    buffer.channels[0]!.set([0.25, -0.25]);
    buffer.channels[1]!.set([0.5, 0]);
    expect([...mixToPcm16(buffer).samples]).toEqual([8192, 16384, -8192, 0]);
  });
});

describe('synthesizer', () => {
  it('sounds a note at its pitch (zero crossings of a soft A4, spectrum peak of a bell C5)', () => {
    const soft = renderNotes([{ pitch: 69, start: 0, length: 0.5, level: 0.5, voice: 'soft' }], 22_050, 1, 0.5).channels[0]!;
    expect(zeroCrossingHz(soft, 22_050, 1000, 10_000)).toBeCloseTo(440, 0);
    const bell = renderNotes([{ pitch: 72, start: 0, length: 0.5, level: 0.5, voice: 'bell' }], 22_050, 1, 0.5).channels[0]!;
    expect(Math.abs(dominantHz(bell, 22_050, 200, 1500, 0, 4410) - midiHz(72))).toBeLessThanOrEqual(2);
  });

  it.each(VOICES)('starts and ends a %s note at silence, without a click', (voice) => {
    const sampleRate = 22_050;
    const buffer = renderNotes([{ pitch: 64, start: 0.01, length: 0.3, level: 0.5, voice }], sampleRate, 1, 0.35);
    const samples = buffer.channels[0]!;
    const first = Math.round(0.01 * sampleRate);
    const end = Math.round(0.31 * sampleRate);
    expect(samples.slice(0, first + 1).every((value) => value === 0)).toBe(true);
    expect(samples.slice(end).every((value) => value === 0)).toBe(true);
    // A click is a sudden jump from silence: the first and last sounding samples must be tiny next to the note's peak.
    const peak = Math.max(...samples.map(Math.abs));
    const edges = [samples[first + 1]!, samples[first + 2]!, samples[end - 1]!, samples[end - 2]!];
    for (const value of edges) expect(Math.abs(value)).toBeLessThan(peak * 0.02);
  });

  it('pans a stereo note with equal power', () => {
    const note = { pitch: 60, start: 0, length: 0.2, level: 0.5, voice: 'soft' as const };
    const energy = (pan: number) => {
      const buffer = makeMixBuffer(22_050, 2, 0.2);
      addNote(buffer, { ...note, pan });
      return buffer.channels.map((channel) => channel.reduce((sum, value) => sum + value * value, 0));
    };
    const [left, right] = energy(-1);
    expect(right).toBeLessThan(left! * 1e-6);
    const [centreLeft, centreRight] = energy(0);
    expect(centreLeft).toBeCloseTo(centreRight!, 6);
    expect(centreLeft! + centreRight!).toBeCloseTo(left!, 3);
  });

  it('cuts a note running past the buffer short, still ending at silence', () => {
    const samples = renderNotes([{ pitch: 60, start: 0.1, length: 1, level: 0.5, voice: 'pad' }], 22_050, 1, 0.5).channels[0]!;
    expect(samples.length).toBe(11_025);
    expect(Math.abs(samples.at(-1)!)).toBeLessThan(1e-3);
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(0.1);
  });
});
