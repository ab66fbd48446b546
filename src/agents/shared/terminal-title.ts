import { closeSync, constants, openSync, writeSync } from 'node:fs';
import type { SessionReport } from '../../client/index.js';
import { sceneOf } from '../../wire/index.js';
import { codePointsOf, splitPythonSpace } from './python-whitespace.js';

/** Receives the exact bytes of one title update; injectable so tests need no terminal (Part C "TTY sink"). */
export type TitleSink = (bytes: string) => void;

/** What a title is built from: the `scene`, `accent` and `label` of a `state_ack`, unchecked. */
export interface TitleParts {
  readonly scene: unknown;
  readonly accent: unknown;
  readonly label: unknown;
}

const ACCENT_LIMIT = 16;
const LABEL_LIMIT = 64;

/** Controls (C0, DEL, C1), format characters (bidi overrides, zero-width) and line/paragraph separators. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * Makes daemon-supplied text safe for a title (agent-adapters.md §1.6):
 * control characters (C0, DEL and C1, so 8-bit terminals see no escape) and,
 * beyond the reference, bidi and zero-width characters (so a label cannot
 * make the title read differently) become spaces, whitespace runs collapse to
 * one space, and the result keeps at most `limit` code points.
 */
export function sanitizeTitlePart(text: string, limit: number): string {
  const visible = text.replace(INVISIBLE_OR_CONTROL, ' ');
  return codePointsOf(splitPythonSpace(visible).join(' ')).slice(0, limit).join('');
}

/** `[S<scene> <ACCENT>] <label>`, or null when `scene` is not an integer or accent/label are not strings. */
export function titleText(parts: TitleParts): string | null {
  const { scene, accent, label } = parts;
  if (typeof scene !== 'number' || !Number.isInteger(scene)) return null;
  if (typeof accent !== 'string' || typeof label !== 'string') return null;
  return `[S${scene} ${sanitizeTitlePart(accent.toUpperCase(), ACCENT_LIMIT)}] ${sanitizeTitlePart(label, LABEL_LIMIT)}`;
}

/** The title of a decoded session report (`scene` is slot + 1; an overflow session has none). */
export function sessionTitle(session: SessionReport): string | null {
  return titleText({ scene: sceneOf(session.slot), accent: session.accent, label: session.label });
}

/** OSC 0 ("set icon name and window title"), terminated by BEL. */
export function titleSequence(title: string): string {
  return `\x1b]0;${title}\x07`;
}

/**
 * Writes to the controlling terminal in one `write`, opened write-only and
 * with O_NOCTTY so a hook never acquires a terminal. Every error is ignored:
 * no terminal simply means no title.
 */
export const ttyTitleSink: TitleSink = (bytes) => {
  let fd: number | null = null;
  try {
    fd = openSync('/dev/tty', constants.O_WRONLY | constants.O_NOCTTY);
    writeSync(fd, Buffer.from(bytes, 'utf8'));
  } catch {
    // No terminal (or it refused the write): the title is cosmetic.
  } finally {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // Nothing useful to do.
      }
    }
  }
};

/** Writes `title` through `sink`, swallowing a sink that throws. */
export function writeTitle(sink: TitleSink, title: string): void {
  writeToSink(sink, titleSequence(title));
}

/** Hands `bytes` to `sink`; a sink that throws changes nothing (titles are cosmetic). */
export function writeToSink(sink: TitleSink, bytes: string): void {
  try {
    sink(bytes);
  } catch {
    // Cosmetic only.
  }
}
