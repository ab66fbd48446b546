import { MAX_MESSAGE_BYTES } from './limits.js';
import type { Metadata, StatusReport, StatusSessionReport } from './messages.js';

/**
 * The longest `status` line sent, LF included. One byte under the frame cap:
 * the reference's Python client counts the LF against its 64 KiB buffer, so
 * a line of 65536 bytes plus LF would fail there.
 */
export const MAX_STATUS_LINE_BYTES = MAX_MESSAGE_BYTES;

/** How many code points of a metadata value a shortened `status` keeps (labels are already at most 128). */
export const STATUS_VALUE_CODE_POINTS = 256;

/** How a `status` line is made (lines are ASCII, so length is bytes). */
export interface StatusEncoding {
  /** The whole line of `status` with its `sessions` array empty, LF included: it ends with `[]}` and LF. */
  head(status: StatusReport): string;
  /** One entry of `sessions`. */
  session(session: StatusSessionReport): string;
}

/**
 * The `status` line, LF included, fit into one frame however many sessions
 * there are or however long their metadata is (one agent must not deny
 * `status` to others); null when even no session would fit. Each session
 * is encoded once. Only when the full reply does not fit are metadata
 * values cut to 256 code points (with `…`) and sessions kept by priority —
 * visible ones by slot, then overflow ones most recently active first —
 * while the line still fits, listed in the usual order. `overflow_count`
 * stays the true count, so a reader sees how many overflow sessions were
 * left out; the schema has no other member to say so.
 */
export function statusLine(status: StatusReport, encoding: StatusEncoding): string | null {
  const head = encoding.head({ ...status, sessions: [] });
  // Everything up to and including `[`; the line closes with `]}` and LF.
  const open = head.slice(0, -4);
  const line = (entries: readonly string[]) => `${open}[${entries.join(',')}]}\n`;
  // Every UTF-16 unit of metadata is at least one byte on the wire: a sum over the cap needs no encoding to know it will not fit.
  if (open.length + metadataLength(status.sessions) <= MAX_STATUS_LINE_BYTES) {
    const full = status.sessions.map((session) => encoding.session(session));
    if (linesLength(open, full) <= MAX_STATUS_LINE_BYTES) return line(full);
  }
  const shortened = status.sessions.map(withShortMetadata);
  const kept = new Map<number, string>();
  // `[]}` and LF, then each kept entry and a comma before all but the first.
  let total = open.length + 4 - 1;
  for (const index of priorityOrder(status.sessions)) {
    const session = shortened[index]!;
    // What cannot fit is not even encoded: with thousands of sessions only the few that fit cost an encoding.
    if (total + metadataLength([session]) > MAX_STATUS_LINE_BYTES) continue;
    const entry = encoding.session(session);
    if (total + entry.length + 1 > MAX_STATUS_LINE_BYTES) continue;
    total += entry.length + 1;
    kept.set(index, entry);
  }
  const fitted = line([...kept.keys()].sort((a, b) => a - b).map((index) => kept.get(index)!));
  return fitted.length <= MAX_STATUS_LINE_BYTES ? fitted : null;
}

function metadataLength(sessions: readonly StatusSessionReport[]): number {
  let length = 0;
  for (const session of sessions) for (const [key, value] of Object.entries(session.metadata)) length += key.length + value.length;
  return length;
}

function linesLength(open: string, entries: readonly string[]): number {
  return open.length + 4 + entries.reduce((sum, entry) => sum + entry.length, 0) + Math.max(0, entries.length - 1);
}

/** Indexes of the sessions, visible ones first (by slot), then overflow ones from the most recently active. */
function priorityOrder(sessions: readonly StatusSessionReport[]): number[] {
  const visible: number[] = [];
  const overflow: number[] = [];
  sessions.forEach((session, index) => (session.slot === null ? overflow : visible).push(index));
  // Status lists overflow sessions least recently active first (wire-protocol-1.md §7.5).
  return [...visible, ...overflow.reverse()];
}

/** The shortened metadata of each metadata object (itself when nothing is long), kept as long as the original is. */
const SHORTENED = new WeakMap<Metadata, Metadata>();

function withShortMetadata(session: StatusSessionReport): StatusSessionReport {
  let metadata = SHORTENED.get(session.metadata);
  if (metadata === undefined) {
    const entries = Object.entries(session.metadata);
    metadata = entries.every(([, value]) => value.length <= STATUS_VALUE_CODE_POINTS)
      ? session.metadata
      : Object.freeze(Object.fromEntries(entries.map(([key, value]) => [key, shorten(value)])));
    SHORTENED.set(session.metadata, metadata);
  }
  return metadata === session.metadata ? session : { ...session, metadata };
}

/** `value` cut to STATUS_VALUE_CODE_POINTS code points, the last one `…`; counted without splitting the string. */
function shorten(value: string): string {
  if (value.length <= STATUS_VALUE_CODE_POINTS) return value;
  let end = 0;
  for (let points = 0; end < value.length; points += 1) {
    if (points === STATUS_VALUE_CODE_POINTS - 1) return value.length - end <= 2 && [...value.slice(end)].length === 1 ? value : `${value.slice(0, end)}…`;
    end += value.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  return value;
}
