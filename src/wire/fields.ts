import {
  boundLabel,
  boundMetadataValue,
  CONTROL_ACTIONS,
  isAgentState,
  isControlAction,
  makeIdentity,
  type AgentIdentity,
  type AgentState,
  type ControlAction,
} from '../domain/index.js';
import { ERROR_TEXTS, booleanText, nonEmptyStringText, unknownFieldText, unknownStateText } from './error-texts.js';
import { isJsonObject, member, type JsonObject } from './json-line.js';
import type { Metadata } from './messages.js';
import { invalidMessage } from './protocol-error.js';

/** Field rules shared by the client messages (wire-protocol-1.md §5). Each throws ProtocolError. */

export const DEFAULT_IDENTITY: AgentIdentity = makeIdentity('local', 'default');

const IDENTITY_MEMBERS: ReadonlySet<string> = new Set(['backend', 'session_id']);
const NO_MEMBERS: ReadonlySet<string> = new Set();
/** Most messages carry no metadata: they all share this one. */
export const NO_METADATA: Metadata = Object.freeze({});
/** The metadata key holding the display label (control-plane.md §14). */
const LABEL_KEY = 'label';

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** §5.1: rejects the code-point-smallest member outside `allowed`. */
export function rejectUnknownMembers(object: JsonObject, allowed: ReadonlySet<string>): void {
  let smallest: string | null = null;
  for (const name of Object.keys(object)) {
    if (!allowed.has(name) && (smallest === null || compareCodePoints(name, smallest) < 0)) smallest = name;
  }
  if (smallest !== null) throw invalidMessage(unknownFieldText(smallest));
}

/** Code-point order; plain `<` compares UTF-16 units and misorders astral characters against U+E000..U+FFFF. */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca - cb;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
  return a.length - i - (b.length - j);
}

/** §5.2: absent/null → null; otherwise a non-empty string. */
export function optionalIdentifier(object: JsonObject, field: string): string | null {
  const value = member(object, field);
  if (value === undefined || value === null) return null;
  if (!isNonEmptyString(value)) throw invalidMessage(nonEmptyStringText(field));
  return value;
}

/** §5.2 for a required identifier: absent/null gets the same error as a wrong type. */
export function requiredIdentifier(object: JsonObject, field: string): string {
  const value = optionalIdentifier(object, field);
  if (value === null) throw invalidMessage(nonEmptyStringText(field));
  return value;
}

/** §5.4: absent/null → false. */
export function optionalBoolean(object: JsonObject, field: string): boolean {
  const value = member(object, field);
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidMessage(booleanText(field));
  return value;
}

/** §5.3: the agent object (not its metadata); null when absent or null. */
export function optionalAgentObject(object: JsonObject): JsonObject | null {
  const value = member(object, 'agent');
  if (value === undefined || value === null) return null;
  if (!isJsonObject(value)) throw invalidMessage(ERROR_TEXTS.agentNotObject);
  return value;
}

/** The identities of the agents seen lately, so each agent's messages share one identity object (and its key). */
const RECENT_IDENTITIES_BOUND = 1024;
const recentIdentities = new Map<string, Map<string, AgentIdentity>>();
let recentIdentityCount = 0;

function recentIdentity(backend: string, sessionId: string): AgentIdentity {
  let sessions = recentIdentities.get(backend);
  let identity = sessions?.get(sessionId);
  if (identity !== undefined) return identity;
  // Bounded: a flood of distinct identities starts the table over instead of growing it.
  if (recentIdentityCount >= RECENT_IDENTITIES_BOUND) {
    recentIdentities.clear();
    recentIdentityCount = 0;
    sessions = undefined;
  }
  if (sessions === undefined) {
    sessions = new Map();
    recentIdentities.set(backend, sessions);
  }
  identity = makeIdentity(backend, sessionId);
  sessions.set(sessionId, identity);
  recentIdentityCount += 1;
  return identity;
}

/** §5.3: backend before session_id. */
export function identityOf(agent: JsonObject): AgentIdentity {
  const backend = member(agent, 'backend');
  if (!isNonEmptyString(backend)) throw invalidMessage(ERROR_TEXTS.agentBackend);
  const sessionId = member(agent, 'session_id');
  if (!isNonEmptyString(sessionId)) throw invalidMessage(ERROR_TEXTS.agentSessionId);
  return recentIdentity(backend, sessionId);
}

/** §5.5: the members of a `state` agent other than the identity, each a non-empty string. */
export function agentMetadata(agent: JsonObject): Metadata {
  return stringMembers(agent, IDENTITY_MEMBERS, ERROR_TEXTS.agentMetadataKeys, ERROR_TEXTS.agentMetadataValues);
}

/** §5.6: the `session_lease` metadata object. */
export function leaseMetadata(object: JsonObject): Metadata {
  const value = member(object, 'metadata');
  if (value === undefined || value === null) return NO_METADATA;
  if (!isJsonObject(value)) throw invalidMessage(ERROR_TEXTS.metadataNotObject);
  return stringMembers(value, NO_MEMBERS, ERROR_TEXTS.metadataKeys, ERROR_TEXTS.metadataValues);
}

/** The members of `object` not in `skip`, frozen; a key must be non-empty and a value a non-empty string. */
function stringMembers(object: JsonObject, skip: ReadonlySet<string>, keysText: string, valuesText: string): Metadata {
  const entries: [string, string][] = [];
  for (const key of Object.keys(object)) {
    if (skip.has(key)) continue;
    if (key.length === 0) throw invalidMessage(keysText);
    const value = object[key];
    if (!isNonEmptyString(value)) throw invalidMessage(valuesText);
    // Values are cut, never refused (a label to its own bounds); how many keys a session keeps is the control plane's to say.
    entries.push([key, key === LABEL_KEY ? boundLabel(value) : boundMetadataValue(key, value)]);
  }
  if (entries.length === 0) return NO_METADATA;
  // fromEntries defines own properties, so a "__proto__" key stays ordinary data.
  return Object.freeze(Object.fromEntries(entries));
}

/** §5.7: one of the seven states. */
export function stateField(object: JsonObject): AgentState {
  const value = member(object, 'state');
  if (!isAgentState(value)) throw invalidMessage(unknownStateText(value));
  return value;
}

/** §5.7: a non-empty array of actions; duplicates collapse; returned in canonical order. */
export function actionsField(object: JsonObject): readonly ControlAction[] {
  const value = member(object, 'actions');
  if (!Array.isArray(value) || value.length === 0) throw invalidMessage(ERROR_TEXTS.actionsNotArray);
  const chosen = new Set<ControlAction>();
  for (const item of value) {
    if (!isControlAction(item)) throw invalidMessage(ERROR_TEXTS.actionsUnknown);
    chosen.add(item);
  }
  return Object.freeze(CONTROL_ACTIONS.filter((action) => chosen.has(action)));
}

/** §5.8: a number (not a boolean) with 0 < ttl ≤ 30; Infinity from a huge literal fails the range. */
export function ttlField(object: JsonObject): number {
  const value = member(object, 'ttl');
  if (typeof value !== 'number' || !(value > 0 && value <= 30)) throw invalidMessage(ERROR_TEXTS.ttlRange);
  return value;
}
