/** The timbres the synthesizer knows (synth.ts gives each its partials and envelope). */
export const VOICES = ['bell', 'soft', 'knock', 'click', 'pad'] as const;

export type Voice = (typeof VOICES)[number];

/** One note of an earcon or of the Show score, in absolute time. */
export interface ScoreNote {
  /** MIDI pitch (60 = C4). */
  readonly pitch: number;
  /** Seconds from the start of the sound. */
  readonly start: number;
  /** Seconds, envelope included: the note is silent again at start + length. */
  readonly length: number;
  /** Peak amplitude of the fundamental, 0..1 before mixing. */
  readonly level: number;
  readonly voice: Voice;
  /** Stereo position −1 (left) .. 1 (right); ignored for mono. */
  readonly pan?: number;
}

/** When the last note of a list falls silent (0 for none). */
export function notesEnd(notes: readonly ScoreNote[]): number {
  return notes.reduce((end, note) => Math.max(end, note.start + note.length), 0);
}
