/**
 * Pieces every agent adapter (src/agents/codex, src/agents/claude) shares,
 * per agent-adapters.md §1 and §A.8. Signatures here are stable; import from
 * this index or from the named file.
 *
 * Socket (§1.2) — socket-path.ts
 *   hookSocketPath(env, socketOption?): string     PAD_LATTICE_SOCKET (non-empty) > --socket > WP §2 default
 *   launcherSocketPath(env, socketOption?): string  --socket > WP §2 default
 *   isUnixSocket(path): boolean                     the light entry's pre-check (stat, symlinks followed)
 *
 * Labels (§1.5) — label.ts
 *   normalizeLabel(raw): string   throws LabelError whose message is the spec text
 *                                 ("session label must not be empty" …)
 *
 * Terminal title (§1.6) — terminal-title.ts
 *   type TitleSink = (bytes: string) => void;  ttyTitleSink writes /dev/tty (O_WRONLY|O_NOCTTY), errors ignored
 *   titleText({scene, accent, label}): string | null   "[S1 CYAN] label", null when a part has the wrong type
 *   sessionTitle(session: SessionReport): string | null   same, from a decoded state_ack (scene = slot + 1)
 *   titleSequence(title): string   "\x1b]0;<title>\x07"
 *   writeTitle(sink, title): void  one write, errors swallowed
 *   writeToSink(sink, bytes): void  errors swallowed
 * Launcher-owned title — launcher-title.ts
 *   new LauncherTitle(sink): .update(session) writes only when the text changes (pushing the old
 *     title first), .restore() pops it once the agent exited
 *
 * Never harm the agent (§1.1) — never-harm.ts
 *   withoutHarm(task, timeoutMs, onProblem?): Promise<T | typeof NOTHING>   never rejects, bounded time
 *   noteOnStderr(stderr, message): void   one line "pad-lattice: <message>"
 *   readToEnd(stream): Promise<Buffer>    drain stdin fully (no broken pipe for the agent)
 *   describeProblem(reason): string
 *
 * Identifiers (§1.4) — hex32.ts:  hex32(): string
 *
 * Hook command (§A.7.1, §B.8.3) — hook-command.ts, python-format.ts
 *   hookCommand({entry: {node, script}, socketPath, approvalTimeout, agent: 'codex'|'claude', env, cwd}): string
 *     "'<node>' '<hook-bin.js>' [--agent claude] --socket '<socket>' --approval-timeout <t>";
 *     throws HookEntryMissingError when either file is missing
 *   defaultHookEntry(): {node: process.execPath, script: <built hook-bin.js beside this module>}
 *   hookTimeoutSeconds(permissionRequest, approvalTimeout): number   ceil(t)+5, or 5
 *   formatLikePythonG(n), shellQuote(word)
 *
 * Permission decisions (§A.4.1, §A.5, §B.6) — approval-waiter.ts, permission-decision.ts
 *   waitForSurfaceDecision({socketPath, identity, requestId, timeoutMs | null, actions?, details?, cancelled?,
 *     pollMs?, signal?, now?}): Promise<'approve' | 'reject' | null>   never rejects; closes its subscription before
 *     resolving; timeoutMs null waits until `signal` or `cancelled` ends it (Codex's app-server path, ACP);
 *     `actions` limits the presses offered (ACP requests may lack one)
 *   waitForPadAnswers({..., questions}) — question-waiter.ts: the same for multiple-choice questions
 *   permissionDecisionLine(decision): string   the exact stdout line (with LF)
 *
 * A finished run lingers on the pad — linger.ts (and its detached helper, linger-main.ts)
 *   handOverLinger(plan, entry): Promise<boolean>   the helper holds the session with its final state
 *   replaceLingering(markerPath, socketPath)   the next run of the same agent ends it at once
 *   lingerMarkerPath(env, sameness), finalStateOf(status, signal), parseLingerSeconds(raw, usageError)
 *   runLeasedChild({..., linger: {seconds, entry, markerPath}}) uses both
 *
 * Agent versions — version-probe.ts
 *   probeAgentVersion(bin, env, timeoutMs?): Promise<{major, minor, patch} | null>   `<bin> --version`
 *   parseAgentVersion(output), formatAgentVersion(version), atLeast(version, least)
 *
 * Launchers (§A.7, §A.8, §B.8) — launcher-options.ts, leading-options.ts, launch-plan.ts,
 *   launcher-lease.ts, leased-run.ts, agent-child.ts
 *   parseLauncherArgs(args, 'codex'|'claude'): LauncherOptions   throws LauncherUsageError (print
 *     "pad-lattice: <message>", exit 2); label then timeout validated, before any connection
 *   takeLeadingOptions(args, {valueFlags, switches?, usageError}): {values, switches, rest}
 *     a wrapper's own options up to the first other argument (also used by codex-exec)
 *   planLaunch(args, agent, {env, cwd, hookEntry?, stderr}, check?): {options, socket, hookCommand} | exit status
 *   LauncherLease.start({socketPath, leaseId, metadata, agent?, onSession?, retryMs?})
 *     .firstAttemptConnected(ms = 250), .identity, .connected, .close()   retries every 1 s forever,
 *     remembers the bound identity; onSession sees every session reported on the lease connection
 *   launcherChildEnv(baseEnv, {leaseId, socket, label}): env   (caller adds the title variable)
 *   leaseMetadata(cwd, label): {cwd, label?}
 *   runLeasedChild({socketPath, leaseId, metadata, agent?, command, executableOption, args, env,
 *     unavailableNote, stderr, title?, stdio?, signals?, leaseRetryMs?, onSpawn?, afterExit?, linger?})
 *     : Promise<number>   lease for the child's lifetime, warning when the daemon is absent, child status
 *     (signal → 128 + n), spawn failure → 1 with spawnFailureText (the executable, and the option naming
 *     another one); afterExit runs before the lease goes, linger keeps the ended session (linger.ts)
 *   runAgentChild({command, args, env, stdio?, signals?, onSpawn?}): Promise<AgentChildOutcome>
 *
 * Process tree — process-tree.ts
 *   descendantsOf(pid): number[]   deepest first, from one `ps` snapshot
 *   signalTree(pid, signal): void  pid and every descendant, frozen first (codex-exec's Stop)
 *
 * Hook process (§1.1, §A.4, §B.5) — hook-process.ts, hook-args.ts
 *   runHookProcess(agent, args, io, {socketRequired, precheck, commandName}, loadBody): Promise<number>
 *     options, stdin, the no-daemon fast path, then the agent's body bounded below the agent's
 *     own timeout; exit 0, or HOOK_USAGE_EXIT (1) for bad options
 *   parseHookArgs(args, {socketRequired, agent, defaultTimeout}): HookArgs   throws HookUsageError
 *
 * Launcher-scoped hooks and bridges (Gemini CLI, Copilot CLI, opencode) — hook-report.ts, placeholder.ts,
 *   launcher-context.ts, json-object.ts
 *   hookReportOptions(identity, cwd, env): the agent object with cwd and label, and the lease id
 *   reportQuietly(socket, state, options), endQuietly(socket, identity): bounded, never reject
 *   placeholderIdentity(backend, leaseId), endPlaceholder(socket, backend, env)
 *   LauncherContext, HookLauncherContext, leasedRunExtras(context, terminalTitle)
 *   parseJsonObject(bytes), isRecord(value), nonEmptyString(value)
 *
 * The light hook entry `pad-lattice-hook [--agent codex|claude|gemini|copilot] --socket PATH [--approval-timeout S]`
 * is hook-main.ts; it loads the chosen agent's hook process (src/agents/<agent>/…) only after its
 * argument check.
 */
export { hookSocketPath, launcherSocketPath, isUnixSocket } from './socket-path.js';
export { normalizeLabel, LabelError, MAX_LABEL_LENGTH } from './label.js';
export {
  type TitleSink,
  type TitleParts,
  ttyTitleSink,
  titleText,
  sessionTitle,
  titleSequence,
  sanitizeTitlePart,
  writeTitle,
  writeToSink,
} from './terminal-title.js';
export { LauncherTitle, PUSH_TITLE, POP_TITLE } from './launcher-title.js';
export { descendantsOf, signalTree } from './process-tree.js';
export { withoutHarm, NOTHING, TimeoutReason, noteOnStderr, readToEnd, describeProblem } from './never-harm.js';
export { hex32 } from './hex32.js';
export {
  hookCommand,
  hookTimeoutSeconds,
  defaultHookEntry,
  HookEntryMissingError,
  type HookAgent,
  type HookEntry,
  type HookCommandInput,
} from './hook-command.js';
export { formatLikePythonG, shellQuote } from './python-format.js';
export { runHookProcess, HOOK_USAGE_EXIT, type HookProcessOptions, type HookBodyOptions, type HookBody } from './hook-process.js';
export { parseHookArgs, HookUsageError, type HookArgs } from './hook-args.js';
export { waitForSurfaceDecision, type ApprovalWaitOptions } from './approval-waiter.js';
export { waitForPadAnswers, type QuestionWaitOptions } from './question-waiter.js';
export {
  handOverLinger,
  replaceLingering,
  lingerMarkerPath,
  finalStateOf,
  parseLingerSeconds,
  defaultLingerEntry,
  DEFAULT_LINGER_SECONDS,
  type LingerPlan,
  type FinalState,
} from './linger.js';
export { probeAgentVersion, parseAgentVersion, formatAgentVersion, atLeast, type AgentVersion } from './version-probe.js';
export { permissionDecisionLine, REJECT_MESSAGE, type SurfaceDecision } from './permission-decision.js';
export {
  parseLauncherArgs,
  parseApprovalTimeout,
  LauncherUsageError,
  DEFAULT_APPROVAL_TIMEOUT,
  type LauncherAgent,
  type LauncherOptions,
} from './launcher-options.js';
export { takeLeadingOptions, type LeadingOptionRules, type LeadingOptions } from './leading-options.js';
export { planLaunch, type LaunchPlan, type LaunchSurroundings } from './launch-plan.js';
export { LauncherLease, LEASE_RETRY_MS, FIRST_ATTEMPT_WAIT_MS, type LauncherLeaseOptions } from './launcher-lease.js';
export { launcherChildEnv, leaseMetadata, runLeasedChild, LAUNCHER_ENV, type LeasedChildRun, type LeasedLinger } from './leased-run.js';
export {
  runAgentChild,
  exitStatus,
  spawnFailureText,
  type AgentChildLaunch,
  type AgentChildOutcome,
  type SignalSource,
} from './agent-child.js';
export { hookReportOptions, reportQuietly, endQuietly } from './hook-report.js';
export { placeholderIdentity, endPlaceholder } from './placeholder.js';
export { leasedRunExtras, type LauncherContext, type HookLauncherContext } from './launcher-context.js';
export { parseJsonObject, isRecord, nonEmptyString } from './json-object.js';
