/*
 * The monome "mext" serial protocol of grids (facts from monome's serial.txt,
 * monome.org/docs/serialosc/serial.txt, and libmonome's src/proto/mext.h). A
 * message is one header byte — subsystem in the high nibble, command in the
 * low — then a payload whose length the header fixes.
 */

/** Host → grid. */
export const MEXT_OUT = Object.freeze({
  query: 0x00,
  getId: 0x01,
  getSize: 0x05,
  /** [0x14, x, y, 8 row bitmasks]: an 8x8 quad on/off; bit 0 is the quad's left column. */
  ledMap: 0x14,
  /** [0x17, i]: overall intensity 0–15. */
  intensity: 0x17,
  /** [0x18, x, y, l]: one LED's level 0–15. */
  levelSet: 0x18,
  /** [0x19, l]: every LED to one level. */
  levelAll: 0x19,
  /** [0x1A, x, y, 32 bytes]: an 8x8 quad's levels, two per byte, high nibble first. */
  levelMap: 0x1a,
});

/** Grid → host. */
export const MEXT_IN = Object.freeze({
  queryResponse: 0x00,
  id: 0x01,
  gridOffset: 0x02,
  size: 0x03,
  address: 0x04,
  version: 0x0f,
  keyUp: 0x20,
  keyDown: 0x21,
});

/** Payload bytes after the header of every message a grid sends (libmonome's incoming_payload_lengths). */
export const INCOMING_PAYLOAD: ReadonlyMap<number, number> = new Map([
  [MEXT_IN.queryResponse, 2],
  [MEXT_IN.id, 32],
  [MEXT_IN.gridOffset, 3],
  [MEXT_IN.size, 2],
  [MEXT_IN.address, 2],
  [MEXT_IN.version, 8],
  [MEXT_IN.keyUp, 2],
  [MEXT_IN.keyDown, 2],
]);

export const QUAD = 8;
const LEVEL_MAX = 15;

/** The three requests that identify a grid: what it is, its id string and its size. */
export const IDENTIFY_REQUEST = Uint8Array.of(MEXT_OUT.query, MEXT_OUT.getId, MEXT_OUT.getSize);

function checkLevel(level: number): void {
  if (!Number.isInteger(level) || level < 0 || level > LEVEL_MAX) throw new RangeError(`mext level must be an integer 0..15, got ${level}`);
}

function checkOffset(x: number, y: number): void {
  if (x % QUAD !== 0 || y % QUAD !== 0 || x < 0 || y < 0 || x > 255 || y > 255)
    throw new RangeError(`mext quad offset must be a multiple of 8 in 0..248, got (${x}, ${y})`);
}

/** `levels` is the quad's 64 levels row by row; out of range is a programming error. */
export function levelMap(x: number, y: number, levels: ArrayLike<number>): Uint8Array {
  checkOffset(x, y);
  const message = new Uint8Array(35);
  message[0] = MEXT_OUT.levelMap;
  message[1] = x;
  message[2] = y;
  for (let i = 0; i < 32; i += 1) {
    const high = levels[2 * i]!;
    const low = levels[2 * i + 1]!;
    checkLevel(high);
    checkLevel(low);
    message[3 + i] = (high << 4) | low;
  }
  return message;
}

/** The on/off form for monobright grids: a level above 0 is on. */
export function ledMap(x: number, y: number, levels: ArrayLike<number>): Uint8Array {
  checkOffset(x, y);
  const message = new Uint8Array(11);
  message[0] = MEXT_OUT.ledMap;
  message[1] = x;
  message[2] = y;
  for (let row = 0; row < QUAD; row += 1) {
    let bits = 0;
    for (let column = 0; column < QUAD; column += 1) if (levels[row * QUAD + column]! > 0) bits |= 1 << column;
    message[3 + row] = bits;
  }
  return message;
}

export function levelSet(x: number, y: number, level: number): Uint8Array {
  checkLevel(level);
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x > 255 || y > 255)
    throw new RangeError(`mext position must be 0..255, got (${x}, ${y})`);
  return Uint8Array.of(MEXT_OUT.levelSet, x, y, level);
}

/** [0x12]: every LED off, the one "clear" a monobright grid understands. */
export const ALL_OFF = Uint8Array.of(0x12);

export function levelAll(level: number): Uint8Array {
  checkLevel(level);
  return Uint8Array.of(MEXT_OUT.levelAll, level);
}
