import type { ScoreNote, Voice } from './note.js';
import { pitchToHz } from './pitch.js';

/** One sine component of a voice: frequency ratio to the fundamental, relative amplitude, decay speed-up. */
interface Partial {
  readonly ratio: number;
  readonly gain: number;
  readonly decay: number;
}

interface VoiceShape {
  readonly partials: readonly Partial[];
  /** Seconds to reach full level (raised cosine, so the note starts without a click). */
  readonly attack: number;
  /** Decay time constant as a fraction of the note length; Infinity holds the level (pads). */
  readonly decayFraction: number;
  /** Seconds of the closing raised-cosine fade, which ends exactly at the note's end. */
  readonly release: number;
}

/**
 * Additive timbres, all harmonic or nearly so, so each note has a clear
 * fundamental: a bell with quickly fading overtones, a soft rounded tone, a
 * short knock, a muted low click and a slow-breathing pad for the Show.
 */
const SHAPES: Readonly<Record<Voice, VoiceShape>> = {
  bell: {
    partials: [
      { ratio: 1, gain: 1, decay: 1 },
      { ratio: 2, gain: 0.32, decay: 2.2 },
      { ratio: 3, gain: 0.12, decay: 3.4 },
      { ratio: 4.1, gain: 0.05, decay: 5 },
    ],
    attack: 0.004,
    decayFraction: 0.35,
    release: 0.03,
  },
  soft: {
    partials: [
      { ratio: 1, gain: 1, decay: 1 },
      { ratio: 2, gain: 0.12, decay: 1.5 },
    ],
    attack: 0.025,
    decayFraction: 0.7,
    release: 0.06,
  },
  knock: {
    partials: [
      { ratio: 1, gain: 1, decay: 1 },
      { ratio: 3, gain: 0.18, decay: 2.5 },
    ],
    attack: 0.003,
    decayFraction: 0.25,
    release: 0.02,
  },
  click: {
    partials: [{ ratio: 1, gain: 1, decay: 1 }],
    attack: 0.003,
    decayFraction: 0.3,
    release: 0.015,
  },
  pad: {
    partials: [
      { ratio: 1, gain: 1, decay: 1 },
      { ratio: 2, gain: 0.2, decay: 1 },
      { ratio: 3, gain: 0.06, decay: 1 },
    ],
    attack: 0.7,
    decayFraction: Infinity,
    release: 0.9,
  },
};

/** A float mix buffer: one Float32Array per channel (1 = mono, 2 = stereo). */
export interface MixBuffer {
  readonly sampleRate: number;
  readonly channels: readonly Float32Array[];
}

export function makeMixBuffer(sampleRate: number, channelCount: 1 | 2, seconds: number): MixBuffer {
  const frames = Math.round(seconds * sampleRate);
  return { sampleRate, channels: Array.from({ length: channelCount }, () => new Float32Array(frames)) };
}

/** Equal-power pan gains (left, right) for a position −1..1. */
function panGains(pan: number): readonly [number, number] {
  const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
  return [Math.cos(angle), Math.sin(angle)];
}

/**
 * Adds one note to the buffer. Attack and release are raised cosines that
 * start and end at exactly zero, so no note ever begins or stops with a
 * click; a note running past the buffer's end is cut short, release kept.
 */
export function addNote(buffer: MixBuffer, note: ScoreNote): void {
  const { sampleRate, channels } = buffer;
  const frameCount = channels[0]?.length ?? 0;
  const first = Math.round(note.start * sampleRate);
  const last = Math.min(frameCount, Math.round((note.start + note.length) * sampleRate));
  const frames = last - first;
  if (frames <= 1 || note.level <= 0) return;
  const shape = SHAPES[note.voice];
  const seconds = frames / sampleRate;
  const attack = Math.min(shape.attack, seconds / 3);
  const release = Math.min(shape.release, seconds / 3);
  const tau = shape.decayFraction * seconds;
  const hz = pitchToHz(note.pitch);
  const nyquist = sampleRate / 2;
  const partials = shape.partials.filter((partial) => hz * partial.ratio < nyquist * 0.9);
  const voice = new Float64Array(frames);
  for (const partial of partials) addPartial(voice, sampleRate, hz * partial.ratio, partial.gain * note.level, partial.decay / tau);
  shapeEdges(voice, attack * sampleRate, release * sampleRate);
  const gains = channels.length === 2 ? panGains(note.pan ?? 0) : [1];
  channels.forEach((channel, c) => {
    const gain = gains[c]!;
    for (let i = 0; i < frames; i++) channel[first + i] = channel[first + i]! + voice[i]! * gain;
  });
}

/** Raised-cosine fade-in over the first `attackFrames` and fade-out over the last `releaseFrames`. */
function shapeEdges(voice: Float64Array, attackFrames: number, releaseFrames: number): void {
  const frames = voice.length;
  for (let i = 0; i < Math.min(frames, attackFrames); i++) voice[i] = voice[i]! * (0.5 - 0.5 * Math.cos((Math.PI * i) / attackFrames));
  for (let fromEnd = 1; fromEnd <= frames && fromEnd < releaseFrames; fromEnd++) {
    const i = frames - fromEnd;
    voice[i] = voice[i]! * (0.5 - 0.5 * Math.cos((Math.PI * fromEnd) / releaseFrames));
  }
}

/**
 * Adds one exponentially decaying sine starting at phase 0. The oscillator
 * is a rotating phasor (one complex multiply per sample) instead of
 * Math.sin/Math.exp per sample: a 30-second score renders in a blink, which
 * matters because the daemon renders it while a Show starts.
 */
function addPartial(into: Float64Array, sampleRate: number, hz: number, gain: number, decayPerSecond: number): void {
  const step = (2 * Math.PI * hz) / sampleRate;
  const cosStep = Math.cos(step);
  const sinStep = Math.sin(step);
  const fade = Number.isFinite(decayPerSecond) ? Math.exp(-decayPerSecond / sampleRate) : 1;
  let re = 1;
  let im = 0;
  let amplitude = gain;
  for (let i = 0; i < into.length; i++) {
    into[i] = into[i]! + amplitude * im;
    const nextRe = re * cosStep - im * sinStep;
    im = re * sinStep + im * cosStep;
    re = nextRe;
    amplitude *= fade;
  }
}

/** Renders notes into a new buffer `seconds` long. */
export function renderNotes(notes: readonly ScoreNote[], sampleRate: number, channelCount: 1 | 2, seconds: number): MixBuffer {
  const buffer = makeMixBuffer(sampleRate, channelCount, seconds);
  for (const note of notes) addNote(buffer, note);
  return buffer;
}
