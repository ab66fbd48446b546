import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGeminiHookProcess } from '../../../src/agents/gemini/hook-entry.js';
import { REJECT_MESSAGE } from '../../../src/agents/shared/permission-decision.js';
import { FakeDaemon, cleanUpFakes, deadSocketPath, privateTempDir, until } from '../shared/fake-daemon.js';
import { runHookInProcess, type HookRun } from '../shared/hook-run.js';

/* What the Gemini hook makes of the inputs Gemini CLI 0.61.0 really sent (test/fixtures/agents/gemini/hook-inputs). */

const DIR = fileURLToPath(new URL('../../fixtures/agents/gemini/hook-inputs/', import.meta.url));
const SESSION = '9c2b38f5-c171-4aef-a08a-4bcbd7d8aeba';
const IDENTITY = { backend: 'gemini', session_id: SESSION };
const ASK = '{"decision":"ask"}\n';

function captured(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

let daemon: FakeDaemon;
let env: NodeJS.ProcessEnv;
let stopSignals: EventEmitter;

function runHook(input: object, socket = daemon.socketPath, timeout = '30'): Promise<HookRun> {
  return runHookInProcess(input, env, (io) =>
    runGeminiHookProcess(['--agent', 'gemini', '--socket', socket, '--approval-timeout', timeout], io, {
      socketRequired: true,
      precheck: true,
      commandName: 'pad-lattice-hook',
      stopSignals,
    }),
  );
}

async function subscription(n = 1) {
  await until(() => daemon.connectionsOf('subscribe_actions').length >= n, 'the pad subscription');
  return daemon.connectionsOf('subscribe_actions')[n - 1]!;
}

beforeEach(async () => {
  daemon = await FakeDaemon.start(join(privateTempDir('pl-gemini-sock-'), 'daemon.sock'));
  env = { XDG_RUNTIME_DIR: privateTempDir('pl-gemini-rt-'), PAD_LATTICE_LEASE_ID: 'lease-1', PAD_LATTICE_LABEL: 'docs', PAD_LATTICE_GEMINI_GATE: '1' };
  stopSignals = new EventEmitter();
});

afterEach(cleanUpFakes);

describe('Gemini CLI 0.61.0 hook inputs, as captured', () => {
  it('every captured event is covered here', () => {
    expect(
      readdirSync(DIR)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(['AfterAgent', 'AfterTool', 'BeforeAgent', 'BeforeTool', 'Notification-ToolPermission', 'SessionEnd', 'SessionStart'].map((n) => `${n}.json`));
  });

  it.each([
    ['SessionStart', 'waiting_for_reply'],
    ['BeforeAgent', 'running'],
    ['AfterTool', 'running'],
    ['Notification-ToolPermission', 'waiting_for_approval'],
    ['AfterAgent', 'success'],
  ])('%s reports %s with the project folder, label and lease id, and prints nothing', async (name, state) => {
    const run = await runHook({ ...captured(name), session_id: SESSION });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.ofType('state')).toEqual([
      expect.objectContaining({ state, lease_id: 'lease-1', agent: { ...IDENTITY, cwd: '/home/dev/project', label: 'docs' } }),
    ]);
  });

  it('SessionEnd ends the session on the pad', async () => {
    await runHook({ ...captured('SessionEnd'), session_id: SESSION });
    expect(daemon.messages()).toEqual([{ protocol: 1, type: 'session_end', agent: IDENTITY }]);
  });

  it('BeforeTool of a shell command waits for the pad with the command as its details; Approve prints "proceed" ({})', async () => {
    const hook = runHook(captured('BeforeTool'));
    const waiter = await subscription();
    expect(waiter.received[0]).toMatchObject({ type: 'subscribe_actions', agent: IDENTITY, actions: ['approve', 'reject'], one_shot: true });
    await until(() => waiter.received.length >= 2, 'the approval details');
    expect(waiter.received[1]).toMatchObject({ tool: 'run_shell_command', detail: 'echo one > /home/dev/project/one.txt' });
    waiter.send({ protocol: 1, type: 'action', action: 'approve', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    expect(await hook).toMatchObject({ code: 0, stdout: '{}\n' });
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_approval', 'running']);
  });

  it('Reject prints Gemini’s deny decision with Pad-Lattice’s reason', async () => {
    const hook = runHook(captured('BeforeTool'));
    const waiter = await subscription();
    waiter.send({ protocol: 1, type: 'action', action: 'reject', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    expect(JSON.parse((await hook).stdout)).toEqual({ decision: 'deny', reason: REJECT_MESSAGE });
  });

  it('no answer in time hands over to Gemini’s own confirmation ("ask")', async () => {
    expect(await runHook(captured('BeforeTool'), daemon.socketPath, '0.3')).toMatchObject({ code: 0, stdout: ASK });
  });

  it('without a daemon, a gated BeforeTool still answers "ask": under the session policy, silence would run the tool', async () => {
    expect(await runHook(captured('BeforeTool'), await deadSocketPath())).toMatchObject({ code: 0, stdout: ASK });
    expect(await runHook(captured('SessionStart'), await deadSocketPath())).toMatchObject({ code: 0, stdout: '' });
  });

  it('a bad option (exit 1) still answers "ask" for a gated BeforeTool', async () => {
    const run = await runHookInProcess(captured('BeforeTool'), env, (io) =>
      runGeminiHookProcess(['--agent', 'gemini', '--socket', daemon.socketPath, '--approval-timeout', 'soon'], io, {
        socketRequired: true,
        precheck: true,
        commandName: 'pad-lattice-hook',
      }),
    );
    expect(run).toMatchObject({ code: 1, stdout: ASK });
  });

  it('tools Gemini runs without asking, and every tool when the launcher added no session policy, pass without the pad', async () => {
    const readFile = { ...captured('BeforeTool'), tool_name: 'read_file', tool_input: { file_path: '/home/dev/project/a.txt' } };
    expect(await runHook(readFile)).toMatchObject({ code: 0, stdout: '' });
    env = { ...env, PAD_LATTICE_GEMINI_GATE: '0' };
    expect(await runHook(captured('BeforeTool'))).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.messages()).toEqual([]);
  });

  it('the next prompt retires a request left waiting (Gemini does not stop a hook whose turn was cancelled with Esc)', async () => {
    const hook = runHook(captured('BeforeTool'));
    const waiter = await subscription();
    await runHook(captured('BeforeAgent'));
    expect(await hook).toMatchObject({ code: 0, stdout: ASK });
    expect(waiter.ended).toBe(true);
    // The retired waiter let go of the pad before the new turn's state was sent.
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_approval', 'running']);
  });

  it('Gemini calling the hook off (SIGTERM at its timeout) ends the wait', async () => {
    const hook = runHook(captured('BeforeTool'));
    await subscription();
    stopSignals.emit('SIGTERM');
    expect(await hook).toMatchObject({ code: 0, stdout: ASK });
  });
});
