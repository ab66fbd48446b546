import { EventEmitter } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeDaemon, cleanUpFakes, privateTempDir, until, type FakeConnection } from '../shared/fake-daemon.js';
import { runHook } from './hook-runner.js';

const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n';
const DENY = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Rejected from Pad-Lattice."}}}\n';
const HEX32 = /^[0-9a-f]{32}$/;

let daemon: FakeDaemon;
let runtimeDir: string;
let socket: string;

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { XDG_RUNTIME_DIR: runtimeDir, ...extra };
}

function hookArgs(timeout = '30'): string[] {
  return ['--socket', socket, '--approval-timeout', timeout];
}

function permissionRequest(sessionId = 'abc123', command = 'npm test'): object {
  return { session_id: sessionId, cwd: '/home/dev/project', hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command } };
}

function waitersDir(): string {
  return join(runtimeDir, 'pad-lattice', 'claude-waiters');
}

function markerFiles(): string[] {
  return existsSync(waitersDir()) ? readdirSync(waitersDir()) : [];
}

/** Resolves with the n-th subscription connection once it has arrived. */
async function subscription(n = 0): Promise<FakeConnection> {
  await until(() => daemon.connectionsOf('subscribe_actions').length > n, `subscription ${n}`);
  return daemon.connectionsOf('subscribe_actions')[n] as FakeConnection;
}

function answer(connection: FakeConnection, action: string, agent: object = { backend: 'claude', session_id: 'abc123' }): void {
  const requestId = connection.received[0]?.['request_id'];
  connection.send({ protocol: 1, type: 'action', action, agent, request_id: requestId });
}

function statesOf(sessionId: string): unknown[] {
  return daemon
    .ofType('state')
    .filter((m) => (m['agent'] as Record<string, unknown>)['session_id'] === sessionId)
    .map((m) => m['state']);
}

beforeEach(async () => {
  runtimeDir = privateTempDir('pl-claude-rt-');
  socket = join(privateTempDir('pl-claude-sock-'), 'daemon.sock');
  daemon = await FakeDaemon.start(socket);
});

afterEach(cleanUpFakes);

describe('agent-adapters.md Part D', () => {
  describe('Claude hook', () => {
    it('scenario 38: SessionStart reports waiting_for_reply with project dir, model, label and lease id', async () => {
      const input = { session_id: 'abc123', cwd: '/home/dev/project/src', hook_event_name: 'SessionStart', source: 'startup', model: 'claude-opus-5' };
      const run = await runHook(input, {
        args: hookArgs(),
        env: env({ CLAUDE_PROJECT_DIR: '/home/dev/project', PAD_LATTICE_LEASE_ID: 'lease-1', PAD_LATTICE_LABEL: 'docs' }),
      });
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(daemon.messages()).toEqual([
        {
          protocol: 1,
          type: 'state',
          state: 'waiting_for_reply',
          agent: { backend: 'claude', session_id: 'abc123', cwd: '/home/dev/project', model: 'claude-opus-5', label: 'docs' },
          lease_id: 'lease-1',
        },
      ]);
      expect(daemon.connections).toHaveLength(1);
    });

    it('scenario 39: without CLAUDE_PROJECT_DIR the input cwd is used', async () => {
      const run = await runHook(
        { session_id: 'abc123', cwd: '/home/dev/other', hook_event_name: 'UserPromptSubmit', prompt: 'hi' },
        { args: hookArgs(), env: env() },
      );
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(daemon.messages()).toEqual([
        { protocol: 1, type: 'state', state: 'running', agent: { backend: 'claude', session_id: 'abc123', cwd: '/home/dev/other' } },
      ]);
    });

    it('scenario 40: event mapping, and events that send nothing', async () => {
      const cases: [object, string | null][] = [
        [{ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: {}, tool_response: {} }, 'running'],
        [{ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: {}, error: 'boom' }, 'running'],
        [{ hook_event_name: 'Stop', stop_hook_active: false }, 'success'],
        [{ hook_event_name: 'StopFailure', error: 'rate_limit' }, 'error'],
        [{ hook_event_name: 'SessionStart', source: 'compact' }, null],
        [{ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {} }, null],
        [{ hook_event_name: 'SubagentStop' }, null],
        [{ hook_event_name: 'PreCompact' }, null],
        [{ hook_event_name: 'CwdChanged' }, null],
      ];
      for (const [fields, expected] of cases) {
        const before = daemon.connections.length;
        const run = await runHook({ session_id: 'abc123', cwd: '/w', ...fields }, { args: hookArgs(), env: env() });
        expect(run).toMatchObject({ code: 0, stdout: '' });
        if (expected === null) {
          expect(daemon.connections.length, JSON.stringify(fields)).toBe(before);
        } else {
          expect(daemon.connections.length).toBe(before + 1);
          expect(daemon.messages().at(-1)).toMatchObject({ type: 'state', state: expected });
        }
      }
    });

    it('scenario 41: notifications', async () => {
      const cases: [string | undefined, string | null][] = [
        ['permission_prompt', 'waiting_for_approval'],
        ['idle_prompt', 'waiting_for_reply'],
        ['elicitation_dialog', 'waiting_for_reply'],
        ['elicitation_url_dialog', 'waiting_for_reply'],
        ['agent_needs_input', 'waiting_for_reply'],
        ['auth_success', null],
        [undefined, null],
      ];
      for (const [type, expected] of cases) {
        const before = daemon.connections.length;
        const input = { session_id: 'abc123', hook_event_name: 'Notification', message: 'm', ...(type === undefined ? {} : { notification_type: type }) };
        const run = await runHook(input, { args: hookArgs(), env: env() });
        expect(run).toMatchObject({ code: 0, stdout: '' });
        if (expected === null) expect(daemon.connections.length, String(type)).toBe(before);
        else expect(daemon.messages().at(-1)).toMatchObject({ type: 'state', state: expected });
      }
    });

    it('scenario 42: SessionEnd sends session_end with the identity only', async () => {
      const run = await runHook(
        { session_id: 'abc123', hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' },
        { args: hookArgs(), env: env({ PAD_LATTICE_LEASE_ID: 'lease-1' }) },
      );
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(daemon.messages()).toEqual([{ protocol: 1, type: 'session_end', agent: { backend: 'claude', session_id: 'abc123' } }]);
    });

    it('scenario 43: approve', async () => {
      const hook = runHook(permissionRequest(), { args: hookArgs(), env: env() });
      const waiter = await subscription();
      expect(markerFiles()).toHaveLength(1);
      answer(waiter, 'approve');
      const run = await hook;
      expect(run).toMatchObject({ code: 0, stdout: ALLOW });
      const agent = { backend: 'claude', session_id: 'abc123', cwd: '/home/dev/project' };
      // Pad-Lattice's extension adds one line on the subscription connection: what the request is for.
      const [first, second, details, third, ...rest] = daemon.messages();
      expect(rest).toEqual([]);
      expect(details).toEqual({
        protocol: 1,
        type: 'approval_details',
        agent: { backend: 'claude', session_id: 'abc123' },
        request_id: second?.['request_id'],
        tool: 'Bash',
        detail: 'npm test',
      });
      expect(first).toEqual({ protocol: 1, type: 'state', state: 'waiting_for_approval', agent });
      expect(second).toMatchObject({
        protocol: 1,
        type: 'subscribe_actions',
        agent: { backend: 'claude', session_id: 'abc123' },
        actions: ['approve', 'reject'],
        one_shot: true,
      });
      expect(Object.keys(second ?? {}).sort()).toEqual(['actions', 'agent', 'one_shot', 'protocol', 'request_id', 'type']);
      expect(second?.['request_id']).toMatch(HEX32);
      expect(third).toEqual({ protocol: 1, type: 'state', state: 'running', agent });
      expect(markerFiles()).toEqual([]);
    });

    it('scenario 44: reject prints deny with the message and nothing else', async () => {
      const hook = runHook(permissionRequest(), { args: hookArgs(), env: env() });
      answer(await subscription(), 'reject');
      const run = await hook;
      expect(run.stdout).toBe(DENY);
      expect(run.stdout).not.toMatch(/interrupt|updatedInput|updatedPermissions/);
      expect(statesOf('abc123')).toEqual(['waiting_for_approval', 'running']);
    });

    it('scenario 45: timeout prints nothing, sends no running, removes the marker', async () => {
      const run = await runHook(permissionRequest(), { args: hookArgs('0.5'), env: env() });
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(run.elapsedMs).toBeGreaterThanOrEqual(490);
      expect(run.elapsedMs).toBeLessThan(3_000);
      expect(statesOf('abc123')).toEqual(['waiting_for_approval']);
      await until(() => daemon.connectionsOf('subscribe_actions')[0]?.ended === true, 'the subscription to close');
      expect(markerFiles()).toEqual([]);
    });

    it('scenario 46: question tools are reported as waiting for a reply, without a waiter', async () => {
      // AskUserQuestion with questions the pad can show goes to the pad (question-hooks.test.ts); without them it is as before.
      for (const tool of ['AskUserQuestion', 'ExitPlanMode']) {
        const before = daemon.lines.length;
        const run = await runHook(
          { session_id: 'abc123', hook_event_name: 'PermissionRequest', tool_name: tool, tool_input: {} },
          { args: hookArgs(), env: env() },
        );
        expect(run).toMatchObject({ code: 0, stdout: '' });
        expect(run.elapsedMs).toBeLessThan(3_000);
        expect(daemon.messages().slice(before)).toEqual([
          { protocol: 1, type: 'state', state: 'waiting_for_reply', agent: { backend: 'claude', session_id: 'abc123' } },
        ]);
      }
      expect(daemon.connectionsOf('subscribe_actions')).toEqual([]);
    });

    it('scenario 47: a matching PostToolUse retires the waiter before it reports', async () => {
      const waiterRun = runHook(permissionRequest(), { args: hookArgs('30'), env: env() });
      const waiter = await subscription();
      const post = { session_id: 'abc123', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: {} };
      const postRun = await runHook(post, { args: hookArgs(), env: env() });
      const retired = await waiterRun;
      expect(retired).toMatchObject({ code: 0, stdout: '' });
      expect(retired.elapsedMs).toBeLessThan(5_000);
      expect(postRun).toMatchObject({ code: 0, stdout: '' });
      const postConnection = daemon.connections.find((c) => c.received[0]?.['state'] === 'running');
      expect(postConnection).toBeDefined();
      const waiterEnd = daemon.events.findIndex((e) => e.kind === 'end' && e.connection === waiter.index);
      const postAccept = daemon.events.findIndex((e) => e.kind === 'accept' && e.connection === postConnection?.index);
      expect(waiterEnd).toBeGreaterThanOrEqual(0);
      expect(waiterEnd).toBeLessThan(postAccept);
      expect(statesOf('abc123')).toEqual(['waiting_for_approval', 'running']);
      expect(markerFiles()).toEqual([]);
    });

    it('a PermissionDenied for the same call retires the waiter, then reports running (auto mode refused it)', async () => {
      const waiterRun = runHook(permissionRequest(), { args: hookArgs('30'), env: env() });
      await subscription();
      const denied = {
        session_id: 'abc123',
        hook_event_name: 'PermissionDenied',
        tool_name: 'Bash',
        tool_input: { command: 'npm test' },
        tool_use_id: 'toolu_1',
        reason: 'blocked',
      };
      await runHook(denied, { args: hookArgs(), env: env() });
      expect(await waiterRun).toMatchObject({ code: 0, stdout: '' });
      expect(statesOf('abc123')).toEqual(['waiting_for_approval', 'running']);
      expect(markerFiles()).toEqual([]);
    });

    it('an answer in the terminal (Claude Code sends the hook SIGTERM) ends the wait at once: no decision, waiting_for_reply', async () => {
      const signals = new EventEmitter();
      const hook = runHook(permissionRequest(), { args: hookArgs('30'), env: env(), signals });
      const waiter = await subscription();
      signals.emit('SIGTERM');
      const run = await hook;
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(run.elapsedMs).toBeLessThan(5_000);
      expect(waiter.ended).toBe(true);
      expect(statesOf('abc123')).toEqual(['waiting_for_approval', 'waiting_for_reply']);
      expect(markerFiles()).toEqual([]);
      expect(signals.listenerCount('SIGTERM')).toBe(0);
    });

    it('after a terminal "Yes" the PostToolUse of that call reports running after the waiter, never before', async () => {
      const signals = new EventEmitter();
      const hook = runHook(permissionRequest(), { args: hookArgs('30'), env: env(), signals });
      await subscription();
      signals.emit('SIGTERM');
      const post = { session_id: 'abc123', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_response: {} };
      await Promise.all([hook, runHook(post, { args: hookArgs(), env: env() })]);
      expect(statesOf('abc123')).toEqual(['waiting_for_approval', 'waiting_for_reply', 'running']);
    });

    it('scenario 48: no supersede for another input or another session', async () => {
      const waiterRun = runHook(permissionRequest(), { args: hookArgs('30'), env: env() });
      const waiter = await subscription();
      await runHook(
        { session_id: 'abc123', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm run lint' } },
        { args: hookArgs(), env: env() },
      );
      await runHook(
        { session_id: 'xyz', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' } },
        { args: hookArgs(), env: env() },
      );
      expect(waiter.ended).toBe(false);
      expect(markerFiles()).toHaveLength(1);
      answer(waiter, 'approve');
      expect((await waiterRun).stdout).toBe(ALLOW);
    });

    it('scenario 49: turn boundaries retire every waiter of the session, and only of that session', async () => {
      const boundaries: object[] = [
        { hook_event_name: 'Stop' },
        { hook_event_name: 'UserPromptSubmit', prompt: 'next' },
        { hook_event_name: 'SessionStart', source: 'resume' },
        { hook_event_name: 'SessionEnd', reason: 'clear' },
        { hook_event_name: 'Notification', notification_type: 'idle_prompt' },
      ];
      const other = runHook(permissionRequest('xyz'), { args: hookArgs('30'), env: env() });
      const otherWaiter = await subscription(0);
      for (const boundary of boundaries) {
        const count = daemon.connectionsOf('subscribe_actions').length;
        const first = runHook(permissionRequest('abc123', 'one'), { args: hookArgs('30'), env: env() });
        const second = runHook(permissionRequest('abc123', 'two'), { args: hookArgs('30'), env: env() });
        const [a, b] = [await subscription(count), await subscription(count + 1)];
        const before = daemon.lines.length;
        await runHook({ session_id: 'abc123', ...boundary }, { args: hookArgs(), env: env() });
        const [firstRun, secondRun] = await Promise.all([first, second]);
        expect(firstRun.stdout + secondRun.stdout).toBe('');
        // Both waiters were gone before the boundary's own report arrived.
        const reportIndex = daemon.lines.findIndex((line, i) => i >= before && (line.message['agent'] as Record<string, unknown>)['session_id'] === 'abc123');
        const reportConnection = daemon.lines[reportIndex]?.connection;
        const acceptIndex = daemon.events.findIndex((e) => e.kind === 'accept' && e.connection === reportConnection);
        for (const waiter of [a, b]) {
          const endIndex = daemon.events.findIndex((e) => e.kind === 'end' && e.connection === waiter.index);
          expect(endIndex, JSON.stringify(boundary)).toBeGreaterThanOrEqual(0);
          expect(endIndex, JSON.stringify(boundary)).toBeLessThan(acceptIndex);
        }
        expect(otherWaiter.ended, JSON.stringify(boundary)).toBe(false);
      }
      expect(markerFiles()).toHaveLength(1);
      answer(otherWaiter, 'approve', { backend: 'claude', session_id: 'xyz' });
      expect((await other).stdout).toBe(ALLOW);
    });

    it('scenario 52: an unsafe runtime directory disables the registry but not approvals', async () => {
      const { chmodSync, mkdirSync, symlinkSync } = await import('node:fs');
      mkdirSync(join(runtimeDir, 'pad-lattice'), { mode: 0o700 });
      chmodSync(join(runtimeDir, 'pad-lattice'), 0o770);
      const hook = runHook(permissionRequest(), { args: hookArgs(), env: env() });
      answer(await subscription(), 'approve');
      expect((await hook).stdout).toBe(ALLOW);
      expect(readdirSync(join(runtimeDir, 'pad-lattice'))).toEqual([]);

      const linked = privateTempDir('pl-claude-rt-');
      symlinkSync(privateTempDir('pl-claude-target-'), join(linked, 'pad-lattice'));
      const second = runHook(permissionRequest(), { args: hookArgs(), env: { XDG_RUNTIME_DIR: linked } });
      answer(await subscription(1), 'approve');
      expect((await second).stdout).toBe(ALLOW);
      expect(readdirSync(join(linked, 'pad-lattice'))).toEqual([]);
    });

    it('scenario 53: never exit 2', async () => {
      const zero = await runHook(permissionRequest(), {
        args: ['--agent', 'claude', '--approval-timeout', '0', '--socket', socket],
        env: env(),
        lightEntry: true,
      });
      expect(zero.code).toBe(1);
      expect(zero.stderr).toMatch(/approval_timeout must be positive/);
      expect(zero.stdout).toBe('');
      const unknown = await runHook(permissionRequest(), { args: ['--agent', 'claude', '--socket', socket, '--bogus'], env: env(), lightEntry: true });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).not.toBe('');
      const fallbackUnknown = await runHook(permissionRequest(), { args: ['--frobnicate'], env: env() });
      expect(fallbackUnknown.code).toBe(1);
      const invalid = await runHook('{not json', { args: ['--agent', 'claude', '--socket', socket], env: env(), lightEntry: true });
      expect(invalid).toMatchObject({ code: 0, stdout: '' });
      expect(daemon.connections).toEqual([]);
    });

    it('scenario 54: without a daemon every event drains stdin, prints nothing, exits 0, creates no marker', async () => {
      const missing = join(privateTempDir('pl-claude-none-'), 'absent.sock');
      const events: object[] = [
        { hook_event_name: 'SessionStart', source: 'startup' },
        { hook_event_name: 'UserPromptSubmit', prompt: 'p' },
        permissionRequest(),
        { hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: {} },
        { hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: {} },
        { hook_event_name: 'Notification', notification_type: 'idle_prompt' },
        { hook_event_name: 'Stop' },
        { hook_event_name: 'StopFailure', error: 'server_error' },
        { hook_event_name: 'SessionEnd', reason: 'other' },
      ];
      const runAll = async (lightEntry: boolean) => {
        for (const event of events) {
          const run = await runHook({ session_id: 'abc123', ...event }, { args: ['--socket', missing, '--approval-timeout', '30'], env: env(), lightEntry });
          expect(run, JSON.stringify(event)).toMatchObject({ code: 0, stdout: '', stderr: '', stdinConsumed: true });
          expect(run.elapsedMs).toBeLessThan(3_000);
        }
      };
      // pad-lattice-hook: the socket pre-check stops before the registry is even opened.
      await runAll(true);
      expect(existsSync(join(runtimeDir, 'pad-lattice'))).toBe(false);
      // claude-hook (no pre-check): the connection fails at once and no marker is left behind.
      await runAll(false);
      expect(markerFiles()).toEqual([]);
    });

    it('scenario 55: the daemon closing the subscription ends the wait with no output', async () => {
      const hook = runHook(permissionRequest(), { args: hookArgs('30'), env: env() });
      (await subscription()).close();
      const run = await hook;
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(run.elapsedMs).toBeLessThan(5_000);
      expect(statesOf('abc123')).toEqual(['waiting_for_approval']);
      expect(markerFiles()).toEqual([]);
    });
  });

  describe('Claude launcher (hook side)', () => {
    it('scenario 61: /clear ends the old identity and reports the new one under the same lease', async () => {
      const leased = env({ PAD_LATTICE_LEASE_ID: 'lease-1' });
      await runHook({ session_id: 's1', hook_event_name: 'SessionStart', source: 'startup' }, { args: hookArgs(), env: leased });
      await runHook({ session_id: 's1', hook_event_name: 'SessionEnd', reason: 'clear' }, { args: hookArgs(), env: leased });
      await runHook({ session_id: 's2', hook_event_name: 'SessionStart', source: 'clear' }, { args: hookArgs(), env: leased });
      expect(daemon.messages()).toEqual([
        { protocol: 1, type: 'state', state: 'waiting_for_reply', agent: { backend: 'claude', session_id: 's1' }, lease_id: 'lease-1' },
        { protocol: 1, type: 'session_end', agent: { backend: 'claude', session_id: 's1' } },
        { protocol: 1, type: 'state', state: 'waiting_for_reply', agent: { backend: 'claude', session_id: 's2' }, lease_id: 'lease-1' },
      ]);
    });

    it('scenario 62: a compaction restart sends nothing and leaves the waiter alone', async () => {
      const hook = runHook(permissionRequest(), { args: hookArgs('30'), env: env() });
      const waiter = await subscription();
      const before = daemon.lines.length;
      const run = await runHook({ session_id: 'abc123', hook_event_name: 'SessionStart', source: 'compact' }, { args: hookArgs(), env: env() });
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(daemon.lines.length).toBe(before);
      expect(waiter.ended).toBe(false);
      expect(markerFiles()).toHaveLength(1);
      answer(waiter, 'approve');
      expect((await hook).stdout).toBe(ALLOW);
    });
  });
});
