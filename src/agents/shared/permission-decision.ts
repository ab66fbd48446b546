/**
 * The PermissionRequest decision a hook prints on stdout, identical for Codex
 * (agent-adapters.md §A.5) and Claude Code (§B.6). One press answers one
 * request: no `updatedInput`, `updatedPermissions` or `interrupt` member, so
 * nothing is remembered and a rejection lets the agent continue.
 */
export type SurfaceDecision = 'approve' | 'reject';

export const REJECT_MESSAGE = 'Rejected from Pad-Lattice.';

/** The one line (with LF) printed for a decision. */
export function permissionDecisionLine(decision: SurfaceDecision): string {
  const verdict = decision === 'approve' ? { behavior: 'allow' } : { behavior: 'deny', message: REJECT_MESSAGE };
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: verdict } })}\n`;
}
