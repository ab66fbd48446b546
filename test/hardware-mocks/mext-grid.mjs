// A monome grid that speaks mext, as a pure object: feed it what the host
// writes, read back what the grid answers. It enforces the protocol the way
// firmware does not forgive: an unknown command, a coordinate off the grid, a
// quad offset that is not a multiple of 8 or a level above 15 is recorded as
// an error (and the rest of that write is not trusted). LED levels are kept,
// so tests assert on what the grid shows. Plain JavaScript so that the fake
// grid *process* (fake-grid-process.mjs) and in-process tests share it.
// Facts: monome.org/docs/serialosc/serial.txt, libmonome src/proto/mext.h.

/** Payload length after the header byte of each host → grid message. */
const HOST_MESSAGES = new Map([
  [0x00, 0], // query
  [0x01, 0], // id
  [0x05, 0], // size
  [0x10, 2], // led off x y
  [0x11, 2], // led on x y
  [0x12, 0], // all off
  [0x13, 0], // all on
  [0x14, 10], // map x y d[8]
  [0x17, 1], // intensity i
  [0x18, 3], // level set x y l
  [0x19, 1], // level all l
  [0x1a, 34], // level map x y d[32]
]);

export class MextGrid {
  /** @param {{columns?: number, rows?: number, id?: string, varibright?: boolean}} options */
  constructor({ columns = 16, rows = 8, id = 'm1000123', varibright = true } = {}) {
    this.columns = columns;
    this.rows = rows;
    this.id = id;
    this.varibright = varibright;
    this.levels = new Uint8Array(columns * rows);
    this.intensity = 15;
    /** @type {string[]} */
    this.errors = [];
    /** Every complete message received, in order, as hex text (e.g. "1a 00 00 …"). */
    this.messages = [];
    this.pending = [];
  }

  /** Bytes from the host; returns the grid's answers (queries only). */
  receive(bytes) {
    const answers = [];
    for (const byte of bytes) {
      this.pending.push(byte);
      const header = this.pending[0];
      const length = HOST_MESSAGES.get(header);
      if (length === undefined) {
        this.errors.push(`unknown command 0x${header.toString(16).padStart(2, '0')}`);
        this.pending = [];
        continue;
      }
      if (this.pending.length < 1 + length) continue;
      const message = this.pending;
      this.pending = [];
      this.messages.push(message.map((b) => b.toString(16).padStart(2, '0')).join(' '));
      const problem = this.#apply(message, answers);
      if (problem !== null) this.errors.push(`${problem} in ${this.messages.at(-1)}`);
    }
    return Uint8Array.from(answers);
  }

  /** The bytes a key press and release send. */
  press(x, y) {
    return Uint8Array.of(0x21, x, y, 0x20, x, y);
  }

  level(x, y) {
    return this.levels[y * this.columns + x];
  }

  #apply(message, answers) {
    const [header, a, b] = message;
    const inside = (x, y) => x < this.columns && y < this.rows;
    const quad = (x, y) =>
      x % 8 !== 0 || y % 8 !== 0
        ? `quad offset (${x}, ${y}) is not a multiple of 8`
        : !inside(x, y)
          ? `quad (${x}, ${y}) is off the ${this.columns}x${this.rows} grid`
          : null;
    const full = this.varibright ? 15 : 1;
    if (!this.varibright && header >= 0x18 && header <= 0x1a) return 'a monobright grid has no levels (use 0x10-0x14)';
    switch (header) {
      case 0x00:
        answers.push(0x00, 0x01, (this.columns * this.rows) / 64);
        return null;
      case 0x01: {
        const id = new Array(32).fill(0);
        [...this.id].slice(0, 32).forEach((c, i) => (id[i] = c.charCodeAt(0)));
        answers.push(0x01, ...id);
        return null;
      }
      case 0x05:
        answers.push(0x03, this.columns, this.rows);
        return null;
      case 0x10:
      case 0x11:
        if (!inside(a, b)) return `(${a}, ${b}) is off the grid`;
        this.levels[b * this.columns + a] = header === 0x11 ? full : 0;
        return null;
      case 0x12:
      case 0x13:
        this.levels.fill(header === 0x13 ? full : 0);
        return null;
      case 0x14: {
        const problem = quad(a, b);
        if (problem !== null) return problem;
        for (let row = 0; row < 8; row += 1) {
          for (let col = 0; col < 8; col += 1) this.#set(a + col, b + row, (message[3 + row] >> col) & 1 ? full : 0);
        }
        return null;
      }
      case 0x17:
        if (a > 15) return `intensity ${a} is above 15`;
        this.intensity = a;
        return null;
      case 0x18:
        if (!inside(a, b)) return `(${a}, ${b}) is off the grid`;
        if (message[3] > 15) return `level ${message[3]} is above 15`;
        this.levels[b * this.columns + a] = message[3];
        return null;
      case 0x19:
        if (a > 15) return `level ${a} is above 15`;
        this.levels.fill(a);
        return null;
      case 0x1a: {
        const problem = quad(a, b);
        if (problem !== null) return problem;
        for (let i = 0; i < 64; i += 1) {
          const byte = message[3 + (i >> 1)];
          this.#set(a + (i % 8), b + (i >> 3), i % 2 === 0 ? byte >> 4 : byte & 0x0f);
        }
        return null;
      }
      default:
        return `unhandled command 0x${header.toString(16)}`;
    }
  }

  #set(x, y, level) {
    if (x < this.columns && y < this.rows) this.levels[y * this.columns + x] = level;
  }
}
