import { readFile } from 'node:fs/promises';
import type { DeviceProfile } from './device-profile.js';
import { ProfileFileError, ProfileValidationError } from './errors.js';
import type { ProfileIssue } from './issues.js';
import { parseDeviceProfile } from './parse-profile.js';
import { errnoCode, fileProblem } from '../support/file-errors.js';

/** An optional JSON Schema pass run on the raw document before the parser (authoring aid, spec §1). */
export type SchemaValidator = (document: unknown) => readonly ProfileIssue[];

export interface LoadProfileOptions {
  readonly schemaValidator?: SchemaValidator;
}

/** Reads a profile file's text; a file that is missing or cannot be read becomes ProfileFileError, in plain words. */
export async function readProfileText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') throw new ProfileFileError(path, 'profile file not found', `profile file not found: ${path}`);
    if (code === undefined) throw error;
    const detail = code === 'EISDIR' ? "is a folder; name the profile's .json file" : `cannot be read: ${fileProblem(error)}`;
    throw new ProfileFileError(path, detail, `${path}: ${detail}`);
  }
}

/** Parses and validates the text of a profile file named `source`. */
export function parseProfileText(text: string, source: string, options: LoadProfileOptions = {}): DeviceProfile {
  let document: unknown;
  try {
    document = JSON.parse(text) as unknown;
  } catch (error) {
    const detail = `invalid JSON: ${(error as Error).message}`;
    throw new ProfileFileError(source, detail, `${source}: ${detail}`);
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
