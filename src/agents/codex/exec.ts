import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PadLatticeClient } from '../../client/index.js';
import type { CliIo } from '../../support/cli-io.js';
import { makeIdentity, type AgentIdentity, type AgentState } from '../../domain/index.js';
import { runAgentChild, spawnFailureText, type SignalSource } from '../shared/agent-child.js';
import { hex32 } from '../shared/hex32.js';
import type { HookEntry } from '../shared/hook-command.js';
import { takeLeadingOptions } from '../shared/leading-options.js';
import { defaultLingerEntry, handOverLinger, lingerMarkerPath, parseLingerSeconds, replaceLingering, type FinalState } from '../shared/linger.js';
import { NOTHING, noteOnStderr, withoutHarm } from '../shared/never-harm.js';
import { signalTree } from '../shared/process-tree.js';
import { launcherSocketPath } from '../shared/socket-path.js';
import { relayStep } from './exec-events.js';
import { StopListener } from './exec-stop.js';

/** Bound of one state report (agent-adapters.md §1.3). */
const REPORT_TIMEOUT_MS = 2_000;

export class CodexExecUsageError extends Error {
  override readonly name = 'CodexExecUsageError';
}

export interface CodexExecOptions {
  readonly socket: string | undefined;
  readonly codex: string;
  /** Seconds the finished run stays on the pad. */
  readonly linger: number;
  readonly prompt: readonly string[];
}

/** `[--socket PATH] [--codex BIN] [--linger S] [--] prompt…`: options first; the first other word starts the prompt. */
export function parseCodexExecArgs(args: readonly string[]): CodexExecOptions {
  const usageError = (message: string) => new CodexExecUsageError(message);
  const { values, rest: prompt } = takeLeadingOptions(args, { valueFlags: new Set(['--socket', '--codex', '--linger']), usageError });
  const linger = parseLingerSeconds(values.get('--linger'), usageError);
  if (prompt.join(' ').trim() === '') throw new CodexExecUsageError('codex-exec requires a prompt');
  return { socket: values.get('--socket'), codex: values.get('--codex') ?? 'codex', linger, prompt };
}

export interface CodexExecContext {
  readonly signals?: SignalSource;
  /** The linger helper (linger-main.js); null: the run leaves the pad at once whatever `--linger` says. */
  readonly lingerEntry?: HookEntry | null;
  /** Names "the same agent" for replacing a lingering run (default: this process's working directory). */
  readonly cwd?: string;
}

/**
 * `pad-lattice codex-exec` (agent-adapters.md §A.9): runs `codex exec --json
 * -- PROMPT`, mirrors its events as states of a fresh `codex-exec` identity,
 * prints the agent's messages, lets the surface's Stop terminate it, and
 * ends the session when the run is over (success, error or Stop). Codex runs
 * and its output is relayed whether or not a daemon is there; states that
 * cannot be delivered are dropped. The run replaces one that still lingers
 * from before in the same folder, and lingers itself for `--linger` seconds.
 */
export async function runCodexExec(args: readonly string[], io: CliIo, context: CodexExecContext = {}): Promise<number> {
  let options: CodexExecOptions;
  try {
    options = parseCodexExecArgs(args);
  } catch (error) {
    if (!(error instanceof CodexExecUsageError)) throw error;
    noteOnStderr(io.stderr, error.message);
    return 2;
  }
  const socketPath = launcherSocketPath(io.env, options.socket);
  const identity = makeIdentity('codex-exec', hex32());
  const markerPath = lingerMarkerPath(io.env, ['codex-exec', socketPath, context.cwd ?? process.cwd()]);
  await replaceLingering(markerPath, socketPath);
  const reporter = new StateReporter(socketPath, identity);
  if (!(await reporter.report('running'))) noteOnStderr(io.stderr, 'daemon unavailable; state will not be shown');

  let stopRequested = false;
  let stopListener: StopListener | null = null;
  const outcome = await runAgentChild({
    command: options.codex,
    // One argument after `--`: Codex takes a single prompt, and a prompt starting with `-` stays a prompt.
    args: ['exec', '--json', '--', options.prompt.join(' ')],
    env: io.env,
    stdio: ['inherit', 'pipe', 'inherit'],
    ...(context.signals === undefined ? {} : { signals: context.signals }),
    onSpawn: (child) => {
      relayOutput(child, io, reporter);
      stopListener = new StopListener(socketPath, identity, () => {
        stopRequested = true;
        noteOnStderr(io.stderr, 'stop requested from Launchpad');
        // Codex leaves a command it is running to finish after SIGTERM (the command runs in a session of
        // its own), so Stop signals the whole tree: the command stops too.
        if (child.pid === undefined) child.kill('SIGTERM');
        else signalTree(child.pid, 'SIGTERM');
      });
    },
  });
  // Assigned in a callback, which flow analysis cannot see.
  await (stopListener as StopListener | null)?.close();
  if (outcome.kind === 'spawn_failed') {
    await reporter.report('error');
    await reporter.end();
    noteOnStderr(io.stderr, spawnFailureText(options.codex, outcome.error, '--codex'));
    return 1;
  }
  // A surface Stop ends as `cancelled` whatever the exit status (§A.9 QUIRK, not replicated).
  const final: FinalState = stopRequested ? 'cancelled' : outcome.status !== 0 || reporter.last === 'error' ? 'error' : 'success';
  if (final !== 'success') await reporter.report(final);
  await reporter.settled();
  const entry = context.lingerEntry === undefined ? defaultLingerEntry() : context.lingerEntry;
  const plan = {
    socketPath,
    identity: { backend: identity.backend, sessionId: identity.sessionId },
    state: final,
    seconds: options.linger,
    metadata: {},
    markerPath,
  };
  // Held by the helper, the run shows how it ended for a while; otherwise (or when it cannot start) it leaves now.
  if (entry === null || options.linger === 0 || reporter.unreachable || !(await handOverLinger(plan, entry))) await reporter.end();
  return outcome.status;
}

/** Turns each line of Codex output into output and, through the reporter's queue, states in order. */
function relayOutput(child: ChildProcess, io: CliIo, reporter: StateReporter): void {
  if (child.stdout === null) return;
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const step = relayStep(line);
    if (step === null) return;
    if (step.state !== null) reporter.enqueue(step.state);
    if (step.stdout !== null) io.stdout.write(`${step.stdout}\n`);
    if (step.stderr !== null) io.stderr.write(`${step.stderr}\n`);
  });
}

/**
 * Sends the states of one identity, one at a time and in order, without
 * ever holding up Codex's output; failures are dropped.
 */
class StateReporter {
  readonly #client: PadLatticeClient;
  #queue: Promise<unknown> = Promise.resolve();
  /** The state queued last. */
  last: AgentState | null = null;
  /** True once a report failed to reach the daemon: no helper is started for a daemon that is not there. */
  unreachable = false;

  constructor(
    socketPath: string,
    private readonly identity: AgentIdentity,
  ) {
    this.#client = new PadLatticeClient({ socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  }

  enqueue(state: AgentState): void {
    void this.report(state);
  }

  /** Queues `state` and resolves, once it was tried, to whether the daemon took it. */
  report(state: AgentState): Promise<boolean> {
    this.last = state;
    const sent = this.#queue.then(() => this.#send(state));
    this.#queue = sent;
    return sent;
  }

  /** Resolves once every queued state was tried. */
  async settled(): Promise<void> {
    await this.#queue;
  }

  /** After every queued state: removes the session from the daemon (dropped, like a state, when it cannot be delivered). */
  async end(): Promise<void> {
    await this.#queue;
    await withoutHarm(() => this.#client.endSession(this.identity), REPORT_TIMEOUT_MS);
  }

  async #send(state: AgentState): Promise<boolean> {
    const result = await withoutHarm(() => this.#client.reportState(state, { agent: this.identity }), REPORT_TIMEOUT_MS);
    if (result === NOTHING) this.unreachable = true;
    return result !== NOTHING;
  }
}
