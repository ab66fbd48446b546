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

/**
 * A logger writing one line per message: `pad-lattice <command>: [warn: ]…`
 * with every control, bidi and zero-width character escaped, or with `json`
 * one `{"level","message"}` object whose strings hold no raw unsafe code
 * point. This is the one place log lines are made safe and short, so no call
 * site can forge a line or flood the log, whatever text it passes.
 */
export function lineLogger(stream: NodeJS.WritableStream, command: string, json: boolean): Logger {
  const write = (level: string) => (message: string) => {
    const line = json
      ? stringifyJsonSafely({ level, message: cut(message, MAX_LOG_MESSAGE_CODE_POINTS) })
      : `pad-lattice ${command}: ${level === 'info' ? '' : `${level}: `}${escapeUntrusted(head(message, MAX_LOG_MESSAGE_CODE_POINTS), MAX_LOG_MESSAGE_CODE_POINTS)}`;
    stream.write(`${line}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
