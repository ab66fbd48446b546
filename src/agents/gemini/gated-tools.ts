/**
 * The tools whose calls wait for the pad: those Gemini CLI 0.61.0 asks about
 * in its default approval mode (its built-in `write.toml` policy: shell
 * commands, file writes and edits, web fetches, skills). Read-only tools run
 * without asking, so the pad never sees them.
 *
 * A BeforeTool hook cannot skip Gemini's own confirmation: its "allow" is
 * ignored and the policy engine still decides. The launcher therefore adds
 * a session policy (`--policy`) that allows exactly these tools in the
 * default mode, and the hook becomes their gate: it answers "proceed" after
 * Approve, "deny" after Reject, and "ask" (Gemini's own dialog) otherwise.
 * In other modes (auto-edit, YOLO, plan) that rule does not apply and
 * Gemini's own rules decide after the pad.
 */
/** Set to `1` in the hooks' environment when the launcher added the session policy: only then does a hook gate. */
export const GATE_ENV = 'PAD_LATTICE_GEMINI_GATE';

export function gateIsOn(env: NodeJS.ProcessEnv): boolean {
  return env[GATE_ENV] === '1';
}

export const GATED_TOOLS: readonly string[] = ['run_shell_command', 'write_file', 'replace', 'web_fetch', 'activate_skill'];

export function isGatedTool(toolName: string | null): boolean {
  return toolName !== null && GATED_TOOLS.includes(toolName);
}

/**
 * The session policy file (TOML). Priority 1 of the user tier: above every
 * built-in rule, below any rule of the user's own with a higher priority
 * (a user's deny still wins). `allowRedirection`: without it Gemini turns
 * `echo x > file` back into a question.
 */
export function sessionPolicyToml(): string {
  return [
    '# Written by pad-lattice gemini for one session: the tools below wait for the pad',
    '# (its BeforeTool hook) instead of asking here; the hook hands over to this',
    '# terminal when the pad does not answer.',
    '[[rule]]',
    `toolName = [${GATED_TOOLS.map((tool) => JSON.stringify(tool)).join(', ')}]`,
    'decision = "allow"',
    'priority = 1',
    'modes = ["default"]',
    'allowRedirection = true',
    '',
  ].join('\n');
}
