import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';

// ajv ships CommonJS: the default import is module.exports, whose `default` is the class.
const Ajv2020 = Ajv2020Module.default;

const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const CONFORMANCE_VARIABLE = 'PAD_LATTICE_CONFORMANCE_DIR';

/**
 * The reference implementation's published artifacts (its schemas/ and the
 * Visual Protocol fixture): the folder PAD_LATTICE_CONFORMANCE_DIR names, or
 * ../shared/conformance beside the repository. Missing is a failure, never a skip.
 */
export const CONFORMANCE_DIR = resolve(REPO, process.env[CONFORMANCE_VARIABLE] || '../shared/conformance');

if (!existsSync(resolve(CONFORMANCE_DIR, 'schemas')) || !existsSync(resolve(CONFORMANCE_DIR, 'visual-protocol-v1.json'))) {
  throw new Error(
    `the reference's conformance folder is missing: ${CONFORMANCE_DIR} has no schemas/ and visual-protocol-v1.json. ` +
      `Set ${CONFORMANCE_VARIABLE} to that folder (default ../shared/conformance beside the repository).`,
  );
}

export function referenceJson(relativePath: string): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve(CONFORMANCE_DIR, relativePath), 'utf8')) as Record<string, unknown>;
}

export const referenceSchemaPath = (name: string): string => resolve(CONFORMANCE_DIR, 'schemas', name);

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();

/** Null when `value` is valid under the reference's schema `name` (in its schemas/), else ajv's errors. */
export function referenceSchemaErrors(name: string, value: unknown): string | null {
  let validate = validators.get(name);
  if (validate === undefined) {
    validate = ajv.compile(referenceJson(`schemas/${name}`));
    validators.set(name, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}
