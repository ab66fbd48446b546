import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { DeviceProfile } from './device-profile.js';
import { ProfileFileError, ProfileValidationError } from './errors.js';
import type { ProfileIssue } from './issues.js';
import { parseDeviceProfile } from './parse-profile.js';
import { errnoCode, fileProblem } from '../support/file-errors.js';
import { fileKind } from '../support/file-kind.js';
import { jsonErrorLocation } from './json-problem.js';

/** The most a profile file may hold; the largest built-in is a few dozen KiB. */
export const MAX_PROFILE_BYTES = 1_048_576;

/** An optional JSON Schema pass run on the raw document before the parser (authoring aid, spec §1). */
export type SchemaValidator = (document: unknown) => readonly ProfileIssue[];

export interface LoadProfileOptions {
  readonly schemaValidator?: SchemaValidator;
}

/**
 * Reads a profile file's text; a file that is missing, cannot be read, is
 * not a regular file (a FIFO would block the daemon, a device never end) or
 * is over MAX_PROFILE_BYTES becomes ProfileFileError, in plain words. The
 * file is opened without blocking and judged on the open descriptor, so
 * what is checked is what is read.
 */
export async function readProfileText(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    throw fileError(path, error);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw problem(path, "is a folder; name the profile's .json file");
    if (!stats.isFile()) throw problem(path, `is not a regular file (${fileKind(stats)}); a profile is read only from a regular file`);
    if (stats.size > MAX_PROFILE_BYTES)
      throw problem(path, `is ${stats.size.toLocaleString('en-US')} bytes; a profile may have at most ${MAX_PROFILE_BYTES.toLocaleString('en-US')}`);
    return await handle.readFile('utf8');
  } catch (error) {
    throw error instanceof ProfileFileError ? error : fileError(path, error);
  } finally {
    await handle.close();
  }
}

function problem(path: string, detail: string): ProfileFileError {
  return new ProfileFileError(path, detail, `${path}: ${detail}`);
}

function fileError(path: string, error: unknown): Error {
  const code = errnoCode(error);
  if (code === 'ENOENT') return new ProfileFileError(path, 'profile file not found', `profile file not found: ${path}`);
  if (code === undefined) return error as Error;
  return problem(path, code === 'EISDIR' ? "is a folder; name the profile's .json file" : `cannot be read: ${fileProblem(error)}`);
}

/** Parses and validates the text of a profile file named `source`. */
export function parseProfileText(text: string, source: string, options: LoadProfileOptions = {}): DeviceProfile {
  let document: unknown;
  try {
    document = JSON.parse(text) as unknown;
  } catch (error) {
    // Where, never what: the message must not show the file's content.
    throw problem(source, `invalid JSON: at ${jsonErrorLocation(text, error as Error)}`);
  }
  if (options.schemaValidator !== undefined) {
    const schemaIssues = options.schemaValidator(document);
    if (schemaIssues.length > 0) throw new ProfileValidationError(source, schemaIssues);
  }
  const result = parseDeviceProfile(document, source);
  if (!result.ok) throw new ProfileValidationError(source, result.issues);
  return result.profile;
}

/** Loads and validates one profile file; its path becomes the profile's source. */
export async function loadProfileFile(path: string, options: LoadProfileOptions = {}): Promise<DeviceProfile> {
  return parseProfileText(await readProfileText(path), path, options);
}
