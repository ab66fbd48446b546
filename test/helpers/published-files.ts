import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020Module, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { z } from 'zod';
import { wireClientMessageSchema, wireDaemonMessageSchema } from '../../src/wire/json-schema.js';
import { demoManifestSchema } from '../../src/experiences/manifest/demo-schema.js';
import { performanceManifestSchema } from '../../src/experiences/manifest/performance-schema.js';
import { deviceProfileJsonSchema, surfaceProfileJsonSchema } from '../../src/profiles/index.js';
import { jsonFileText, toJsonSchema } from '../../src/support/json-schema.js';
import { visualProtocolConstants } from '../../src/visual-protocol/index.js';
import { webClientMessageSchema, webDaemonMessageSchema } from '../../src/web/protocol/json-schema.js';

// ajv ships CommonJS: the default import is module.exports, whose `default` is the class.
const Ajv2020 = Ajv2020Module.default;

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

const titled = (schema: z.ZodType, title: string) => toJsonSchema(schema.meta({ title }));

/**
 * Every file of schemas/ with the code that generates it: our published
 * contracts. Tests check our behaviour against these, and the conformance
 * suite compares them with the reference's.
 */
export const PUBLISHED_FILES = {
  'device-profile.schema.json': deviceProfileJsonSchema,
  'surface-profile.schema.json': surfaceProfileJsonSchema,
  'wire-protocol-client.schema.json': () => toJsonSchema(wireClientMessageSchema),
  'wire-protocol-daemon.schema.json': () => toJsonSchema(wireDaemonMessageSchema),
  'web-surface-protocol-client.schema.json': () => toJsonSchema(webClientMessageSchema),
  'web-surface-protocol-daemon.schema.json': () => toJsonSchema(webDaemonMessageSchema),
  'demo-manifest.schema.json': () => titled(demoManifestSchema, 'Pad-Lattice Demo Manifest 1'),
  'performance-manifest.schema.json': () => titled(performanceManifestSchema, 'Pad-Lattice Performance Manifest 1'),
  'visual-protocol.json': visualProtocolConstants,
} as const satisfies Record<string, () => object>;

export type PublishedFile = keyof typeof PUBLISHED_FILES;

/** The text a published file must have. */
export function publishedText(file: PublishedFile): string {
  return jsonFileText(PUBLISHED_FILES[file]());
}

/** A published file as committed (the staleness test keeps it equal to what the code generates). */
export function readPublished(file: PublishedFile): Record<string, unknown> {
  return JSON.parse(readFileSync(`${SCHEMAS_DIR}${file}`, 'utf8')) as Record<string, unknown>;
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validators = new Map<PublishedFile, ValidateFunction>();

/** Null when `value` is valid under our committed schema `file`, else ajv's errors as one line. */
export function publishedSchemaErrors(file: PublishedFile, value: unknown): string | null {
  let validate = validators.get(file);
  if (validate === undefined) {
    validate = ajv.compile(readPublished(file));
    validators.set(file, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}
