import { redactSecrets, subjectOf } from '../../requests/index.js';

/** More of a command than this never leaves the hook: the daemon shows 160 characters and classifies what it gets. */
const DETAIL_LIMIT = 8_192;

/**
 * What a permission request is for, as the hook sends it with
 * `approval_details` (a Pad-Lattice extension): the tool's name and the
 * command, file or URL it acts on, secrets already redacted here, so they
 * never reach the daemon, a log or a remote link. The daemon redacts,
 * shortens and classifies again for every other client.
 */
export function approvalDetailsOf(toolName: string | null, toolInput: unknown): { readonly tool: string; readonly detail: string } | undefined {
  if (toolName === null || toolName === '') return undefined;
  return describedApproval(toolName, subjectOf(toolInput));
}

/** The same for an adapter that already knows the subject (Codex's app-server names the command itself). */
export function describedApproval(tool: string, subject: string): { readonly tool: string; readonly detail: string } {
  return { tool, detail: redactSecrets(subject.slice(0, DETAIL_LIMIT)) };
}
