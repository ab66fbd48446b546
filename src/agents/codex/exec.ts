import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PadLatticeClient } from '../../client/index.js';
import type { CliIo } from '../../support/cli-io.js';
import { makeIdentity, type AgentIdentity, type AgentState } from '../../domain/index.js';
import { runAgentChild, spawnFailureText, type SignalSource } from '../shared/agent-child.js';
import { hex32 } from '../shared/hex32.js';
import { takeLeadingOptions } from '../shared/leading-options.js';
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
  readonly prompt: readonly string[];
}

/** `[--socket PATH] [--codex BIN] [--] prompt…`: options first; the first other word starts the prompt. */
export function parseCodexExecArgs(args: readonly string[]): CodexExecOptions {
  const { values, rest: prompt } = takeLeadingOptions(args, {
    valueFlags: new Set(['--socket', '--codex']),
    usageError: (message) => new CodexExecUsageError(message),
  });
  if (prompt.join(' ').trim() === '') throw new CodexExecUsageError('codex-exec requires a prompt');
  return { socket: values.get('--socket'), codex: values.get('--codex') ?? 'codex', prompt };
}

export interface CodexExecContext {
  readonly signals?: SignalSource;
}

/**
 * `pad-lattice codex-exec` (agent-adapters.md §A.9): runs `codex exec --json
 * -- PROMPT`, mirrors its events as states of a fresh `codex-exec` identity,
 * prints the agent's messages, lets the surface's Stop terminate it, and
 * ends the session when the run is over (success, error or Stop). Codex runs
 * and its output is relayed whether or not a daemon is there; states that
 * cannot be delivered are dropped.
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
  if (stopRequested) await reporter.report('cancelled');
  else if (outcome.status !== 0) await reporter.report('error');
  // The run is over, so it leaves the pad now instead of lingering until the daemon's TTL.
  await reporter.end();
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

  constructor(
    socketPath: string,
    private readonly identity: AgentIdentity,
  ) {
    this.#client = new PadLatticeClient({ socketPath, timeoutMs: REPORT_TIMEOUT_MS });
  }

  enqueue(state: AgentState): void {
    this.#queue = this.#queue.then(() => this.#send(state));
  }

  /** Queues `state` and resolves, once it was tried, to whether the daemon took it. */
  report(state: AgentState): Promise<boolean> {
    const sent = this.#queue.then(() => this.#send(state));
    this.#queue = sent;
    return sent;
  }

  /** After every queued state: removes the session from the daemon (dropped, like a state, when it cannot be delivered). */
  async end(): Promise<void> {
    await this.#queue;
    await withoutHarm(() => this.#client.endSession(this.identity), REPORT_TIMEOUT_MS);
  }

  async #send(state: AgentState): Promise<boolean> {
    const result = await withoutHarm(() => this.#client.reportState(state, { agent: this.identity }), REPORT_TIMEOUT_MS);
    return result !== NOTHING;
  }
}
