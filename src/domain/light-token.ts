import { AGENT_STATES } from './agent-state.js';
import { CONTROL_ACTIONS } from './control-action.js';

/**
 * The Visual Protocol 1 light-token vocabulary. It lives in the domain because
 * the compiler emits these tokens, profiles map them to palette values and
 * renderers resolve them; none of those layers may import another.
 */
export type LightToken = string;

export const OFF_TOKEN = 'off';
export const IDLE_TOKEN = 'idle';
export const ACTIVITY_TOKEN = 'activity';
export const OVERFLOW_TOKEN = 'system:overflow';

/**
 * The 22 tokens every profile palette must define, in the order palette
 * validation reports them: base tokens, state tokens (primary then summary per
 * state, canonical state order), action tokens (canonical action order), system.
 */
export const PALETTE_TOKENS: readonly LightToken[] = Object.freeze([
  OFF_TOKEN,
  IDLE_TOKEN,
  ACTIVITY_TOKEN,
  ...AGENT_STATES.flatMap((state) => [`state:${state}:primary`, `state:${state}:summary`]),
  ...CONTROL_ACTIONS.map((action) => `action:${action}:enabled`),
  OVERFLOW_TOKEN,
]);

export type AccentRole = 'selected' | 'unselected';

/** Splits `accent:<name>:<role>`; any role other than `selected` resolves to the unselected colour. */
export function parseAccentToken(token: string): { name: string; role: AccentRole } | null {
  if (!token.startsWith('accent:')) return null;
  const rest = token.slice('accent:'.length);
  const colon = rest.lastIndexOf(':');
  const name = colon < 0 ? rest : rest.slice(0, colon);
  const role = colon < 0 ? '' : rest.slice(colon + 1);
  return { name, role: role === 'selected' ? 'selected' : 'unselected' };
}
