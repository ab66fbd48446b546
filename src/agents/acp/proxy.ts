import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { RateLimitedLog } from '../../support/rate-limited-log.js';
import { runAgentChild, spawnFailureText, type SignalSource } from '../shared/agent-child.js';
import { describeProblem, noteOnStderr } from '../shared/never-harm.js';
import type { RpcMessage, Unreadable } from './json-rpc.js';
import { Relay } from './relay.js';
import { AcpTraffic } from './traffic.js';

/** Lines up to this size are read (a 10 MB prompt or file is); longer ones pass on unread, so memory stays bounded. */
export const DEFAULT_LINE_LIMIT = 16 * 1024 * 1024;
/**
 * After the editor is gone: how long the agent may take to exit on its own before SIGTERM
 * (Gemini CLI 0.61.0 took 6 to 12 s after running a shell command, on a loaded machine).
 */
export const DEFAULT_EXIT_GRACE_MS = 15_000;
/** After SIGTERM: how long before SIGKILL. */
const KILL_GRACE_MS = 5_000;
/** How long the editor may take to read the last lines before the proxy exits anyway. */
const FLUSH_TIMEOUT_MS = 2_000;

export interface AcpProxyOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly socketPath: string;
  readonly label: string | null;
  /** The editor's side: what it writes to us, what we write to it, and its log of our stderr. */
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: NodeJS.WritableStream;
  readonly signals?: SignalSource;
  readonly lineLimit?: number;
  readonly exitGraceMs?: number;
}

/**
 * `pad-lattice acp`: runs the agent with its stdio piped through this
 * process, which passes every byte on unchanged in both directions while
 * AcpTraffic mirrors the sessions on the pad. Whatever either side does —
 * lines that are not JSON, a huge message, an agent that dies, an editor
 * that hangs up — the other side gets what was sent, a clear line goes to
 * stderr, and the proxy ends once the agent has: its status is the agent's.
 */
export async function runAcpProxy(options: AcpProxyOptions): Promise<number> {
  const note = (message: string) => noteOnStderr(options.stderr, message);
  // The editor may close our stderr (its log) first; that must not end the proxy.
  options.stderr.on('error', () => undefined);
  let run: ProxyRun | null = null;
  const outcome = await runAgentChild({
    command: options.command,
    args: options.args,
    env: options.env,
    stdio: ['pipe', 'pipe', 'inherit'],
    ...(options.signals === undefined ? {} : { signals: options.signals }),
    onSpawn: (child) => {
      run = new ProxyRun(child, options, note);
    },
  });
  if (outcome.kind === 'spawn_failed') {
    note(spawnFailureText(options.command, outcome.error, 'the command after `pad-lattice acp --`'));
    return 1;
  }
  // Assigned in a callback, which flow analysis cannot see.
  await (run as ProxyRun | null)?.finish(
    outcome.signal === null ? `the agent exited with status ${outcome.status}` : `the agent was ended by ${outcome.signal}`,
  );
  return outcome.status;
}

/** The two relays and the traffic between them, for one run of the agent. */
class ProxyRun {
  readonly #traffic: AcpTraffic;
  readonly #toAgent: Relay;
  readonly #toEditor: Relay;
  readonly #child: ChildProcess;
  readonly #options: AcpProxyOptions;
  readonly #note: (message: string) => void;
  #stopTimer: NodeJS.Timeout | null = null;
  #faultNoted = false;

  constructor(child: ChildProcess, options: AcpProxyOptions, note: (message: string) => void) {
    this.#child = child;
    this.#options = options;
    this.#note = note;
    const lineLimit = options.lineLimit ?? DEFAULT_LINE_LIMIT;
    const oversized = (who: string) => {
      const log = new RateLimitedLog(note);
      return () => log.note(`${who} sent a line over ${lineLimit} bytes; it is passed on unread`);
    };
    this.#traffic = new AcpTraffic({
      socketPath: options.socketPath,
      label: options.label,
      command: options.command,
      toAgent: (line) => this.#toAgent.send(line),
      toEditor: (line) => this.#toEditor.send(line),
      note,
    });
    // Spawned with stdio pipes, so both exist.
    this.#toAgent = new Relay({
      from: options.stdin,
      to: child.stdin as Writable,
      lineLimit,
      onLine: this.#reader('the editor', (message) => this.#traffic.fromEditor(message)),
      onOversized: oversized('the editor'),
      onBroken: (error) => note(`the agent no longer reads its stdin (${describeProblem(error)}); the editor's messages are dropped until it exits`),
    });
    this.#toEditor = new Relay({
      from: child.stdout as Readable,
      to: options.stdout,
      lineLimit,
      onLine: this.#reader('the agent', (message) => this.#traffic.fromAgent(message)),
      onOversized: oversized('the agent'),
      onBroken: (error) => this.#editorGone(`the editor stopped reading (${describeProblem(error)})`),
    });
    void this.#toAgent.done.then(() => this.#editorGone('the editor closed its end (stdin)'));
  }

  /** After the agent exited: answer what the editor still waits for, leave the pad, stop reading, let the last lines out. */
  async finish(why: string): Promise<void> {
    if (this.#stopTimer !== null) clearTimeout(this.#stopTimer);
    await this.#toEditor.done;
    this.#traffic.agentGone(why);
    this.#note(why);
    await this.#traffic.close();
    const stdin = this.#options.stdin;
    stdin.pause();
    stdin.destroy();
    const flushed = finished(this.#options.stdout, FLUSH_TIMEOUT_MS);
    this.#toEditor.end();
    await flushed;
  }

  /** Parses nothing itself: the relay hands over the line's message; a line that is not one is passed on and said once in a while. */
  #reader(who: string, route: (message: RpcMessage) => boolean): (line: Buffer, message: RpcMessage | Unreadable) => boolean {
    const unreadable = new RateLimitedLog((message) => this.#note(message));
    return (line, message) => {
      if (message === 'not_json') {
        unreadable.note(`${who} sent a line that is not JSON (${line.length} bytes); it is passed on unchanged`);
        return true;
      }
      try {
        return route(message);
      } catch (error) {
        // A fault of the proxy's own must never cost the editor a message.
        if (!this.#faultNoted) this.#note(`could not follow a message from ${who} (${describeProblem(error)}); passing everything on`);
        this.#faultNoted = true;
        return true;
      }
    };
  }

  /**
   * The editor is gone: its sessions leave the pad now (nobody can answer them any more), the
   * agent's stdin closes too, and an agent that does not exit on its own is stopped.
   */
  #editorGone(why: string): void {
    if (this.#stopTimer !== null || this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const graceMs = this.#options.exitGraceMs ?? DEFAULT_EXIT_GRACE_MS;
    this.#note(`${why}: closing the agent's stdin; it is stopped if it has not exited within ${graceMs / 1000} s`);
    void this.#traffic.close();
    this.#toAgent.end();
    this.#stopTimer = setTimeout(() => {
      this.#child.kill('SIGTERM');
      this.#stopTimer = setTimeout(() => this.#child.kill('SIGKILL'), KILL_GRACE_MS);
    }, graceMs);
  }
}

/** Resolves once the ended `stream` has handed everything to the system, or after `timeoutMs` (a reader that stopped reading). */
function finished(stream: Writable, timeoutMs: number): Promise<void> {
  if (stream.writableFinished || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    stream.once('finish', done);
    stream.once('close', done);
  });
}
