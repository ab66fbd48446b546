import { EXPERIENCE_KINDS, isControlAction, isExperienceKind, type ControlAction, type ExperienceKind } from '../../domain/index.js';
import { BROWSER_SELECTOR_CAPACITY, MAX_CREDENTIAL_LENGTH, MAX_WEB_MESSAGE_BYTES, WEB_PROTOCOL_VERSION } from '../limits.js';
import { WEB_ERRORS, invalidMessage, type WebError } from './errors.js';
import { WEB_EXTENSIONS, type WebExtension } from './extension-messages.js';

/** A browser message after the edge has parsed it (web-surface-protocol-1.md §11); nothing behind it re-validates. */
export type ClientCommand =
  | { readonly type: 'authenticate'; readonly credential: string | null }
  | { readonly type: 'action'; readonly action: ControlAction }
  | { readonly type: 'select_session'; readonly slot: number }
  | { readonly type: 'create_pairing' }
  | { readonly type: 'revoke_remote' }
  | { readonly type: 'start_experience'; readonly kind: ExperienceKind }
  | { readonly type: 'stop_experience' }
  // Our extensions (extension-messages.ts); a reference client never sends them.
  | { readonly type: 'use_extensions'; readonly extensions: readonly WebExtension[] }
  | { readonly type: 'select_agent'; readonly agent: number }
  /** Answers question `question` of request `ref` (a `prompt` message's) with option `option`, all 0-based. */
  | { readonly type: 'answer_option'; readonly ref: number; readonly question: number; readonly option: number }
  /** Admin only: whether paired phones see prompt texts. */
  | { readonly type: 'share_details'; readonly enabled: boolean }
  /** An action button went down (`down`) or let go: how a hold (hold to approve) is made; `action` is a tap. */
  | { readonly type: 'action_hold'; readonly action: ControlAction; readonly down: boolean };

export type DecodeResult = { readonly ok: true; readonly command: ClientCommand } | { readonly ok: false; readonly error: WebError };

type JsonObject = Record<string, unknown>;

interface MessageShape {
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly build: (message: JsonObject) => ClientCommand | WebError;
}

const SHAPES: Readonly<Record<ClientCommand['type'], MessageShape>> = {
  authenticate: { required: [], optional: ['credential'], build: buildAuthenticate },
  action: { required: ['action'], optional: [], build: buildAction },
  select_session: { required: ['slot'], optional: [], build: buildSelectSession },
  create_pairing: { required: [], optional: [], build: () => ({ type: 'create_pairing' }) },
  revoke_remote: { required: [], optional: [], build: () => ({ type: 'revoke_remote' }) },
  start_experience: { required: ['kind'], optional: [], build: buildStartExperience },
  stop_experience: { required: [], optional: [], build: () => ({ type: 'stop_experience' }) },
  use_extensions: { required: ['extensions'], optional: [], build: buildUseExtensions },
  select_agent: { required: ['agent'], optional: [], build: buildSelectAgent },
  answer_option: { required: ['option', 'question', 'ref'], optional: [], build: buildAnswerOption },
  share_details: { required: ['enabled'], optional: [], build: buildShareDetails },
  action_hold: { required: ['action', 'down'], optional: [], build: buildActionHold },
};

/** Every message type a browser may send, as the decoder knows them. */
export const CLIENT_COMMAND_TYPES = Object.keys(SHAPES) as readonly ClientCommand['type'][];

/** More names than any client has a reason to send; unknown ones are ignored, so a newer app works with an older daemon. */
export const MAX_EXTENSION_NAMES = 16;

const ENVELOPE_FIELDS = ['protocol', 'type'];
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes one WebSocket message in the order of §9.2; the first failing step names the error. */
export function decodeClientMessage(payload: Uint8Array): DecodeResult {
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    // Text frames were already checked by the transport; only binary payloads can fail here.
    return fail(WEB_ERRORS.invalidEncoding);
  }
  if (payload.byteLength > MAX_WEB_MESSAGE_BYTES) return fail(WEB_ERRORS.frameTooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail(WEB_ERRORS.invalidJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(WEB_ERRORS.notAnObject);
  const message = parsed as JsonObject;
  if (message['protocol'] !== WEB_PROTOCOL_VERSION) return fail(WEB_ERRORS.unsupportedProtocol);
  const type = message['type'];
  if (typeof type !== 'string' || !Object.hasOwn(SHAPES, type)) return fail(WEB_ERRORS.unknownType);
  const shape = SHAPES[type as ClientCommand['type']];
  const missing = shape.required.filter((field) => !Object.hasOwn(message, field)).sort(compareCodePoints)[0];
  if (missing !== undefined) return fail(invalidMessage(`missing field: ${missing}`));
  const allowed = new Set([...ENVELOPE_FIELDS, ...shape.required, ...shape.optional]);
  const unknown = Object.keys(message)
    .filter((field) => !allowed.has(field))
    .sort(compareCodePoints)[0];
  if (unknown !== undefined) return fail(invalidMessage(`unknown field: ${unknown}`));
  const built = shape.build(message);
  return 'type' in built ? { ok: true, command: built } : fail(built);
}

function fail(error: WebError): DecodeResult {
  return { ok: false, error };
}

function buildAuthenticate(message: JsonObject): ClientCommand | WebError {
  const credential = message['credential'];
  // An explicit null means "no credential", as in the reference (§11 QUIRK).
  if (credential === undefined || credential === null) return { type: 'authenticate', credential: null };
  if (typeof credential !== 'string' || credential.length === 0 || codePointLength(credential) > MAX_CREDENTIAL_LENGTH) {
    return invalidMessage('credential must be a non-empty string');
  }
  return { type: 'authenticate', credential };
}

function buildAction(message: JsonObject): ClientCommand | WebError {
  const action = message['action'];
  return isControlAction(action) ? { type: 'action', action } : invalidMessage('unknown action');
}

function buildActionHold(message: JsonObject): ClientCommand | WebError {
  const { action, down } = message;
  if (!isControlAction(action)) return invalidMessage('unknown action');
  return typeof down === 'boolean' ? { type: 'action_hold', action, down } : invalidMessage('down must be a boolean');
}

function buildSelectSession(message: JsonObject): ClientCommand | WebError {
  const slot = message['slot'];
  // typeof excludes booleans, which the reference's integer check also refuses.
  if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || slot >= BROWSER_SELECTOR_CAPACITY) {
    return invalidMessage('slot must be an integer from 0 to 7');
  }
  return { type: 'select_session', slot };
}

function buildStartExperience(message: JsonObject): ClientCommand | WebError {
  const kind = message['kind'];
  return isExperienceKind(kind) ? { type: 'start_experience', kind } : invalidMessage(`experience kind must be ${EXPERIENCE_KINDS.join(' or ')}`);
}

function buildUseExtensions(message: JsonObject): ClientCommand | WebError {
  const names = message['extensions'];
  if (!Array.isArray(names) || names.length > MAX_EXTENSION_NAMES || !names.every((name) => typeof name === 'string')) {
    return invalidMessage(`extensions must be a list of at most ${MAX_EXTENSION_NAMES} names`);
  }
  return { type: 'use_extensions', extensions: WEB_EXTENSIONS.filter((known) => names.includes(known)) };
}

function buildSelectAgent(message: JsonObject): ClientCommand | WebError {
  const agent = message['agent'];
  return typeof agent === 'number' && Number.isSafeInteger(agent) && agent >= 0
    ? { type: 'select_agent', agent }
    : invalidMessage('agent must be a non-negative integer');
}

const isIndex = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function buildAnswerOption(message: JsonObject): ClientCommand | WebError {
  const { ref, question, option } = message;
  if (!isIndex(ref)) return invalidMessage('ref must be a non-negative integer');
  if (!isIndex(question)) return invalidMessage('question must be a non-negative integer');
  if (!isIndex(option)) return invalidMessage('option must be a non-negative integer');
  return { type: 'answer_option', ref, question, option };
}

function buildShareDetails(message: JsonObject): ClientCommand | WebError {
  const enabled = message['enabled'];
  return typeof enabled === 'boolean' ? { type: 'share_details', enabled } : invalidMessage('enabled must be a boolean');
}

function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Orders like Python's `sorted` on str (by code point), which differs from UTF-16 order for astral characters. */
function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}
