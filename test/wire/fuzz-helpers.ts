/** Seeded helpers for the socket fuzz test; nothing here knows the daemon's codec. */

/** mulberry32: small, fast, seedable. */
export function makeRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

export type Random = ReturnType<typeof makeRandom>;

export const CLIENT_TYPES = ['state', 'session_end', 'status', 'ping', 'subscribe_actions', 'session_lease', 'preview', 'preview_end'];
const STATES = ['running', 'waiting_for_reply', 'user_typing', 'waiting_for_approval', 'success', 'error', 'cancelled'];
const ACTIONS = ['approve', 'reject', 'stop', 'retry'];

/** A protocol-valid client message (as a JS object). */
export function validMessage(random: Random): Record<string, unknown> {
  const agent = () => ({ backend: random.pick(['codex', 'claude', 'x']), session_id: `s${random.int(12)}` });
  switch (random.pick(CLIENT_TYPES)) {
    case 'state':
      return {
        protocol: 1,
        type: 'state',
        state: random.pick(STATES),
        agent: { ...agent(), ...(random.chance(0.3) ? { label: 'l' } : {}) },
        reply: random.chance(0.5),
        ...(random.chance(0.2) ? { lease_id: `L${random.int(3)}` } : {}),
      };
    case 'session_end':
      return { protocol: 1, type: 'session_end', agent: agent() };
    case 'status':
      return { protocol: 1, type: 'status' };
    case 'ping':
      return { protocol: 1, type: 'ping' };
    case 'subscribe_actions':
      return {
        protocol: 1,
        type: 'subscribe_actions',
        agent: agent(),
        actions: [random.pick(ACTIONS), random.pick(ACTIONS)],
        one_shot: random.chance(0.5),
        ...(random.chance(0.5) ? { request_id: 'r' } : {}),
      };
    case 'session_lease':
      return { protocol: 1, type: 'session_lease', lease_id: `L${random.int(3)}`, ...(random.chance(0.5) ? { agent: agent() } : {}), metadata: { label: 'm' } };
    case 'preview':
      return { protocol: 1, type: 'preview', preview_id: `p${random.int(2)}`, state: random.pick(STATES), ttl: random.pick([0.01, 1, 30]) };
    default:
      return { protocol: 1, type: 'preview_end', preview_id: `p${random.int(2)}` };
  }
}

/** What a valid message of each type must be answered with (null: nothing). */
export const REPLY_OF: Readonly<Record<string, string | null>> = {
  state: null, // state_ack when reply:true
  session_end: null,
  status: 'status',
  ping: 'pong',
  subscribe_actions: null,
  session_lease: 'session_lease_ack',
  preview: 'preview_ack',
  preview_end: 'preview_end_ack',
};

const NASTY_TOKENS = [
  '\\ud800',
  '\\udfff',
  'NaN',
  '-Infinity',
  '1e400',
  '9'.repeat(5000),
  '[[[[[[[[',
  '"',
  '\\',
  '\u0000',
  '{}',
  'null',
  'true',
  '"__proto__"',
  '\\u0000',
];

/** Mutates a line's bytes: flips, deletions, insertions of raw bytes (invalid UTF-8 included) and nasty tokens. */
export function mutate(random: Random, line: Buffer): Buffer {
  let bytes = Buffer.from(line);
  const edits = 1 + random.int(4);
  for (let i = 0; i < edits; i += 1) {
    const at = random.int(bytes.length + 1);
    switch (random.int(5)) {
      case 0:
        if (bytes.length > 0) bytes[Math.min(at, bytes.length - 1)] = random.int(256);
        break;
      case 1:
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + 1 + random.int(8)))]);
        break;
      case 2:
        bytes = Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(random.pick([[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]])),
          bytes.subarray(at),
        ]);
        break;
      case 3:
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(random.pick(NASTY_TOKENS)), bytes.subarray(at)]);
        break;
      default:
        bytes = Buffer.concat([bytes, bytes.subarray(0, random.int(bytes.length + 1))]);
    }
  }
  // A mutation must not add line breaks: the frame stays one line.
  return Buffer.from(bytes.filter((byte) => byte !== 0x0a));
}

/** Random bytes without LF. */
export function noise(random: Random, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) {
    let byte = random.int(256);
    if (byte === 0x0a) byte = 0x20;
    bytes[i] = byte;
  }
  return bytes;
}

export function deepNesting(depth: number): Buffer {
  return Buffer.from(`{"protocol":1,"type":"ping","deep":${'['.repeat(depth)}${']'.repeat(depth)}}`);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]);

/**
 * An independent oracle for the edge checks of wire-protocol-1.md §4.4
 * steps 1–6: either the line is skipped, or the error code is fixed, or it
 * reaches per-type validation with a known type.
 */
export function classify(line: Buffer): { kind: 'blank' } | { kind: 'error'; code: string } | { kind: 'typed'; type: string } {
  if (line.every((byte) => WHITESPACE.has(byte))) return { kind: 'blank' };
  if (line.length > 65_536) return { kind: 'error', code: 'frame_too_large' };
  let value: unknown;
  try {
    value = JSON.parse(STRICT_UTF8.decode(line));
  } catch {
    return { kind: 'error', code: 'invalid_message' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'error', code: 'invalid_message' };
  const object = value as Record<string, unknown>;
  if (object['protocol'] !== 1) return { kind: 'error', code: 'unsupported_protocol' };
  const type = Object.hasOwn(object, 'type') ? object['type'] : undefined;
  if (typeof type !== 'string' || !CLIENT_TYPES.includes(type)) return { kind: 'error', code: 'unknown_message_type' };
  return { kind: 'typed', type };
}
