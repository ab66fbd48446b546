import { z } from 'zod';
import { AGENT_STATES, CONTROL_ACTIONS, IDENTITY_ACCENTS } from '../../domain/index.js';
import { EARCON_NAMES } from '../vocabulary.js';

/*
 * Field types shared by both manifest loaders (experiences.md §2). Objects are
 * strict: a missing and an unknown key are both errors.
 */

/** A field's own wording for a wrong value; a missing key keeps the generic "is missing". */
export const unlessMissing =
  (message: string) =>
  (issue: { readonly input?: unknown }): string | undefined =>
    issue.input === undefined ? undefined : message;

/** At least one non-whitespace character (stricter than the JSON Schema's minLength 1, as the spec's loader is). */
export const nonEmptyString = z.string({ error: unlessMissing('must be a non-empty string') }).regex(/\S/, { error: 'must be a non-empty string' });

/** JSON integers only; zod's number never accepts a boolean. */
export const integer = z.int({ error: unlessMissing('must be an integer') });

export const positiveInteger = integer.min(1, { error: 'must be a positive integer' });

export const schemaVersion = z.literal(1, { error: unlessMissing('unsupported schema_version (expected 1)') });

export const agentState = z.enum(AGENT_STATES, { error: unlessMissing(`must be one of ${AGENT_STATES.join(', ')}`) });

export const controlAction = z.enum(CONTROL_ACTIONS, { error: unlessMissing(`must be one of ${CONTROL_ACTIONS.join(', ')}`) });

/** The spec only asks for a non-empty string; browsers understand only the eight names, so only those pass. */
export const accentName = z.enum(IDENTITY_ACCENTS, { error: unlessMissing(`must be one of the accents ${IDENTITY_ACCENTS.join(', ')}`) });

/** Names outside the vocabulary would never sound on the host and 404 in browsers, so they are refused. */
export const earconName = z.enum(EARCON_NAMES, { error: unlessMissing(`must be one of the earcons ${EARCON_NAMES.join(', ')}`) });

export const slotNumber = integer.min(0, { error: 'must be a slot 0..7' }).max(7, { error: 'must be a slot 0..7' });
