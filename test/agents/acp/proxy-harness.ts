import { hubOf } from '../../helpers/hub.js';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { runAcpProxy } from '../../../src/agents/acp/proxy.js';
import { PadLatticeClient, type StatusSessionReport } from '../../../src/client/index.js';
import { startDaemon, type DaemonHandle } from '../../../src/daemon/daemon.js';
import { RecordingSurface } from '../../daemon/helpers/fakes.js';
import { cleanUpFakes, privateTempDir, tempSocketPath, until } from '../shared/fake-daemon.js';
import { openSession, ScriptedEditor, type Json } from './acp-editor.js';

/*
 * `pad-lattice acp` run in this process (runAcpProxy with in-memory stdio), the SDK test agent
 * as its child, and a real daemon with a recording surface as the pad.
 */

export const SDK_AGENT = fileURLToPath(new URL('../../fixtures/acp/sdk-agent.mjs', import.meta.url));

export interface Pad {
  readonly socketPath: string;
  readonly surface: RecordingSurface;
  readonly client: PadLatticeClient;
  readonly handle: DaemonHandle;
}

/** A daemon whose surface records every view; finished states are held a minute, so a test can see them. */
export async function startPad(): Promise<Pad> {
  const socketPath = tempSocketPath();
  const surface = new RecordingSurface(4);
  const handle = await startDaemon({ socketPath, surfaces: hubOf([surface]), identityStorePath: null, pollInterval: 0.005, terminalHold: 60 });
  return { socketPath, surface, client: new PadLatticeClient({ socketPath }), handle };
}

export async function sessionsOf(pad: Pad): Promise<readonly StatusSessionReport[]> {
  return (await pad.client.status()).sessions;
}

export async function untilPadSession(pad: Pad, check: (session: StatusSessionReport) => boolean, what: string): Promise<StatusSessionReport> {
  let found: StatusSessionReport | undefined;
  await until(
    async () => {
      found = (await sessionsOf(pad)).find(check);
      return found !== undefined;
    },
    what,
    10_000,
    10,
  );
  return found as StatusSessionReport;
}

/** Waits until the pad offers `action` (lit, for the selected session) — or, with `lit` false, no longer does. */
export async function untilAction(pad: Pad, action: 'approve' | 'reject' | 'stop', lit = true): Promise<void> {
  await until(() => (pad.surface.lastView?.availableActions.has(action) ?? false) === lit, `${action} to be ${lit ? 'lit' : 'dark'}`, 10_000, 5);
}

export interface ProxyRunOptions {
  readonly socketPath: string;
  readonly label?: string | null;
  readonly agentEnv?: Record<string, string>;
  readonly lineLimit?: number;
  readonly exitGraceMs?: number;
  /** Another agent command instead of the SDK test agent. */
  readonly command?: readonly string[];
}

export interface ProxyRun {
  readonly editor: ScriptedEditor;
  /** The proxy's exit status, once it ended. */
  readonly done: Promise<number>;
  readonly stdin: PassThrough;
  readonly stdout: PassThrough;
  /** Every byte the agent read on its stdin. */
  agentInput(): string;
  stderr(): string;
}

export function runProxy(options: ProxyRunOptions): ProxyRun {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let stderrText = '';
  stderr.on('data', (chunk: Buffer) => (stderrText += chunk.toString('utf8')));
  const log = join(privateTempDir('pl-acp-agent-'), 'stdin.log');
  const [command, ...args] = options.command ?? [process.execPath, SDK_AGENT];
  const done = runAcpProxy({
    command: command ?? process.execPath,
    args,
    env: { ...process.env, SDK_AGENT_LOG: log, ...options.agentEnv },
    socketPath: options.socketPath,
    label: options.label ?? null,
    stdin,
    stdout,
    stderr,
    // The test's own process signals stay the test runner's.
    signals: new EventEmitter(),
    ...(options.lineLimit === undefined ? {} : { lineLimit: options.lineLimit }),
    ...(options.exitGraceMs === undefined ? {} : { exitGraceMs: options.exitGraceMs }),
  });
  return {
    editor: new ScriptedEditor((text) => stdin.write(text), stdout),
    done,
    stdin,
    stdout,
    agentInput: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    stderr: () => stderrText,
  };
}

/** What the agent read, as JSON lines (lines that are not JSON left out). */
export function agentMessages(run: ProxyRun): Record<string, unknown>[] {
  return run
    .agentInput()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** The answers the agent got to its own request `id` (the proxy must never let two through). */
export function answersTo(run: ProxyRun, id: number | string): Record<string, unknown>[] {
  return agentMessages(run).filter((m) => m['id'] === id && m['method'] === undefined);
}

export interface SessionSetUp {
  readonly pad: Pad;
  readonly run: ProxyRun;
  readonly sessionId: string;
  readonly session: StatusSessionReport;
}

/**
 * Registers the file's cleanup (each proxy's stdin closed and its end awaited, each pad closed)
 * and returns what each test starts with: a pad, the proxy with the SDK agent, and one session
 * opened in /home/dev/webshop that the pad shows.
 */
export function sessionsWithCleanup(): (options?: Omit<ProxyRunOptions, 'socketPath'>) => Promise<SessionSetUp> {
  const pads: Pad[] = [];
  const runs: ProxyRun[] = [];
  afterEach(async () => {
    for (const run of runs.splice(0)) {
      run.stdin.end();
      await run.done;
    }
    for (const pad of pads.splice(0)) await pad.handle.close();
    await cleanUpFakes();
  });
  return async (options = {}) => {
    const pad = await startPad();
    pads.push(pad);
    const run = runProxy({ socketPath: pad.socketPath, ...options });
    runs.push(run);
    const sessionId = await openSession(run.editor, '/home/dev/webshop');
    const session = await untilPadSession(pad, (s) => s.identity.sessionId === sessionId, 'the ACP session on the pad');
    return { pad, run, sessionId, session };
  };
}

/** Sends a prompt and waits for its answer. */
export function turn(run: ProxyRun, sessionId: string, text: string): Promise<Json> {
  return run.editor.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
}
