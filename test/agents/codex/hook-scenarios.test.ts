import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv } from '../shared/fake-agent.js';
import { FakeDaemon, cleanUpFakes, deadSocketPath, privateTempDir, stateAck, until } from '../shared/fake-daemon.js';
import { runCodexHook } from './hook-runner.js';

const HEX32 = /^[0-9a-f]{32}$/;
const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n';
const DENY = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Rejected from Pad-Lattice."}}}\n';

const permissionInput = {
  session_id: 'session-123',
  turn_id: 't-1',
  transcript_path: null,
  cwd: '/home/dev/repository',
  hook_event_name: 'PermissionRequest',
  model: 'gpt-test',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf build', description: 'clean' },
};

afterEach(cleanUpFakes);

/** Answers the first subscription with `action` for its own request id (or as `answer` builds it). */
function answerSubscriptions(daemon: FakeDaemon, action: string): void {
  daemon.handler = (message, connection) => {
    if (message['type'] !== 'subscribe_actions') return;
    connection.send({ protocol: 1, type: 'action', action, agent: message['agent'], request_id: message['request_id'] });
  };
}

function hookArgs(socket: string, timeout = '30'): string[] {
  return ['--socket', socket, '--approval-timeout', timeout];
}

describe('agent-adapters.md Part D', () => {
  it('scenario 1: a state with identity and metadata, on exactly one connection', async () => {
    const daemon = await FakeDaemon.start();
    const run = await runCodexHook(
      { hook_event_name: 'UserPromptSubmit', session_id: 'session-123', cwd: '/home/dev/repository', model: 'gpt-test' },
      { args: hookArgs(daemon.socketPath), env: cleanEnv() },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    await until(() => daemon.connections.every((c) => c.ended), 'the connection to end');
    expect(daemon.connections).toHaveLength(1);
    expect(daemon.connections[0]?.received).toEqual([
      {
        protocol: 1,
        type: 'state',
        state: 'running',
        agent: { backend: 'codex', session_id: 'session-123', cwd: '/home/dev/repository', model: 'gpt-test' },
      },
    ]);
  });

  it('scenario 2: the five events map to their states; other events do nothing', async () => {
    const daemon = await FakeDaemon.start();
    const expected: [string, string][] = [
      ['SessionStart', 'waiting_for_reply'],
      ['UserPromptSubmit', 'running'],
      ['PermissionRequest', 'waiting_for_approval'],
      ['PostToolUse', 'running'],
      ['Stop', 'success'],
    ];
    for (const [event] of expected) {
      const run = await runCodexHook({ hook_event_name: event, session_id: 's' }, { args: hookArgs(daemon.socketPath, '0.3'), env: cleanEnv() });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('');
    }
    expect(daemon.ofType('state').map((m) => m['state'])).toEqual(expected.map(([, state]) => state));

    const silent = await FakeDaemon.start();
    for (const input of [{ hook_event_name: 'PreCompact', session_id: 's' }, { hook_event_name: 'SubagentStop', session_id: 's' }, { session_id: 's' }]) {
      const run = await runCodexHook(input, { args: hookArgs(silent.socketPath), env: cleanEnv() });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('');
    }
    expect(silent.connections).toHaveLength(0);
  });

  it('scenario 3: no usable session_id means no connection', async () => {
    const daemon = await FakeDaemon.start();
    for (const sessionId of [undefined, '', 42, null]) {
      const input: Record<string, unknown> = { hook_event_name: 'Stop' };
      if (sessionId !== undefined) input['session_id'] = sessionId;
      const run = await runCodexHook(input, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
      expect(run).toMatchObject({ code: 0, stdout: '' });
    }
    expect(daemon.connections).toHaveLength(0);
  });

  it('scenario 4: bad input (not JSON, not an object, invalid UTF-8, empty) is a silent no-op', async () => {
    const daemon = await FakeDaemon.start();
    const invalidUtf8 = Buffer.concat([Buffer.from('{"hook_event_name":"Stop","session_id":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    for (const input of ['not-json', '[1]', invalidUtf8, '']) {
      const run = await runCodexHook(input, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
      expect(run).toMatchObject({ code: 0, stdout: '' });
    }
    expect(daemon.connections).toHaveLength(0);
  });

  it('scenario 5: empty cwd and non-string model are left out of the agent object', async () => {
    const daemon = await FakeDaemon.start();
    await runCodexHook({ hook_event_name: 'Stop', session_id: 'session-123', cwd: '', model: 7 }, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
    expect(daemon.ofType('state')[0]?.['agent']).toEqual({ backend: 'codex', session_id: 'session-123' });
  });

  it('scenario 6: the launcher environment picks the socket, lease id and label', async () => {
    const s1 = await FakeDaemon.start();
    const s2 = await FakeDaemon.start();
    const env = cleanEnv({ PAD_LATTICE_SOCKET: s2.socketPath, PAD_LATTICE_LEASE_ID: 'lease-123', PAD_LATTICE_LABEL: 'docs' });
    await runCodexHook({ hook_event_name: 'SessionStart', session_id: 'session-123' }, { args: hookArgs(s1.socketPath), env });
    expect(s1.connections).toHaveLength(0);
    const [message] = s2.ofType('state');
    expect(message?.['lease_id']).toBe('lease-123');
    expect(message?.['agent']).toEqual({ backend: 'codex', session_id: 'session-123', label: 'docs' });
  });

  it('SessionStart ends the launcher placeholder first, so the real session takes its Scene', async () => {
    const daemon = await FakeDaemon.start();
    const env = cleanEnv({ PAD_LATTICE_LEASE_ID: 'lease-123', PAD_LATTICE_PLACEHOLDER_SESSION_ID: 'starting-lease-123' });
    await runCodexHook({ hook_event_name: 'SessionStart', session_id: 'session-123' }, { args: hookArgs(daemon.socketPath), env });
    expect(daemon.messages().map((message) => message['type'])).toEqual(['session_end', 'state']);
    expect(daemon.ofType('session_end')[0]).toEqual({ protocol: 1, type: 'session_end', agent: { backend: 'codex', session_id: 'starting-lease-123' } });
    expect(daemon.ofType('state')[0]).toMatchObject({
      state: 'waiting_for_reply',
      lease_id: 'lease-123',
      agent: { backend: 'codex', session_id: 'session-123' },
    });
    // Later events, and hooks run without a launcher, leave it alone.
    await runCodexHook({ hook_event_name: 'UserPromptSubmit', session_id: 'session-123' }, { args: hookArgs(daemon.socketPath), env });
    await runCodexHook({ hook_event_name: 'SessionStart', session_id: 'session-123' }, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
    expect(daemon.ofType('session_end')).toHaveLength(1);
  });

  it('scenario 7: an empty PAD_LATTICE_SOCKET counts as unset', async () => {
    const daemon = await FakeDaemon.start();
    await runCodexHook({ hook_event_name: 'Stop', session_id: 's' }, { args: hookArgs(daemon.socketPath), env: cleanEnv({ PAD_LATTICE_SOCKET: '' }) });
    expect(daemon.ofType('state')).toHaveLength(1);
  });

  it('scenario 8: the light entry drains stdin and leaves when the effective path is not a socket', async () => {
    const dir = privateTempDir();
    const missing = join(dir, 'missing.sock');
    const regular = join(dir, 'regular-file');
    writeFileSync(regular, 'not a socket');
    const big = JSON.stringify({ hook_event_name: 'Stop', session_id: 's', padding: 'x'.repeat(256 * 1024) });
    for (const socket of [missing, regular]) {
      const run = await runCodexHook(big, { args: ['--socket', socket, '--approval-timeout', '60'], env: cleanEnv(), lightEntry: true });
      expect(run).toMatchObject({ code: 0, stdout: '', stdinConsumed: true });
    }
    // PAD_LATTICE_SOCKET is the path checked: a live --socket is not used when the variable names a regular file.
    const live = await FakeDaemon.start();
    const viaEnv = await runCodexHook(big, { args: ['--socket', live.socketPath], env: cleanEnv({ PAD_LATTICE_SOCKET: regular }), lightEntry: true });
    expect(viaEnv).toMatchObject({ code: 0, stdout: '', stdinConsumed: true });
    expect(live.connections).toHaveLength(0);
    // Control: with a live socket the same entry does report.
    await runCodexHook(big, { args: ['--socket', live.socketPath], env: cleanEnv(), lightEntry: true });
    expect(live.ofType('state')).toHaveLength(1);
  });

  it('scenario 9: a dead daemon leaves every event, PermissionRequest included, silent and prompt', async () => {
    const dead = await deadSocketPath();
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Stop']) {
      const run = await runCodexHook({ hook_event_name: event, session_id: 's' }, { args: hookArgs(dead, '30'), env: cleanEnv() });
      expect(run).toMatchObject({ code: 0, stdout: '' });
      // Refused connects end the wait at once: nowhere near the 30 s approval timeout.
      expect(run.elapsedMs).toBeLessThan(10_000);
    }
  });

  it('scenario 10: approve — state, subscription, running, then the allow decision', async () => {
    const daemon = await FakeDaemon.start();
    answerSubscriptions(daemon, 'approve');
    const run = await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(ALLOW);
    const agent = { backend: 'codex', session_id: 'session-123', cwd: '/home/dev/repository', model: 'gpt-test' };
    const [first, second, third] = daemon.connections.map((c) => c.received[0]);
    expect(daemon.connections).toHaveLength(3);
    expect(first).toEqual({ protocol: 1, type: 'state', state: 'waiting_for_approval', agent });
    expect(second).toMatchObject({
      protocol: 1,
      type: 'subscribe_actions',
      agent: { backend: 'codex', session_id: 'session-123' },
      actions: ['approve', 'reject'],
      one_shot: true,
    });
    expect(Object.keys(second ?? {}).sort()).toEqual(['actions', 'agent', 'one_shot', 'protocol', 'request_id', 'type']);
    expect(second?.['request_id']).toMatch(HEX32);
    expect(third).toEqual({ protocol: 1, type: 'state', state: 'running', agent });
  });

  it('scenario 11: reject — the deny decision, and running is still sent', async () => {
    const daemon = await FakeDaemon.start();
    answerSubscriptions(daemon, 'reject');
    const run = await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
    expect(run.stdout).toBe(DENY);
    expect(daemon.ofType('state').map((m) => m['state'])).toEqual(['waiting_for_approval', 'running']);
  });

  it('scenario 12: timeout fallback — no output, no running state, subscription closed by the hook', async () => {
    const daemon = await FakeDaemon.start();
    const run = await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath, '0.5'), env: cleanEnv() });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    // It waited the whole approval timeout, and ended by it (not by the 65 s hook limit).
    expect(run.elapsedMs).toBeGreaterThanOrEqual(500);
    expect(run.elapsedMs).toBeLessThan(5_000);
    expect(daemon.ofType('state').map((m) => m['state'])).toEqual(['waiting_for_approval']);
    const subscription = daemon.connectionOf('subscribe_actions');
    await until(() => subscription?.ended === true, 'the subscription to close');
  });

  it('scenario 13: foreign actions, errors and garbage never resolve the request', async () => {
    const daemon = await FakeDaemon.start();
    daemon.handler = (message, connection) => {
      if (message['type'] !== 'subscribe_actions') return;
      const own = { backend: 'codex', session_id: 'session-123' };
      const requestId = message['request_id'];
      connection.send({ protocol: 1, type: 'action', action: 'approve', agent: own, request_id: 'f'.repeat(32) });
      connection.send({ protocol: 1, type: 'action', action: 'approve', agent: { backend: 'codex', session_id: 'other' }, request_id: requestId });
      connection.send({ protocol: 1, type: 'action', action: 'stop', agent: own, request_id: requestId });
      connection.send({ protocol: 1, type: 'error', code: 'invalid_message', error: 'nope' });
      connection.writeRaw('garbage\n');
      setTimeout(() => connection.send({ protocol: 1, type: 'action', action: 'approve', agent: own, request_id: requestId }), 300);
    };
    const run = await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath, '1'), env: cleanEnv() });
    expect(run.stdout).toBe(ALLOW);
    // Only the last, matching line decided: had an earlier one been taken, it would have been ~300 ms sooner.
    expect(run.elapsedMs).toBeGreaterThanOrEqual(300);
  });

  it('scenario 13 (control): a foreign action alone leaves the request to time out', async () => {
    const daemon = await FakeDaemon.start();
    daemon.handler = (message, connection) => {
      if (message['type'] !== 'subscribe_actions') return;
      connection.send({ protocol: 1, type: 'action', action: 'approve', agent: { backend: 'codex', session_id: 'session-123' }, request_id: 'f'.repeat(32) });
    };
    const run = await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath, '0.4'), env: cleanEnv() });
    expect(run.stdout).toBe('');
  });

  it('scenario 14: the daemon closing mid-wait ends the hook at once with no decision', async () => {
    const daemon = await FakeDaemon.start();
    daemon.handler = (message, connection) => {
      if (message['type'] === 'subscribe_actions') setTimeout(() => connection.close(), 50);
    };
    const run = await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath, '30'), env: cleanEnv() });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.elapsedMs).toBeLessThan(10_000);
    expect(daemon.ofType('state').map((m) => m['state'])).toEqual(['waiting_for_approval']);
  });

  it('scenario 15: the lease id rides on both states, not on the subscription', async () => {
    const daemon = await FakeDaemon.start();
    answerSubscriptions(daemon, 'approve');
    await runCodexHook(permissionInput, { args: hookArgs(daemon.socketPath), env: cleanEnv({ PAD_LATTICE_LEASE_ID: 'lease-1' }) });
    expect(daemon.ofType('state').map((m) => m['lease_id'])).toEqual(['lease-1', 'lease-1']);
    expect(daemon.ofType('subscribe_actions')[0]).not.toHaveProperty('lease_id');
  });

  it('scenario 16: with PAD_LATTICE_TERMINAL_TITLE=1 the state asks for a reply and the title is written', async () => {
    const daemon = await FakeDaemon.start();
    daemon.handler = (message, connection) => {
      if (message['type'] === 'state' && message['reply'] === true) {
        connection.send({ ...stateAck('codex', 'session-123', { scene: 2, accent: 'magenta', label: 'repository' }), slot: 1 });
      }
    };
    const run = await runCodexHook(
      { hook_event_name: 'SessionStart', session_id: 'session-123' },
      { args: hookArgs(daemon.socketPath), env: cleanEnv({ PAD_LATTICE_TERMINAL_TITLE: '1' }) },
    );
    expect(run.code).toBe(0);
    expect(daemon.ofType('state')[0]?.['reply']).toBe(true);
    expect(run.titles).toEqual(['\x1b]0;[S2 MAGENTA] repository\x07']);
  });

  it('scenario 16 (control): without the variable no reply is asked and no title written', async () => {
    const daemon = await FakeDaemon.start();
    const run = await runCodexHook({ hook_event_name: 'SessionStart', session_id: 'session-123' }, { args: hookArgs(daemon.socketPath), env: cleanEnv() });
    expect(daemon.ofType('state')[0]).not.toHaveProperty('reply');
    expect(run.titles).toEqual([]);
  });

  it('scenario 17: title edge cases — no scene, messy labels, long labels, errors and silence', async () => {
    const daemon = await FakeDaemon.start();
    let reply: ((connection: { send(m: object): void; writeRaw(t: string): void }) => void) | null = null;
    daemon.handler = (message, connection) => {
      if (message['type'] === 'state' && message['reply'] === true) reply?.(connection);
    };
    const env = cleanEnv({ PAD_LATTICE_TERMINAL_TITLE: '1' });
    const input = { hook_event_name: 'SessionStart', session_id: 'session-123' };
    const titleFor = async (answer: typeof reply) => {
      reply = answer;
      const run = await runCodexHook(input, { args: hookArgs(daemon.socketPath), env });
      expect(run).toMatchObject({ code: 0, stdout: '' });
      return run.titles;
    };

    expect(await titleFor((c) => c.send(stateAck('codex', 'session-123', { scene: null, accent: 'cyan', label: 'x' })))).toEqual([]);
    expect(await titleFor((c) => c.send(stateAck('codex', 'session-123', { scene: 1, accent: 'cyan', label: 'a\tb\n  c' })))).toEqual([
      '\x1b]0;[S1 CYAN] a b c\x07',
    ]);
    const long = 'L'.repeat(100);
    expect(await titleFor((c) => c.send(stateAck('codex', 'session-123', { scene: 1, accent: 'cyan', label: long })))).toEqual([
      `\x1b]0;[S1 CYAN] ${'L'.repeat(64)}\x07`,
    ]);
    expect(await titleFor((c) => c.send({ protocol: 1, type: 'error', code: 'invalid_message', error: 'no' }))).toEqual([]);
    expect(await titleFor(() => undefined)).toEqual([]);
  });
});
