import { hookTimeoutSeconds } from '../shared/hook-command.js';
import { isRecord } from '../shared/json-object.js';
import { GEMINI_HOOK_EVENTS } from './event-plan.js';

/** A Gemini settings file that cannot take the session's hooks. */
export class GeminiSettingsError extends Error {
  override readonly name = 'GeminiSettingsError';
}

/**
 * The user's settings with one Pad-Lattice handler appended to each event
 * (Gemini concatenates hook lists across settings files, so the user's own
 * hooks keep running, before ours). Timeouts are in milliseconds: a
 * BeforeTool waits up to the approval timeout plus a margin, so the hook
 * always answers before Gemini gives up on it; every other event gets 5 s.
 * `env` reaches the hook even when Gemini withholds the environment from
 * hooks (its variable redaction).
 */
export function settingsWithHooks(
  userSettings: Record<string, unknown>,
  hookCommand: string,
  approvalTimeoutSeconds: number,
  env: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const existing = userSettings['hooks'] ?? {};
  if (!isRecord(existing)) throw new GeminiSettingsError('"hooks" must be an object');
  const hooks: Record<string, unknown> = { ...existing };
  for (const event of GEMINI_HOOK_EVENTS) {
    const groups = hooks[event] ?? [];
    if (!Array.isArray(groups)) throw new GeminiSettingsError(`"hooks.${event}" must be a list`);
    const timeout = hookTimeoutSeconds(event === 'BeforeTool', approvalTimeoutSeconds) * 1000;
    hooks[event] = [...groups, { matcher: '*', hooks: [{ name: 'pad-lattice', type: 'command', command: hookCommand, timeout, env }] }];
  }
  return { ...userSettings, hooks };
}
