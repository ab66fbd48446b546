import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import stripJsonComments from 'strip-json-comments';
import { errnoCode, fileProblem } from '../../support/file-errors.js';
import { isRecord } from '../shared/json-object.js';
import { GeminiSettingsError } from './settings.js';

const SETTINGS = 'settings.json';

/**
 * The Gemini home of one `pad-lattice gemini` session, given to Gemini as
 * GEMINI_CLI_HOME: a private folder whose `.gemini` mirrors the user's own
 * (every entry a symbolic link to the real one: sign-in, trusted folders,
 * chats, extensions, policies…) except `settings.json`, a copy with the
 * session's hooks added. The user's own files are never changed; plain
 * `gemini` runs never see the hooks.
 */
export class GeminiOverlay {
  private constructor(
    /** The value for GEMINI_CLI_HOME. */
    readonly home: string,
    /** The user's Gemini folder the overlay mirrors. */
    readonly userDir: string,
  ) {}

  /**
   * The user's Gemini folder: `$GEMINI_CLI_HOME/.gemini` when they set one, else `~/.gemini`.
   */
  static userDirOf(env: NodeJS.ProcessEnv): string {
    const base = nonEmpty(env['GEMINI_CLI_HOME']) ?? nonEmpty(env['HOME']) ?? homedir();
    return join(base, '.gemini');
  }

  /** The user's settings (comments allowed, as Gemini reads them); {} when there is no file. */
  static readUserSettings(userDir: string): Record<string, unknown> {
    const path = join(userDir, SETTINGS);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return {};
      throw new GeminiSettingsError(`cannot read ${path}: ${fileProblem(error)}`);
    }
    let value: unknown;
    try {
      value = text.trim() === '' ? {} : JSON.parse(stripJsonComments(text));
    } catch (error) {
      throw new GeminiSettingsError(`${path} is not valid JSON (${(error as Error).message}); fix it, or run gemini without pad-lattice`);
    }
    if (!isRecord(value)) throw new GeminiSettingsError(`${path} must hold a JSON object`);
    return value;
  }

  /** Makes the overlay under `parent` (a private directory) with the given settings. */
  static create(parent: string, userDir: string, settings: Record<string, unknown>): GeminiOverlay {
    const home = mkdtempSync(join(parent, 'gemini-home-'));
    const dir = join(home, '.gemini');
    mkdirSync(dir, { mode: 0o700 });
    for (const name of entriesOf(userDir)) if (name !== SETTINGS) symlinkSync(join(userDir, name), join(dir, name));
    writeFileSync(join(dir, SETTINGS), `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
    return new GeminiOverlay(home, userDir);
  }

  /** Where the overlay keeps a file of its own, outside the mirrored folder (the session policy). */
  file(name: string): string {
    return join(this.home, name);
  }

  /**
   * Gives the user's folder what Gemini created during the session (a first
   * sign-in, the chats of a first run, a newly trusted folder list): new
   * top-level entries move to where plain `gemini` would have written them,
   * nothing existing is replaced. Then the overlay is removed. Returns the
   * names that could not be moved.
   */
  close(): string[] {
    const dir = join(this.home, '.gemini');
    const failed: string[] = [];
    const fresh = entriesOf(dir).filter((name) => name !== SETTINGS && !lstatSync(join(dir, name)).isSymbolicLink());
    if (fresh.length > 0) mkdirSync(this.userDir, { recursive: true, mode: 0o700 });
    for (const name of fresh) {
      const target = join(this.userDir, name);
      if (existsSync(target) || !moveEntry(join(dir, name), target)) failed.push(name);
    }
    rmSync(this.home, { recursive: true, force: true });
    return failed;
  }
}

function moveEntry(from: string, to: string): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch (error) {
    if (errnoCode(error) !== 'EXDEV') return false;
  }
  try {
    cpSync(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
    return true;
  } catch {
    return false;
  }
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
