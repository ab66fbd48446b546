import { ledMap, levelMap, levelSet, QUAD } from './mext.js';

/** A level map is 35 bytes and one LED 4: up to 8 changed LEDs of a quad go out one by one. */
const MAX_SINGLE_LEDS = 8;

/**
 * The messages that bring a grid from the levels it last showed to new ones:
 * for each 8x8 quad that changed, its level map (varibright) or on/off map
 * (monobright) — or, on a varibright grid where at most 8 of its LEDs changed,
 * just those LEDs (0x18), which is fewer bytes. With nothing shown yet every
 * quad is sent whole.
 */
export function changedQuads(
  next: Uint8Array,
  shown: Uint8Array | null,
  size: { readonly columns: number; readonly rows: number },
  leds: 'varibright' | 'monobright',
): Uint8Array[] {
  const messages: Uint8Array[] = [];
  const quad = new Uint8Array(QUAD * QUAD);
  for (let qy = 0; qy < size.rows; qy += QUAD) {
    for (let qx = 0; qx < size.columns; qx += QUAD) {
      const changed: number[] = [];
      for (let y = 0; y < QUAD; y += 1) {
        for (let x = 0; x < QUAD; x += 1) {
          const inside = qx + x < size.columns && qy + y < size.rows;
          const index = (qy + y) * size.columns + qx + x;
          quad[y * QUAD + x] = inside ? next[index]! : 0;
          if (inside && shown !== null && shown[index] !== next[index]) changed.push(index);
        }
      }
      if (shown !== null && changed.length === 0) continue;
      if (leds === 'monobright') messages.push(ledMap(qx, qy, quad));
      else if (shown !== null && changed.length <= MAX_SINGLE_LEDS) {
        for (const index of changed) messages.push(levelSet(index % size.columns, Math.floor(index / size.columns), next[index]!));
      } else messages.push(levelMap(qx, qy, quad));
    }
  }
  return messages;
}
