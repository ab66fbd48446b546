/**
 * The Gemini CLI adapter: the hook process Gemini runs for every registered
 * event, and the `pad-lattice gemini` launcher that scopes those hooks (and
 * the session policy that lets the pad approve) to one Gemini process.
 */
export { runGeminiHookProcess } from './hook-entry.js';
export { runGeminiHook, GEMINI_BACKEND, type GeminiHookOptions } from './hook.js';
export { runGeminiLauncher, ACP_CONFLICT, type GeminiLauncherContext } from './launcher.js';
export { GATED_TOOLS, sessionPolicyToml } from './gated-tools.js';
