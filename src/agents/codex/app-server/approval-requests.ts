import { basename } from 'node:path';
import type { SurfaceDecision } from '../../shared/permission-decision.js';
import { splitShellWords } from '../shell-words.js';
import type { PadApproval, PadRequest } from './pad-request-kinds.js';
import { commandApprovalParams, fileChangeApprovalParams, permissionsApprovalParams, type PermissionsApproval } from './protocol.js';

/** What an approval's description needs beyond the request itself. */
export interface ApprovalContext {
  /** The followed thread's working directory: a command's cwd is named only when it differs. */
  readonly threadCwd: string | null;
  /** The paths of a file change, from its `item/started` (the approval request carries none). */
  readonly changedPaths: (itemId: string) => readonly string[];
}

type Parsed = { readonly threadId: string; readonly request: PadRequest } | null;

/*
 * Approve is Codex's `accept`; Reject is `decline`, which refuses this one
 * action and lets the turn go on (the model is told it was rejected), as a
 * rejected hook does. Neither remembers anything for later requests.
 */

/** `item/commandExecution/requestApproval`: the command as the shell runs it, its reason, its folder if another. */
export function commandApprovalOf(params: unknown, context: ApprovalContext): Parsed {
  const parsed = commandApprovalParams.safeParse(params);
  if (!parsed.success) return null;
  const request = parsed.data;
  // An older or newer server that does not offer a plain accept here: the TUI knows what it offers.
  if (Array.isArray(request.availableDecisions) && !request.availableDecisions.includes('accept'))
    return { threadId: request.threadId, request: { kind: 'terminal', waitsFor: 'approval' } };
  const command = unwrapShell(request.command ?? '');
  const host = request.networkApprovalContext?.host;
  const cwd = request.cwd !== null && request.cwd !== undefined && request.cwd !== context.threadCwd ? `in ${request.cwd}` : null;
  const approval: PadApproval =
    host === undefined
      ? { kind: 'approval', tool: 'Bash', detail: withNotes(command, [request.reason, cwd], ' # '), answer: decision('accept', 'decline') }
      : { kind: 'approval', tool: 'NetworkAccess', detail: withNotes(host, [command, request.reason], ' — '), answer: decision('accept', 'decline') };
  return { threadId: request.threadId, request: approval };
}

/** `item/fileChange/requestApproval`: the paths of the change (from its item) and the reason. */
export function fileChangeApprovalOf(params: unknown, context: ApprovalContext): Parsed {
  const parsed = fileChangeApprovalParams.safeParse(params);
  if (!parsed.success) return null;
  const request = parsed.data;
  const paths = context.changedPaths(request.itemId).join(', ');
  const grant = request.grantRoot === null || request.grantRoot === undefined ? null : `writes under ${request.grantRoot}`;
  return {
    threadId: request.threadId,
    request: { kind: 'approval', tool: 'apply_patch', detail: withNotes(paths, [request.reason, grant], ' — '), answer: decision('accept', 'decline') },
  };
}

/**
 * `item/permissions/requestApproval`: Approve grants exactly what was asked
 * for this turn; Reject grants nothing (an empty profile: the TUI's "No,
 * continue without permissions"), and the turn goes on.
 */
export function permissionsApprovalOf(params: unknown): Parsed {
  const parsed = permissionsApprovalParams.safeParse(params);
  if (!parsed.success) return null;
  const request = parsed.data;
  const { network, fileSystem } = request.permissions;
  const asked = [
    ...(fileSystem?.write ?? []).map((path) => `write ${path}`),
    ...(fileSystem?.read ?? []).map((path) => `read ${path}`),
    ...(network?.enabled === true ? ['network access'] : []),
  ];
  const granted = grantedProfile(request.permissions);
  return {
    threadId: request.threadId,
    request: {
      kind: 'approval',
      tool: network?.enabled === true ? 'NetworkAccess' : 'request_permissions',
      detail: withNotes(asked.join(', '), [request.reason], ' — '),
      answer: (choice) => ({ permissions: choice === 'approve' ? granted : {}, scope: 'turn' }),
    },
  };
}

function grantedProfile(asked: PermissionsApproval['permissions']): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  if (asked.network?.enabled === true) profile['network'] = { enabled: true };
  if (asked.fileSystem !== null && asked.fileSystem !== undefined)
    profile['fileSystem'] = { read: asked.fileSystem.read ?? null, write: asked.fileSystem.write ?? null };
  return profile;
}

function decision(approve: string, reject: string): (choice: SurfaceDecision) => unknown {
  return (choice) => ({ decision: choice === 'approve' ? approve : reject });
}

/** Codex runs commands as `/bin/bash -lc '<script>'`; the pad shows (and the tiers read) the script. */
export function unwrapShell(command: string): string {
  const words = splitShellWords(command);
  if (words === null || words.length !== 3) return command;
  const [shell = '', flag = '', script = ''] = words;
  return ['bash', 'sh', 'zsh', 'dash'].includes(basename(shell)) && (flag === '-lc' || flag === '-c') ? script : command;
}

/**
 * `subject` followed by the notes that are present, on one line. After a
 * command the separator is a shell comment (` # `), so the approval tiers,
 * which parse the description as a command, read the notes as nothing.
 */
function withNotes(subject: string, notes: readonly (string | null | undefined)[], separator: string): string {
  const present = notes.filter((note): note is string => typeof note === 'string' && note.trim() !== '').map((note) => note.replace(/\s+/g, ' ').trim());
  if (present.length === 0) return subject;
  return subject === '' ? present.join('; ') : `${subject}${separator}${present.join('; ')}`;
}
