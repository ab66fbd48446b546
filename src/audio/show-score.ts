import type { ShowScoreCue } from '../experiences/runtime/output.js';
import type { ScoreNote } from './note.js';

/** A chord: a bass root (MIDI pitch) and the tones above it in semitones. */
interface Chord {
  readonly root: number;
  readonly tones: readonly number[];
}

/**
 * One chord per act, in act order, cycling for longer Shows: a quiet minor
 * opening, a lift, a suspended "question", a darker turn, then home with an
 * added ninth. Our own progression; §12.7 leaves the music to us.
 */
const ACT_CHORDS: readonly Chord[] = [
  { root: 45, tones: [12, 15, 19] }, // A minor
  { root: 41, tones: [12, 16, 19] }, // F
  { root: 48, tones: [7, 12, 16] }, // C
  { root: 43, tones: [12, 17, 19] }, // G suspended fourth
  { root: 38, tones: [12, 15, 19] }, // D minor
  { root: 41, tones: [12, 16, 19, 26] }, // F add 9
  { root: 48, tones: [7, 12, 16, 26] }, // C add 9
];

/** Pads overlap the next act this long, so chord changes cross-fade instead of cutting. */
const PAD_OVERLAP = 0.5;
/** A caption's two-note motif: a rising fifth two octaves above the chord root, this far apart. */
const MOTIF_GAP = 0.13;

interface ActSpan {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** Acts numbered in order of first appearance. */
function actNumbers(cues: readonly ShowScoreCue[]): Map<string, number> {
  const order = new Map<string, number>();
  for (const cue of cues) if (!order.has(cue.act)) order.set(cue.act, order.size);
  return order;
}

/** Consecutive cues of the same act form one span. */
function actSpans(cues: readonly ShowScoreCue[], order: ReadonlyMap<string, number>): ActSpan[] {
  const spans: ActSpan[] = [];
  for (const cue of cues) {
    const index = order.get(cue.act)!;
    const last = spans.at(-1);
    const end = cue.startSeconds + cue.lengthSeconds;
    if (last !== undefined && last.index === index) spans[spans.length - 1] = { ...last, end };
    else spans.push({ index, start: cue.startSeconds, end });
  }
  return spans;
}

const chordOf = (actIndex: number): Chord => ACT_CHORDS[actIndex % ACT_CHORDS.length]!;

/**
 * The host Show score (experiences.md §12.7) as notes on the cue timeline:
 * a sustained pad chord for each act, one soft bell per cue walking up the
 * act's chord and swaying across the stereo field, and a rising two-note
 * motif on every cue that has its own caption. Cue times are wall-clock
 * seconds, already scaled by the tempo, so the music follows the lights.
 */
export function showScoreNotes(cues: readonly ShowScoreCue[]): ScoreNote[] {
  const total = showScoreSeconds(cues);
  const clampLength = (start: number, length: number) => Math.max(0, Math.min(length, total - start));
  const order = actNumbers(cues);
  const notes: ScoreNote[] = [];
  for (const span of actSpans(cues, order)) {
    const chord = chordOf(span.index);
    const spread = chord.tones.length - 1;
    const length = clampLength(span.start, span.end - span.start + PAD_OVERLAP);
    notes.push({ pitch: chord.root, start: span.start, length, level: 0.1, voice: 'pad' });
    chord.tones.forEach((tone, k) => {
      notes.push({ pitch: chord.root + tone, start: span.start, length, level: 0.07, voice: 'pad', pan: spread === 0 ? 0 : -0.5 + k / spread });
    });
  }
  const within = new Map<string, number>();
  cues.forEach((cue, index) => {
    const chord = chordOf(order.get(cue.act)!);
    const step = within.get(cue.act) ?? 0;
    within.set(cue.act, step + 1);
    const tone = chord.tones[step % chord.tones.length]!;
    const bellLength = clampLength(cue.startSeconds, Math.min(1.4, Math.max(0.4, cue.lengthSeconds * 1.5)));
    notes.push({ pitch: chord.root + tone + 12, start: cue.startSeconds, length: bellLength, level: 0.12, voice: 'bell', pan: 0.6 * Math.sin(index * 0.9) });
    if (cue.caption === null) return;
    for (const [k, interval] of [0, 7].entries()) {
      const start = cue.startSeconds + k * MOTIF_GAP;
      notes.push({ pitch: chord.root + 24 + interval, start, length: clampLength(start, 0.7), level: 0.1, voice: 'bell', pan: 0 });
    }
  });
  return notes.filter((note) => note.length > 0);
}

/** The score lasts exactly as long as the cues (the manifest's audio duration at tempo 1). */
export function showScoreSeconds(cues: readonly ShowScoreCue[]): number {
  return cues.reduce((end, cue) => Math.max(end, cue.startSeconds + cue.lengthSeconds), 0);
}
