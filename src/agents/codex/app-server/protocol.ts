import { z } from 'zod';

/*
 * The part of Codex's app-server protocol (`codex app-server generate-ts`,
 * Codex 0.171.0) that Pad-Lattice reads, parsed once here. Objects keep only
 * the members named (the rest is dropped, never an error); a message that
 * does not fit is ignored by the caller, so a newer Codex that changes a
 * shape degrades to "the pad does not see it", never to a wrong answer.
 */

/** Requests we send. */
export const CLIENT_METHODS = Object.freeze({
  initialize: 'initialize',
  initialized: 'initialized',
  loadedThreads: 'thread/loaded/list',
  readThread: 'thread/read',
  /** On a running thread: subscribes this connection to it ("rejoins"); with only `threadId`, changes nothing else. */
  resumeThread: 'thread/resume',
  unsubscribeThread: 'thread/unsubscribe',
});

/** Notifications we act on. */
export const NOTIFICATIONS = Object.freeze({
  threadStarted: 'thread/started',
  threadStatusChanged: 'thread/status/changed',
  turnStarted: 'turn/started',
  turnCompleted: 'turn/completed',
  itemStarted: 'item/started',
  serverRequestResolved: 'serverRequest/resolved',
  autoReviewStarted: 'item/autoApprovalReview/started',
  autoReviewCompleted: 'item/autoApprovalReview/completed',
});

/** Requests of the server's that the pad may answer; every other one stays with the TUI. */
export const SERVER_REQUESTS = Object.freeze({
  commandApproval: 'item/commandExecution/requestApproval',
  fileChangeApproval: 'item/fileChange/requestApproval',
  permissionsApproval: 'item/permissions/requestApproval',
  userInput: 'item/tool/requestUserInput',
  elicitation: 'mcpServer/elicitation/request',
});

const nullableString = z.string().nullable().optional();

export const threadSchema = z.object({
  id: z.string().min(1),
  ephemeral: z.boolean().optional(),
  /** Set on a subagent's thread. */
  parentThreadId: nullableString,
  cwd: nullableString,
  model: nullableString,
});
export type Thread = z.infer<typeof threadSchema>;

export const initializeResult = z.object({ userAgent: z.string() });
export const loadedThreadsResult = z.object({ data: z.array(z.string()) });
export const threadResult = z.object({ thread: threadSchema });

export const threadStartedParams = z.object({ thread: threadSchema });

/** `notLoaded | idle | systemError | active{activeFlags}`; flags appear while a request waits for the user (never during an auto-review). */
export const threadStatusParams = z.object({
  threadId: z.string(),
  status: z.object({ type: z.string(), activeFlags: z.array(z.string()).optional() }),
});
export type ThreadStatus = z.infer<typeof threadStatusParams>['status'];

/** `turn.status`: `completed | interrupted | failed | inProgress`. */
export const turnParams = z.object({ threadId: z.string(), turn: z.object({ id: z.string(), status: z.string() }) });

export const resolvedParams = z.object({ threadId: z.string(), requestId: z.union([z.string(), z.number()]) });

/** A file change's paths arrive only with its item, just before the approval request that names the item. */
export const itemStartedParams = z.object({
  threadId: z.string(),
  item: z.object({ type: z.string(), id: z.string(), changes: z.array(z.object({ path: z.string() })).optional() }),
});

export const autoReviewParams = z.object({ threadId: z.string(), targetItemId: nullableString, review: z.object({ status: z.string() }) });

const approvalBase = { threadId: z.string(), itemId: z.string() };

export const commandApprovalParams = z.object({
  ...approvalBase,
  kind: nullableString,
  command: nullableString,
  cwd: nullableString,
  reason: nullableString,
  networkApprovalContext: z.object({ host: z.string() }).nullable().optional(),
  /** `"accept"`, `"decline"` … or one-key objects (amendments); absent on older servers. */
  availableDecisions: z.array(z.unknown()).nullable().optional(),
});
export type CommandApproval = z.infer<typeof commandApprovalParams>;

export const fileChangeApprovalParams = z.object({ ...approvalBase, reason: nullableString, grantRoot: nullableString });
export type FileChangeApproval = z.infer<typeof fileChangeApprovalParams>;

const pathList = z.array(z.string()).nullable().optional();
export const permissionsApprovalParams = z.object({
  ...approvalBase,
  cwd: nullableString,
  reason: nullableString,
  permissions: z.object({
    network: z.object({ enabled: z.boolean().nullable().optional() }).nullable().optional(),
    fileSystem: z.object({ read: pathList, write: pathList }).nullable().optional(),
  }),
});
export type PermissionsApproval = z.infer<typeof permissionsApprovalParams>;

export const userInputParams = z.object({
  ...approvalBase,
  questions: z.array(
    z.object({
      id: z.string(),
      header: z.string().optional(),
      question: z.string(),
      isSecret: z.boolean().optional(),
      options: z
        .array(z.object({ label: z.string(), description: z.string().optional() }))
        .nullable()
        .optional(),
    }),
  ),
});
export type UserInputRequest = z.infer<typeof userInputParams>;

export const elicitationParams = z.object({
  threadId: z.string(),
  serverName: z.string(),
  mode: z.string(),
  message: z.string().optional(),
  /** Kept raw: its fields are read by elicitation.ts, which refuses what it does not know. */
  requestedSchema: z.unknown().optional(),
  _meta: z.unknown().optional(),
});
export type ElicitationRequest = z.infer<typeof elicitationParams>;
