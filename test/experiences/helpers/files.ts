import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ManifestError } from '../../../src/experiences/index.js';
import { PACKAGED_DEMO_FILE, PACKAGED_SHOW_FILE } from '../../../src/experiences/packaged.js';
import { publishedSchemaErrors } from '../../helpers/published-files.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SHOW_PATH = `${REPO_ROOT}${PACKAGED_SHOW_FILE}`;
export const DEMO_PATH = `${REPO_ROOT}${PACKAGED_DEMO_FILE}`;

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

/** Null when `document` is valid under our published JSON Schema of its kind (schemas/), else the errors. */
export function schemaErrors(kind: 'performance' | 'demo', document: unknown): string | null {
  return publishedSchemaErrors(kind === 'demo' ? 'demo-manifest.schema.json' : 'performance-manifest.schema.json', document);
}

/** A deep copy a test may mutate. */
export const clone = <T>(value: T): T => structuredClone(value);

/** Manifests as tests mutate them: loosely typed on purpose. */
export type Json = Record<string, any>;

/** The ManifestError `parse` throws for `document` changed by `mutate`; fails the test when the changed `what` is accepted. */
export function manifestRejection(document: Json, mutate: (document: Json) => void, parse: (document: Json) => unknown, what: string): ManifestError {
  mutate(document);
  try {
    parse(document);
  } catch (error) {
    if (error instanceof ManifestError) return error;
    throw error;
  }
  throw new Error(`the mutated ${what} was accepted`);
}
