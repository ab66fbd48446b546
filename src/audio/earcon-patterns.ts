import type { EarconName } from '../experiences/vocabulary.js';
import type { ScoreNote, Voice } from './note.js';
import { earconRootPitch } from './pitch.js';

/** One note of an earcon, relative to the root: semitones above it, seconds from the earcon's start. */
export interface PatternNote {
  readonly offset: number;
  readonly at: number;
  readonly length: number;
  readonly level: number;
  readonly voice: Voice;
}

const note = (offset: number, at: number, length: number, level: number, voice: Voice): PatternNote => ({ offset, at, length, level, voice });

/**
 * Our own short figures for the eleven earcons, after the informal
 * characters of experiences.md §12.1. All are under a second and quiet
 * enough to sit under speech; the slot only moves the root (§12.5).
 */
export const EARCON_PATTERNS: Readonly<Record<EarconName, readonly PatternNote[]>> = {
  // Two bell notes rising a fifth: a question left open.
  question: [note(0, 0, 0.45, 0.42, 'bell'), note(7, 0.17, 0.55, 0.42, 'bell')],
  // Knock-knock twice, settling on the second degree, never home: something waits for a decision.
  approval: [note(4, 0, 0.14, 0.45, 'knock'), note(2, 0.11, 0.16, 0.45, 'knock'), note(4, 0.34, 0.14, 0.45, 'knock'), note(2, 0.45, 0.2, 0.45, 'knock')],
  // Quick major arpeggio upwards.
  approve: [note(0, 0, 0.25, 0.38, 'bell'), note(4, 0.07, 0.25, 0.38, 'bell'), note(7, 0.14, 0.4, 0.4, 'bell')],
  // Two notes falling, a minor third down to a soft landing.
  reject: [note(7, 0, 0.22, 0.42, 'soft'), note(3, 0.16, 0.38, 0.4, 'soft')],
  // Three quick rising whole steps.
  retry: [note(0, 0, 0.16, 0.38, 'knock'), note(2, 0.09, 0.16, 0.38, 'knock'), note(4, 0.18, 0.3, 0.4, 'knock')],
  // A firm octave drop.
  stop: [note(12, 0, 0.16, 0.45, 'knock'), note(0, 0.12, 0.4, 0.5, 'soft')],
  // Four-note rising major chime ending on the octave.
  success: [note(0, 0, 0.3, 0.34, 'bell'), note(4, 0.09, 0.3, 0.34, 'bell'), note(7, 0.18, 0.35, 0.34, 'bell'), note(12, 0.27, 0.6, 0.38, 'bell')],
  // Low and uneasy: a tritone below, then a rubbing minor second an octave down.
  error: [note(-6, 0, 0.3, 0.42, 'soft'), note(-11, 0.2, 0.5, 0.34, 'soft'), note(-12, 0.2, 0.5, 0.34, 'soft')],
  // Two soft low notes, a fourth apart, fading away.
  cancelled: [note(-7, 0, 0.3, 0.3, 'soft'), note(-12, 0.2, 0.45, 0.28, 'soft')],
  // One high bell.
  session_selected: [note(12, 0, 0.4, 0.4, 'bell')],
  // One very low, muted click.
  unavailable: [note(-24, 0, 0.06, 0.35, 'click')],
};

/** The earcon's notes at the slot's root (§12.5); throws RangeError for a slot outside 0..7. */
export function earconNotes(name: EarconName, slot: number | null): ScoreNote[] {
  const root = earconRootPitch(slot);
  return EARCON_PATTERNS[name].map((part) => ({
    pitch: root + part.offset,
    start: part.at,
    length: part.length,
    level: part.level,
    voice: part.voice,
  }));
}
