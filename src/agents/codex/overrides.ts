import { hookTimeoutSeconds } from '../shared/hook-command.js';
import { CODEX_HOOK_EVENTS } from './hook-events.js';

/**
 * The `-c` configuration overrides that give one Codex process the
 * Pad-Lattice hooks (agent-adapters.md §A.7.2), one per event in the order of
 * §A.2. Passed on the command line, so `~/.codex/hooks.json` is never touched
 * and plain `codex` runs neither execute nor show them.
 */
export function hookOverrides(command: string, approvalTimeout: number): string[] {
  const encoded = tomlSafeJsonString(command);
  return CODEX_HOOK_EVENTS.map((event) => {
    const timeout = hookTimeoutSeconds(event === 'PermissionRequest', approvalTimeout);
    return `hooks.${event}=[{hooks=[{type="command",command=${encoded},timeout=${timeout}}]}]`;
  });
}

/**
 * A JSON string literal with every non-ASCII character escaped, which is also
 * a valid TOML basic string: `\uXXXX` in the Basic Multilingual Plane and
 * TOML's `\UXXXXXXXX` above it (the reference's surrogate pairs are not valid
 * TOML, §A.7.2 QUIRK).
 */
export function tomlSafeJsonString(text: string): string {
  let out = '';
  for (const char of JSON.stringify(text)) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < 0x80) out += char;
    else if (codePoint <= 0xffff) out += `\\u${codePoint.toString(16).padStart(4, '0')}`;
    else out += `\\U${codePoint.toString(16).padStart(8, '0')}`;
  }
  return out;
}
