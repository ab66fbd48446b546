/**
 * The GitHub Copilot CLI adapter: the hook process Copilot runs for every
 * registered event, and the `pad-lattice copilot` launcher that loads those
 * hooks as a plugin for one Copilot process.
 */
export { runCopilotHookProcess } from './hook-entry.js';
export { runCopilotHook, COPILOT_BACKEND } from './hook.js';
export { runCopilotLauncher, ACP_CONFLICT, type CopilotLauncherContext } from './launcher.js';
export { hooksFile, PLUGIN_MANIFEST } from './plugin.js';
