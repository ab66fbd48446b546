import { EARCON_NAMES, type EarconName } from '../experiences/vocabulary.js';

/** The browser's audio folder inside the web bundle (experiences.md §11.5). */
export const AUDIO_ASSET_DIR = 'experiences/audio';

/** The soundtrack a browser falls back to when a Show names none (§12.6). */
export const FALLBACK_SOUNDTRACK_FILE = 'constellation-v1.wav';

/** The slot part of an earcon file name: `none` for no slot, else the slot number. */
export function earconSlotSuffix(slot: number | null): string {
  return slot === null ? 'none' : String(slot);
}

/** `earcon-<name>-<slot or none>.wav`, the name the browser requests (§12.6). */
export function earconFileName(name: EarconName, slot: number | null): string {
  return `earcon-${name}-${earconSlotSuffix(slot)}.wav`;
}

/** Every (earcon, slot) a browser can ask for: 11 names × (none, 0..7) = 99. */
export function allEarconVariants(): { readonly name: EarconName; readonly slot: number | null }[] {
  const slots: (number | null)[] = [null, 0, 1, 2, 3, 4, 5, 6, 7];
  return EARCON_NAMES.flatMap((name) => slots.map((slot) => ({ name, slot })));
}
