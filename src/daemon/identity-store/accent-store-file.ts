import { renameSync } from 'node:fs';
import type { Logger } from '../../support/logger.js';
import { readOwnFile, UnsafePathError } from '../../support/private-file.js';
import { removeStaleStagingFiles } from '../../support/staging-files.js';
import { AccentPreferences } from './accent-preferences.js';

// fatal: invalid UTF-8 means "no preferences", never a half-decoded file; ignoreBOM keeps a BOM so JSON.parse rejects it as Python does.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `ids.json.corrupt-20250102T030405.678Z`: beside the store, sorted by time, never a staging name. */
export function corruptCopyPath(path: string, now: Date): string {
  return `${path}.corrupt-${now.toISOString().replace(/[-:]/g, '')}`;
}

/**
 * Loads the store once at start (control-plane.md §15.4): every problem still
 * means "no preferences", but nothing is lost silently. Staging files a
 * crashed writer left are removed; a file that is not a store (garbage, a
 * future version) is moved aside for the user and the log says where; a
 * link or another user's file is not read (the next write refuses it too).
 */
export function loadAccentStoreFile(path: string, bound: number, logger: Logger, now: () => Date = () => new Date()): AccentPreferences {
  const stale = removeStaleStagingFiles(path);
  if (stale.length > 0) logger.info(`identity store: removed ${stale.length} staging file(s) a crashed daemon left beside ${path}`);
  let bytes: Buffer | null;
  try {
    bytes = readOwnFile(path);
  } catch (error) {
    if (error instanceof UnsafePathError) logger.warn(`identity store not read: ${error.message}`);
    return new AccentPreferences(bound);
  }
  if (bytes === null) return new AccentPreferences(bound);
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    return moveAside(path, 'not UTF-8 text', bound, logger, now());
  }
  const { preferences, problem } = AccentPreferences.parse(text, bound);
  return problem === null ? preferences : moveAside(path, problem, bound, logger, now());
}

function moveAside(path: string, problem: string, bound: number, logger: Logger, now: Date): AccentPreferences {
  const aside = corruptCopyPath(path, now);
  try {
    renameSync(path, aside);
    logger.warn(`identity store ${path} was unusable (${problem}): kept it as ${aside} and started with no saved accents`);
  } catch {
    logger.warn(
      `identity store ${path} is unusable (${problem}) and could not be moved aside: starting with no saved accents; the next accent change replaces it`,
    );
  }
  return new AccentPreferences(bound);
}
