import type { Logger } from './logger.js';
import { escapeUntrusted, stringifyJsonSafely } from './untrusted-text.js';

/**
 * The longest message one log line carries, in code points after escaping;
 * longer ones end in `…`. Messages quote labels, file names, device names and
 * input lines, and none of those should turn one event into a megabyte line.
 */
export const MAX_LOG_MESSAGE_CODE_POINTS = 2_000;

/**
 * Cheaply keeps a bit more than `limit` code points (a code point is at most
 * two UTF-16 units), so escaping and cutting never walk a huge message.
 */
function head(message: string, limit: number): string {
  return message.length > 2 * limit + 2 ? message.slice(0, 2 * limit + 2) : message;
}

/** `text` cut to `limit` code points, with `…` when it was longer. */
function cut(text: string, limit: number): string {
  const codePoints = Array.from(head(text, limit));
  return codePoints.length <= limit ? text : `${codePoints.slice(0, limit - 1).join('')}…`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2026-12-03`: the local date. */
function localDate(at: Date): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
}

/** `14:03:27.512`: the local time of day to the millisecond. */
function localTime(at: Date): string {
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
}

/** `+01:00`: how far local time is ahead of UTC, as ISO 8601 writes it. */
function utcOffset(at: Date): string {
  const minutes = -at.getTimezoneOffset();
  const size = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(size / 60))}:${two(size % 60)}`;
}

/**
 * A logger writing one line per message: `<time> pad-lattice <command>: [warn: ]…`
 * with every control, bidi and zero-width character escaped, or with `json`
 * one `{"time","level","message"}` object whose strings hold no raw unsafe code
 * point. This is the one place log lines are made safe and short, so no call
 * site can forge a line or flood the log, whatever text it passes.
 *
 * The time is local, to the millisecond (`14:03:27.512`). The first line, and
 * the first line of each new local day, start with the date too
 * (`2026-12-03 14:03:27.512`): a log read later still says which day it is,
 * without every line carrying it. JSON lines always carry the full local time
 * with its UTC offset, since a machine reads each line on its own.
 */
export function lineLogger(stream: NodeJS.WritableStream, command: string, json: boolean, now: () => Date = () => new Date()): Logger {
  let datedDay = '';
  const stamp = (at: Date) => {
    const day = localDate(at);
    const dated = day !== datedDay;
    datedDay = day;
    return dated ? `${day} ${localTime(at)}` : localTime(at);
  };
  const write = (level: string) => (message: string) => {
    const at = now();
    const line = json
      ? stringifyJsonSafely({ time: `${localDate(at)}T${localTime(at)}${utcOffset(at)}`, level, message: cut(message, MAX_LOG_MESSAGE_CODE_POINTS) })
      : `${stamp(at)} pad-lattice ${command}: ${level === 'info' ? '' : `${level}: `}${escapeUntrusted(head(message, MAX_LOG_MESSAGE_CODE_POINTS), MAX_LOG_MESSAGE_CODE_POINTS)}`;
    stream.write(`${line}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
