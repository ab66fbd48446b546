/** The earcon root for slot null and slot 0: MIDI note 60, C4 (experiences.md §12.5). */
export const EARCON_ROOT_PITCH = 60;

/** Semitones above the root per Scene slot 0..7: C D E F G A B C. */
export const SLOT_INTERVALS: readonly number[] = Object.freeze([0, 2, 4, 5, 7, 9, 11, 12]);

/**
 * The root pitch an earcon is built on for a slot; null (no slot, e.g. an
 * overflow session) sounds like slot 0. A slot outside 0..7 is a caller bug,
 * so it throws instead of guessing.
 */
export function earconRootPitch(slot: number | null): number {
  if (slot === null) return EARCON_ROOT_PITCH;
  const interval = Number.isInteger(slot) ? SLOT_INTERVALS[slot] : undefined;
  if (interval === undefined) throw new RangeError(`earcon slot must be null or an integer 0..7, got ${slot}`);
  return EARCON_ROOT_PITCH + interval;
}

/** Equal temperament with A4 (MIDI 69) at 440 Hz. */
export function pitchToHz(pitch: number): number {
  return 440 * 2 ** ((pitch - 69) / 12);
}
