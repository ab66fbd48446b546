import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFileAtomically } from '../../support/private-file.js';
import { hookTimeoutSeconds } from '../shared/hook-command.js';
import type { ClaudeVersion } from './version-probe.js';

const BEFORE_APPROVALS = ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Notification', 'Stop', 'SessionEnd'] as const;
const CORE_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Notification', 'Stop', 'SessionEnd'] as const;
const FULL_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'Elicitation',
  'Stop',
  'StopFailure',
  'SessionEnd',
] as const;
const EVERY_MODE_EVENTS = ['PreToolUse', ...FULL_EVENTS] as const;

/** Events whose hook may wait for the pad: they get the approval timeout plus a margin, the others 5 s. */
const WAITING_EVENTS: ReadonlySet<string> = new Set(['PermissionRequest', 'PreToolUse', 'Elicitation']);

/**
 * From this version a PreToolUse hook's `ask` is a floor auto mode cannot
 * lower (Claude Code's changelog, 2.1.211), so the pad works in every
 * permission mode: PreToolUse is registered and the user's mode is left alone.
 */
const PAD_IN_EVERY_MODE: readonly [number, number, number] = [2, 1, 211];

/**
 * The hook events registered for a Claude Code version (agent-adapters.md
 * §B.8.2). Below 2.1.101 a settings file naming an event the installed
 * version does not know is dropped whole, so the newer events
 * (PermissionDenied, PostToolUseFailure, StopFailure, Elicitation) wait for
 * that version; PreToolUse waits for PAD_IN_EVERY_MODE; an unknown version
 * gets the core set.
 */
export function eventsFor(version: ClaudeVersion | null): readonly string[] {
  if (version === null) return CORE_EVENTS;
  if (compareVersions(version, [2, 0, 45]) < 0) return BEFORE_APPROVALS;
  if (compareVersions(version, [2, 1, 101]) < 0) return CORE_EVENTS;
  return padInEveryMode(version) ? EVERY_MODE_EVENTS : FULL_EVENTS;
}

/** True when the installed version keeps the pad in auto mode (and the other modes) without Pad-Lattice choosing a mode. */
export function padInEveryMode(version: ClaudeVersion | null): boolean {
  return version !== null && compareVersions(version, PAD_IN_EVERY_MODE) >= 0;
}

/** True when the version predates the PermissionRequest hook, so the launcher warns that pad approvals are off. */
export function lacksPermissionRequest(version: ClaudeVersion | null): boolean {
  return version !== null && compareVersions(version, [2, 0, 45]) < 0;
}

/**
 * The settings object: one group per event, no matcher (matches everything),
 * one command handler. The events that wait for the pad get
 * `ceil(timeout) + 5` seconds so the waiter always gives up first; 5 s
 * elsewhere also raises SessionEnd's 1.5 s budget.
 */
export function settingsObject(hookCommand: string, approvalTimeoutSeconds: number, events: readonly string[]): { hooks: Record<string, unknown> } {
  const hooks: Record<string, unknown> = {};
  for (const event of events) {
    const timeout = hookTimeoutSeconds(WAITING_EVENTS.has(event), approvalTimeoutSeconds);
    hooks[event] = [{ hooks: [{ type: 'command', command: hookCommand, timeout }] }];
  }
  return { hooks };
}

/**
 * Writes the settings file into the private runtime directory, named after
 * its content, so concurrent launchers share one file and an unchanged file
 * is never rewritten while a running Claude Code may be watching it. Returns
 * the path.
 */
export function writeSettingsFile(directory: string, settings: object): string {
  const content = `${JSON.stringify(settings)}\n`;
  const hash = createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 16);
  const path = join(directory, `claude-settings-${hash}.json`);
  if (readIfPresent(path) === content) return path;
  replaceFileAtomically(path, content, { durable: false });
  return path;
}

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function compareVersions(version: ClaudeVersion, [major, minor, patch]: readonly [number, number, number]): number {
  return version.major - major || version.minor - minor || version.patch - patch;
}
