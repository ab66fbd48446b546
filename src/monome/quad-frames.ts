import { ledMap, levelMap, QUAD } from './mext.js';

/**
 * The messages that bring a grid from the levels it last showed to new ones:
 * one per changed 8x8 quad, as a level map (varibright) or an on/off map
 * (monobright). With nothing shown yet every quad is sent.
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
      let changed = shown === null;
      for (let y = 0; y < QUAD; y += 1) {
        for (let x = 0; x < QUAD; x += 1) {
          const inside = qx + x < size.columns && qy + y < size.rows;
          const index = (qy + y) * size.columns + qx + x;
          quad[y * QUAD + x] = inside ? next[index]! : 0;
          if (inside && shown !== null && shown[index] !== next[index]) changed = true;
        }
      }
      if (changed) messages.push(leds === 'varibright' ? levelMap(qx, qy, quad) : ledMap(qx, qy, quad));
    }
  }
  return messages;
}
