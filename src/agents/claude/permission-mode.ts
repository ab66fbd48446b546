import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The permission mode `pad-lattice claude` starts a Claude Code older than
 * 2.1.211 in when the user chose none. Newer versions default to auto mode,
 * where a classifier answers permission requests and the PermissionRequest
 * hook (almost) never runs; from 2.1.211 the PreToolUse hook can make auto
 * mode ask (auto-mode.ts), and the user's mode is left alone. Before that,
 * only `default` mode asks every request that needs an answer, in the
 * terminal and on the pad at once.
 */
export const PAD_PERMISSION_MODE = 'default';

/** Where Claude Code's settings files live; tests point these at temporary folders. */
export interface ClaudeSettingsPlaces {
  readonly env: NodeJS.ProcessEnv;
  /** The folder Claude Code starts in: its project settings are `.claude/settings.json` and `.claude/settings.local.json` there. */
  readonly cwd: string;
  /** Managed (organisation) settings: `/etc/claude-code` on Linux. */
  readonly managedDir?: string;
}

/**
 * The arguments that start Claude Code in `default` permission mode, or none
 * when the user already chose a mode: on the command line (`--permission-mode`,
 * `--dangerously-skip-permissions`) or as `permissions.defaultMode` in any
 * settings file Claude Code reads (user, project, local, managed). The
 * user's choice always wins; Pad-Lattice only replaces the built-in default.
 */
export function permissionModeArgs(claudeArgs: readonly string[], places: ClaudeSettingsPlaces): string[] {
  if (claudeArgs.some(choosesMode)) return [];
  if (settingsFiles(places).some(hasDefaultMode)) return [];
  return ['--permission-mode', PAD_PERMISSION_MODE];
}

function choosesMode(arg: string): boolean {
  return arg === '--permission-mode' || arg.startsWith('--permission-mode=') || arg === '--dangerously-skip-permissions';
}

function settingsFiles(places: ClaudeSettingsPlaces): string[] {
  const configDir = nonEmpty(places.env['CLAUDE_CONFIG_DIR']) ?? join(nonEmpty(places.env['HOME']) ?? homedir(), '.claude');
  const managed = places.managedDir ?? defaultManagedDir();
  return [
    join(configDir, 'settings.json'),
    join(places.cwd, '.claude', 'settings.json'),
    join(places.cwd, '.claude', 'settings.local.json'),
    join(managed, 'managed-settings.json'),
    ...jsonFilesIn(join(managed, 'managed-settings.d')),
  ];
}

function defaultManagedDir(): string {
  return process.platform === 'darwin' ? '/Library/Application Support/ClaudeCode' : '/etc/claude-code';
}

/** True when the file is a JSON object whose `permissions.defaultMode` is a non-empty string; unreadable files count as silent. */
function hasDefaultMode(path: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
  const permissions = isRecord(value) ? value['permissions'] : undefined;
  const mode = isRecord(permissions) ? permissions['defaultMode'] : undefined;
  return typeof mode === 'string' && mode !== '';
}

function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
