import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { runCodexExec } from '../../../src/agents/codex/exec.js';
import { captureIo } from '../../helpers/capture-io.js';
import { cleanEnv, makeFakeAgent } from '../shared/fake-agent.js';
import { FakeDaemon, cleanUpFakes, tempSocketPath, until } from '../shared/fake-daemon.js';

const HEX32 = /^[0-9a-f]{32}$/;

afterEach(cleanUpFakes);

interface ExecRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function startExec(args: readonly string[], env: NodeJS.ProcessEnv): Promise<ExecRun> {
  const capture = captureIo('', env);
  return runCodexExec(args, capture.io, { signals: new EventEmitter(), lingerEntry: null }).then(async (code) => {
    await new Promise((resolve) => setImmediate(resolve));
    return { code, stdout: capture.stdout(), stderr: capture.stderr() };
  });
}

function states(daemon: FakeDaemon): string[] {
  return daemon.ofType('state').map((message) => String(message['state']));
}

describe('agent-adapters.md Part D', () => {
  it('scenario 30: codex exec events become states of one codex-exec identity; messages and plain lines are printed', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent({
      output: [
        '{"type":"thread.started","thread_id":"t"}',
        '{"type":"turn.started"}',
        '{"type":"item.started","item":{"type":"command_execution"}}',
        '{"type":"item.completed","item":{"type":"agent_message","text":"done"}}',
        'not json',
        '{"type":"turn.completed","usage":{}}',
      ],
    });
    const run = await startExec(['--socket', daemon.socketPath, '--codex', agent.bin, 'fix', 'the bug'], cleanEnv(agent.env));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('done\nnot json\n');
    expect(states(daemon)).toEqual(['running', 'running', 'running', 'running', 'success']);
    const agents = daemon.ofType('state').map((message) => message['agent'] as Record<string, unknown>);
    const identity = agents[0];
    expect(identity?.['backend']).toBe('codex-exec');
    expect(identity?.['session_id']).toMatch(HEX32);
    for (const each of agents) expect(each).toEqual({ backend: 'codex-exec', session_id: identity?.['session_id'] });
    expect(daemon.ofType('subscribe_actions')).toEqual([{ protocol: 1, type: 'subscribe_actions', agent: identity, actions: ['stop'] }]);
    // The prompt words become one argument after `--` (Codex takes one prompt; a leading `-` stays text).
    expect(agent.record()?.argv.slice(1)).toEqual(['exec', '--json', '--', 'fix the bug']);
    // The run is over, so the session leaves the pad at once, after its last state.
    expect(daemon.ofType('session_end')).toEqual([{ protocol: 1, type: 'session_end', agent: identity }]);
    expect(daemon.messages().at(-1)?.['type']).toBe('session_end');
  });

  it('scenario 30 (lines that parse but are not objects): copied to stdout like plain text', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent({ output: ['42', '[1]', '  ', '"text"'] });
    const run = await startExec(['--socket', daemon.socketPath, '--codex', agent.bin, 'go'], cleanEnv(agent.env));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('42\n[1]\n"text"\n');
  });

  it('scenario 31: an error event is echoed on stderr and a failing exit reports error again', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent({ output: ['{"type":"error","message":"boom"}'], exitStatus: 3 });
    const run = await startExec(['--socket', daemon.socketPath, '--codex', agent.bin, 'go'], cleanEnv(agent.env));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('{"type":"error","message":"boom"}\n');
    expect(states(daemon)).toEqual(['running', 'error', 'error']);
    expect(daemon.ofType('session_end')).toHaveLength(1);
  });

  it('scenario 32: Stop from the surface terminates Codex and the run ends cancelled', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent({ waitForSigterm: true });
    const running = startExec(['--socket', daemon.socketPath, '--codex', agent.bin, 'go'], cleanEnv(agent.env));
    await until(() => daemon.ofType('subscribe_actions').length === 1 && agent.record() !== null, 'the Stop subscription and the child');
    const subscription = daemon.connectionOf('subscribe_actions');
    const identity = daemon.ofType('subscribe_actions')[0]?.['agent'] as Record<string, unknown>;
    // A stop for another session is ignored.
    subscription?.send({ protocol: 1, type: 'action', action: 'stop', agent: { backend: 'codex-exec', session_id: 'f'.repeat(32) } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(agent.record()).not.toBeNull();
    subscription?.send({ protocol: 1, type: 'action', action: 'stop', agent: identity });
    const run = await running;
    expect(run.code).toBe(143);
    expect(readFileSync(agent.doneFile, 'utf8')).toBe('sigterm');
    expect(run.stderr).toContain('pad-lattice: stop requested from Launchpad\n');
    expect(states(daemon).at(-1)).toBe('cancelled');
    expect(states(daemon)).not.toContain('error');
    expect(daemon.ofType('session_end')).toEqual([{ protocol: 1, type: 'session_end', agent: identity }]);
  });

  it('scenario 32 (control): nothing stops Codex before the matching Stop', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent({ waitForSigterm: true });
    const running = startExec(['--socket', daemon.socketPath, '--codex', agent.bin, 'go'], cleanEnv(agent.env));
    await until(() => daemon.ofType('subscribe_actions').length === 1 && agent.record() !== null, 'the child');
    const subscription = daemon.connectionOf('subscribe_actions');
    subscription?.send({ protocol: 1, type: 'action', action: 'stop', agent: { backend: 'codex-exec', session_id: 'f'.repeat(32) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(agent.doneFile)).toBe(false);
    const identity = daemon.ofType('subscribe_actions')[0]?.['agent'] as Record<string, unknown>;
    subscription?.send({ protocol: 1, type: 'action', action: 'stop', agent: identity });
    await running;
    expect(existsSync(agent.doneFile)).toBe(true);
  });

  it('scenario 33: without a daemon Codex still runs and its message is printed, after one warning', async () => {
    const agent = makeFakeAgent({
      output: ['{"type":"item.completed","item":{"type":"agent_message","text":"hello"}}', '{"type":"turn.completed"}'],
      exitStatus: 5,
    });
    const run = await startExec(['--socket', tempSocketPath(), '--codex', agent.bin, 'go'], cleanEnv(agent.env));
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('hello\n');
    expect(run.stderr).toBe('pad-lattice: daemon unavailable; state will not be shown\n');
  });

  it('scenario 34: a Codex that cannot start reports running then error, and exits 1', async () => {
    const daemon = await FakeDaemon.start();
    const run = await startExec(['--socket', daemon.socketPath, '--codex', '/nonexistent', 'go'], cleanEnv());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('pad-lattice: cannot start /nonexistent: it was not found; install it, or name its executable with --codex\n');
    expect(states(daemon)).toEqual(['running', 'error']);
    const [first, second] = daemon.ofType('state').map((message) => message['agent']);
    expect(second).toEqual(first);
    expect(daemon.ofType('session_end').map((message) => message['agent'])).toEqual([first]);
  });

  it('codex-exec without a prompt is a usage error (exit 2)', async () => {
    const run = await startExec(['--socket', tempSocketPath()], cleanEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('pad-lattice: codex-exec requires a prompt\n');
  });
});
