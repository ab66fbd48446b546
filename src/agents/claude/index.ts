/**
 * The Claude Code adapter (agent-adapters.md Part B): the hook process that
 * Claude Code runs for every registered event, and the `pad-lattice claude`
 * launcher that scopes those hooks to one Claude Code process.
 */
export { runClaudeHookProcess, type ClaudeHookProcessOptions } from './hook-entry.js';
export { HOOK_USAGE_EXIT } from '../shared/hook-process.js';
export { runClaudeHook, type ClaudeHookOptions } from './hook.js';
export { runClaudeLauncher, SETTINGS_CONFLICT, type ClaudeLauncherContext } from './launcher.js';
export { eventsFor, settingsObject, writeSettingsFile } from './settings.js';
export { probeClaudeVersion, parseClaudeVersion, type ClaudeVersion } from './version-probe.js';
export { WaiterRegistry, sessionKey } from './waiter-registry.js';
