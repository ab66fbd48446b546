import type { SurfaceDecision } from '../shared/permission-decision.js';
import { REJECT_MESSAGE } from '../shared/permission-decision.js';

/**
 * The permissionRequest answer (one JSON line): allow runs the tool without
 * Copilot's dialog; deny tells the model "Permission denied by a
 * PermissionRequest hook: <message>". No answer at all leaves the request
 * to Copilot's own dialog.
 */
export function permissionRequestLine(decision: SurfaceDecision): string {
  const answer = decision === 'approve' ? { behavior: 'allow' } : { behavior: 'deny', message: REJECT_MESSAGE };
  return `${JSON.stringify(answer)}\n`;
}
