import { readFile } from 'node:fs/promises';
import type { DeviceProfile } from './device-profile.js';
import { ProfileFileError, ProfileValidationError } from './errors.js';
import type { ProfileIssue } from './issues.js';
import { parseDeviceProfile } from './parse-profile.js';

/** An optional JSON Schema pass run on the raw document before the parser (authoring aid, spec §1). */
export type SchemaValidator = (document: unknown) => readonly ProfileIssue[];

export interface LoadProfileOptions {
  readonly schemaValidator?: SchemaValidator;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Reads a profile file's text; a missing file becomes ProfileFileError, other I/O errors propagate. */
export async function readProfileText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') throw new ProfileFileError(path, 'profile file not found', `profile file not found: ${path}`);
    throw error;
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
