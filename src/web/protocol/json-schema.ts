import { z } from 'zod';
import {
  AGENT_STATES,
  APPROVAL_TIERS,
  CONTROL_ACTIONS,
  EXPERIENCE_KINDS,
  EXPERIENCE_BLOCKS,
  IDENTITY_ACCENTS,
  LISTED_OVERFLOW,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  NOTICE_KINDS,
} from '../../domain/index.js';
import { STATE_HEIGHT, STATE_WIDTH, VISUAL_PROTOCOL_VERSION, VISUAL_TOKENS } from '../../visual-protocol/index.js';
import { BROWSER_SELECTOR_CAPACITY, MAX_CREDENTIAL_LENGTH, MAX_WEB_LABEL_LENGTH, PAIRING_TTL, WEB_PROTOCOL_VERSION } from '../limits.js';
import { CLIENT_COMMAND_TYPES, MAX_EXTENSION_NAMES } from './client-message.js';
import { WEB_DAEMON_MESSAGE_TYPES, type WebClientMessageType, type WebDaemonMessageType } from './message-types.js';
import { WEB_ERRORS } from './errors.js';
import { WEB_EXTENSIONS } from './extension-messages.js';

/*
 * Web Surface Protocol 1 as published JSON Schemas (schemas/web-surface-protocol-*.schema.json).
 * They *describe* the hand-written codec of this folder, which must report
 * the protocol's first error with its exact text; tests check that the
 * description and the codec agree (test/web/json-schema.test.ts). Framing
 * (one WebSocket message of at most 16384 UTF-8 bytes) is not expressible here.
 */

const protocol = z.literal(WEB_PROTOCOL_VERSION);
const message = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ protocol, type: z.literal(type), ...shape });

/** One schema per message type, in the order of the type list: the list is the vocabulary, the schema is built from it. */
function union<T extends string>(types: readonly T[], shapes: Readonly<Record<T, z.ZodRawShape>>) {
  const [first, ...rest] = types.map((type) => message(type, shapes[type]));
  return z.discriminatedUnion('type', [first!, ...rest]);
}
const state = z.enum(AGENT_STATES);
const action = z.enum(CONTROL_ACTIONS);
const slot = z
  .int()
  .min(0)
  .max(BROWSER_SELECTOR_CAPACITY - 1);

// ---- browser → daemon: what decodeClientMessage accepts (web-surface-protocol-1.md §9.2, §11) ----

const CLIENT_SHAPES: Readonly<Record<WebClientMessageType, z.ZodRawShape>> = {
  // An explicit null credential means "no credential".
  authenticate: { credential: z.string().min(1).max(MAX_CREDENTIAL_LENGTH).nullish() },
  action: { action },
  select_session: { slot },
  create_pairing: {},
  revoke_remote: {},
  start_experience: { kind: z.enum(EXPERIENCE_KINDS) },
  stop_experience: {},
  // Our extensions (extension-messages.ts): unknown extension names are ignored, not refused.
  use_extensions: { extensions: z.array(z.string()).max(MAX_EXTENSION_NAMES) },
  select_agent: { agent: z.int().min(0) },
  answer_option: { ref: z.int().min(0), question: z.int().min(0), option: z.int().min(0) },
  share_details: { enabled: z.boolean() },
  action_hold: { action, down: z.boolean() },
};

export const webClientMessageSchema = union(CLIENT_COMMAND_TYPES, CLIENT_SHAPES).meta({ title: 'Pad-Lattice Web Surface Protocol 1: browser to daemon' });

// ---- daemon → browser: exactly what the daemon writes (§10) --------------------------------------

/** The tokens each part of a visual frame can hold (visual-protocol-1.md §6, §7). */
const tokens = (pattern: RegExp) => z.enum(VISUAL_TOKENS.filter((token) => token === 'off' || pattern.test(token)) as [string, ...string[]]);
const canvasToken = tokens(/^(idle|activity|state:[a-z_]+:primary)$/);
const rail = <T extends z.ZodType>(item: T) => z.array(item).length(BROWSER_SELECTOR_CAPACITY);
const actionLights = Object.fromEntries(CONTROL_ACTIONS.map((name) => [name, z.enum(['off', `action:${name}:enabled`])]));

const visualFrame = z.strictObject({
  state: z.array(z.array(canvasToken).length(STATE_WIDTH)).length(STATE_HEIGHT),
  selectors: rail(tokens(/^accent:/)),
  statuses: rail(tokens(/^state:[a-z_]+:summary$/)),
  actions: z.strictObject(actionLights),
  overflow: tokens(/^system:overflow$/),
});

/** A label after sanitizeLabel: never empty, at most 80 code points. */
const webLabel = z.string().min(1).max(MAX_WEB_LABEL_LENGTH);

const surfaceSession = z.strictObject({
  slot,
  state,
  selected: z.boolean(),
  accent: z.enum(IDENTITY_ACCENTS),
  label: webLabel,
});

const rgbHex = z.string().regex(/^#[0-9a-f]{6}$/);
const nullableText = z.string().nullable();
/** A pad of the state canvas (an option, the Send pad). */
const canvasCell = {
  x: z
    .int()
    .min(0)
    .max(STATE_WIDTH - 1),
  y: z
    .int()
    .min(0)
    .max(STATE_HEIGHT - 1),
};
const milliseconds = z.int().min(0);

const DAEMON_SHAPES: Readonly<Record<WebDaemonMessageType, z.ZodRawShape>> = {
  authenticated: { admin: z.boolean(), session_token: nullableText, lan_enabled: z.boolean() },
  pairing: {
    pin: z.string().regex(/^[0-9]{6}$/),
    pairing_url: z.string().min(1),
    qr_data_uri: z.string().regex(/^data:image\/svg\+xml/),
    expires_in: z.int().min(1).max(PAIRING_TTL),
  },
  surface: {
    visual_protocol: z.literal(VISUAL_PROTOCOL_VERSION),
    view: z.strictObject({
      selected_state: state.nullable(),
      frame: z.int().min(0),
      sessions: z.array(surfaceSession).max(BROWSER_SELECTOR_CAPACITY),
      available_actions: z.array(action),
      overflow_count: z.int().min(0),
      activity_motion: z.boolean(),
    }),
    visual_frame: visualFrame,
  },
  experience_state: {
    status: z.enum(['idle', 'blocked', 'starting', 'playing']),
    kind: z.enum(EXPERIENCE_KINDS).nullable(),
    title: nullableText,
    cue_index: z.int().min(0).nullable(),
    caption: nullableText,
    detail: nullableText,
    elapsed_ms: milliseconds,
    duration_ms: z.int().min(1).nullable(),
    tempo: z.number().gt(0),
    audio_asset: nullableText,
    audio_cue: nullableText,
    audio_slot: slot.nullable(),
    audio_sequence: z.int().min(0),
    start_delay_ms: milliseconds,
    reason: nullableText,
  },
  performance_frame: { grid: z.array(rail(rgbHex)).length(8), top: rail(rgbHex), right: rail(rgbHex) },
  remote_revoked: {},
  // Our extensions, sent only to a client that asked for them with use_extensions.
  extensions: { extensions: z.array(z.enum(WEB_EXTENSIONS)) },
  press_result: {
    press: z.enum([...CONTROL_ACTIONS, 'select', 'answer']),
    outcome: z.enum(['delivered', 'refused', 'selected', 'not_selected', 'answered', 'toggled', 'not_answered', 'experience', 'dropped']),
    reason: z
      .enum(['no_selection', 'nothing_waiting', 'too_soon', 'hold_required', 'not_delivered', 'gone', 'no_room', 'answered', 'no_option', 'none_chosen'])
      .nullable(),
    agent: z.strictObject({ slot: slot.nullable(), label: webLabel, accent: z.enum(IDENTITY_ACCENTS).nullable() }).nullable(),
  },
  overflow: {
    count: z.int().min(0),
    agents: z.array(z.strictObject({ agent: z.int().min(0), state, label: webLabel, accent: z.enum(IDENTITY_ACCENTS).nullable() })).max(LISTED_OVERFLOW),
  },
  prompt: {
    prompt: z
      .discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('approval'), tier: z.enum(APPROVAL_TIERS), tool: nullableText, description: nullableText }),
        z.strictObject({
          kind: z.literal('question'),
          ref: z.int().min(0),
          question_index: z
            .int()
            .min(0)
            .max(MAX_QUESTIONS - 1),
          question_count: z.int().min(1).max(MAX_QUESTIONS),
          multi_select: z.boolean(),
          header: nullableText,
          question: nullableText,
          options: z
            .array(
              z.strictObject({
                index: z.int().min(1).max(MAX_QUESTION_OPTIONS),
                ...canvasCell,
                label: nullableText,
                description: nullableText,
                chosen: z.boolean(),
              }),
            )
            .min(1)
            .max(MAX_QUESTION_OPTIONS),
          send: z.strictObject({ index: z.int().min(1), ...canvasCell, enabled: z.boolean() }).nullable(),
        }),
        z.strictObject({ kind: z.literal('notice'), notice: z.enum(NOTICE_KINDS), tool: nullableText, description: nullableText }),
      ])
      .nullable(),
    details_shared: z.boolean(),
  },
  experience_block: { reason: z.enum(EXPERIENCE_BLOCKS).nullable() },
  error: { code: z.enum([...new Set(Object.values(WEB_ERRORS).map((error) => error.code))]), error: z.string().min(1) },
};

export const webDaemonMessageSchema = union(WEB_DAEMON_MESSAGE_TYPES, DAEMON_SHAPES).meta({ title: 'Pad-Lattice Web Surface Protocol 1: daemon to browser' });
