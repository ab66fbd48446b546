import { z } from 'zod';
import { unlessMissing, accentName, agentState, controlAction, earconName, nonEmptyString, schemaVersion, slotNumber } from './fields.js';

/*
 * The structure of Demo Manifest 1 (experiences.md §3.1). Rules that relate
 * fields to each other (slot = index, one selection, the graph) are checked
 * afterwards by demo-checks.ts.
 */

const mustBeNull = (role: string) => z.null({ error: unlessMissing(`must be null for ${role}`) });

const selectFields = { event: z.literal('select'), slot: slotNumber, action: mustBeNull('a select') };
const actionFields = { event: z.literal('action'), slot: mustBeNull('an action'), action: controlAction };

const guideTarget = z.discriminatedUnion('event', [z.strictObject(selectFields), z.strictObject(actionFields)]);

const transitionTail = { next_stage: nonEmptyString, audio: earconName.nullable() };

const transition = z.discriminatedUnion('event', [
  z.strictObject({ ...selectFields, ...transitionTail }),
  z.strictObject({ ...actionFields, ...transitionTail }),
]);

const session = z.strictObject({
  slot: slotNumber,
  state: agentState,
  selected: z.boolean(),
  accent: accentName,
  label: nonEmptyString,
});

const stage = z.strictObject({
  id: nonEmptyString,
  prompt: z.strictObject({ eyebrow: nonEmptyString, title: nonEmptyString, detail: nonEmptyString }),
  guide_target: guideTarget.nullable(),
  view: z.strictObject({
    sessions: z.array(session).max(8, { error: 'must have at most 8 sessions' }),
    available_actions: z.array(controlAction),
  }),
  transitions: z.array(transition),
  enter_audio: earconName.nullable(),
  terminal: z.boolean(),
});

export const demoManifestSchema = z.strictObject({
  schema_version: schemaVersion,
  kind: z.literal('demo', { error: unlessMissing('kind must be "demo"') }),
  id: nonEmptyString,
  title: nonEmptyString,
  initial_stage: nonEmptyString,
  stages: z.array(stage).min(1, { error: 'must have at least 1 stage' }).max(64, { error: 'must have at most 64 stages' }),
});

export type RawDemoManifest = z.output<typeof demoManifestSchema>;
export type RawDemoStage = RawDemoManifest['stages'][number];
export type RawDemoInput = z.output<typeof guideTarget>;
