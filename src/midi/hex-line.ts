import { escapeUntrusted } from '../support/untrusted-text.js';
import type { MidiBytes } from './midi-port.js';

/** Every byte's two upper-case hex digits, looked up: a trace writes one line per message, each frame. */
const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).toUpperCase().padStart(2, '0'));

/**
 * The text form of one MIDI message used by trace output and file input: bytes as
 * two-digit upper-case hex separated by single spaces, e.g. "F0 00 20 29 02 10 21 01 F7".
 * A trace file can therefore be fed back as a file input.
 */
export function formatHexLine(message: MidiBytes): string {
  let line = '';
  for (let i = 0; i < message.length; i += 1) {
    if (i > 0) line += ' ';
    line += HEX_BYTES[message[i]!]!;
  }
  return line;
}

export type HexLine = { kind: 'blank' } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'invalid'; problem: string };

const HEX_BYTE = /^[0-9a-f]{2}$/i;
/** How much of a bad word a problem quotes: enough to find it, never a whole runaway line. */
const QUOTED_WORD_CODE_POINTS = 24;

/** Parses one line; blank lines and lines starting with `#` are skipped, case is ignored. */
export function parseHexLine(line: string): HexLine {
  const text = line.trim();
  if (text === '' || text.startsWith('#')) return { kind: 'blank' };
  const words = text.split(/\s+/);
  const bytes = new Uint8Array(words.length);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (!HEX_BYTE.test(word)) {
      return { kind: 'invalid', problem: `"${escapeUntrusted(word, QUOTED_WORD_CODE_POINTS)}" is not a two-digit hex byte` };
    }
    bytes[i] = Number.parseInt(word, 16);
  }
  return { kind: 'bytes', bytes };
}
