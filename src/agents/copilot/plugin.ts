import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import { COPILOT_HOOK_EVENTS, EVENT_ENV } from './hook-events.js';

/**
 * The Copilot CLI plugin of one `pad-lattice copilot` session, loaded with
 * `--plugin-dir` for that process only (nothing is installed): `plugin.json`
 * and `hooks/hooks.json`, one command per event. Each command starts with
 * the event's name in EVENT_ENV, since most payloads do not carry it.
 * permissionRequest gets the approval timeout plus a margin, every other
 * event 5 s.
 */
export function hooksFile(hookCommand: string, approvalTimeoutSeconds: number): { version: 1; hooks: Record<string, unknown> } {
  const hooks: Record<string, unknown> = {};
  for (const event of COPILOT_HOOK_EVENTS) {
    const timeoutSec = hookTimeoutSeconds(event === 'permissionRequest', approvalTimeoutSeconds);
    hooks[event] = [{ type: 'command', bash: `${EVENT_ENV}=${event} ${hookCommand}`, timeoutSec }];
  }
  return { version: 1, hooks };
}

export const PLUGIN_MANIFEST = { name: 'pad-lattice', version: '1.0.0', description: 'Session state and approvals on the Pad-Lattice pad' };

/** Writes the plugin into a fresh private folder under `parent`; returns the folder. */
export function writePlugin(parent: string, hookCommand: string, approvalTimeoutSeconds: number): string {
  const dir = mkdtempSync(join(parent, 'copilot-plugin-'));
  mkdirSync(join(dir, 'hooks'));
  writeFileSync(join(dir, 'plugin.json'), `${JSON.stringify(PLUGIN_MANIFEST, null, 2)}\n`, { mode: 0o600 });
  writeFileSync(join(dir, 'hooks', 'hooks.json'), `${JSON.stringify(hooksFile(hookCommand, approvalTimeoutSeconds), null, 2)}\n`, { mode: 0o600 });
  return dir;
}

export function removePlugin(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
