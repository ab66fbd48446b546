import { EARCON_NAMES, type EarconName } from '../experiences/vocabulary.js';

/** The slot part of an earcon's name: `none` for no slot, else the slot number (experiences.md §12.6). */
export function earconSlotSuffix(slot: number | null): string {
  return slot === null ? 'none' : String(slot);
}

/** Every (earcon, slot) a browser can ask for: 11 names × (none, 0..7) = 99. */
export function allEarconVariants(): { readonly name: EarconName; readonly slot: number | null }[] {
  const slots: (number | null)[] = [null, 0, 1, 2, 3, 4, 5, 6, 7];
  return EARCON_NAMES.flatMap((name) => slots.map((slot) => ({ name, slot })));
}
