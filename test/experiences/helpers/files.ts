import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ManifestError } from '../../../src/experiences/index.js';
import { PACKAGED_DEMO_FILE, PACKAGED_SHOW_FILE } from '../../../src/experiences/packaged.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SHOW_PATH = `${REPO_ROOT}${PACKAGED_SHOW_FILE}`;
export const DEMO_PATH = `${REPO_ROOT}${PACKAGED_DEMO_FILE}`;

const SCHEMAS = new URL('../../../../shared/conformance/schemas/', import.meta.url);

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = {
  performance: ajv.compile(readJson(fileURLToPath(new URL('performance-manifest-v1.json', SCHEMAS))) as object),
  demo: ajv.compile(readJson(fileURLToPath(new URL('demo-manifest-v1.json', SCHEMAS))) as object),
};

/** Null when `document` is valid under the reference JSON Schema of its kind, else the errors. */
export function schemaErrors(kind: 'performance' | 'demo', document: unknown): string | null {
  const validate = validators[kind];
  return validate(document) ? null : ajv.errorsText(validate.errors);
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
