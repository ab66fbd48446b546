import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeDaemon, cleanUpFakes, privateTempDir, until } from '../shared/fake-daemon.js';
import { runHook } from './hook-runner.js';

/* What the Claude hook makes of the inputs Claude Code 2.1.332 really sent (test/fixtures/agents/claude/hook-inputs). */

const DIR = fileURLToPath(new URL('../../fixtures/agents/claude/hook-inputs/', import.meta.url));
const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n';
const IDENTITY = { backend: 'claude', session_id: '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' };

function captured(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

let daemon: FakeDaemon;
let args: string[];
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  daemon = await FakeDaemon.start(join(privateTempDir('pl-claude-sock-'), 'daemon.sock'));
  args = ['--socket', daemon.socketPath, '--approval-timeout', '30'];
  env = { XDG_RUNTIME_DIR: privateTempDir('pl-claude-rt-'), PAD_LATTICE_LEASE_ID: 'lease-1' };
});

afterEach(cleanUpFakes);

describe('Claude Code 2.1.332 hook inputs, as captured', () => {
  it('every captured event is covered here', () => {
    expect(
      readdirSync(DIR)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(
      [
        'Notification-agent_needs_input',
        'Notification-permission_prompt',
        'PermissionRequest',
        'PostToolUse',
        'PreToolUse',
        'SessionEnd-prompt_input_exit',
        'SessionStart-startup',
        'Stop',
        'UserPromptSubmit',
      ].map((n) => `${n}.json`),
    );
  });

  it.each([
    ['SessionStart-startup', 'waiting_for_reply'],
    ['UserPromptSubmit', 'running'],
    ['Notification-permission_prompt', 'waiting_for_approval'],
    ['Notification-agent_needs_input', 'waiting_for_reply'],
    ['PostToolUse', 'running'],
    ['Stop', 'success'],
  ])('%s reports %s, with the project folder and lease id, and prints nothing', async (name, state) => {
    const run = await runHook(captured(name), { args, env });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    const [message, ...rest] = daemon.messages();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ type: 'state', state, lease_id: 'lease-1', agent: { ...IDENTITY, cwd: '/home/dev/project' } });
  });

  it('SessionStart carries the model; PreToolUse sends nothing; SessionEnd ends the session', async () => {
    await runHook(captured('SessionStart-startup'), { args, env });
    expect(daemon.messages()[0]?.['agent']).toMatchObject({ model: 'claude-opus-5-5' });
    await runHook(captured('PreToolUse'), { args, env });
    expect(daemon.messages()).toHaveLength(1);
    await runHook(captured('SessionEnd-prompt_input_exit'), { args, env });
    expect(daemon.messages()[1]).toEqual({ protocol: 1, type: 'session_end', agent: IDENTITY });
  });

  it('PermissionRequest waits for the pad and prints the allow decision; the PostToolUse of the same call would have retired it', async () => {
    const hook = runHook(captured('PermissionRequest'), { args, env });
    await until(() => daemon.connectionsOf('subscribe_actions').length === 1, 'the subscription');
    const waiter = daemon.connectionsOf('subscribe_actions')[0];
    waiter?.send({ protocol: 1, type: 'action', action: 'approve', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    expect((await hook).stdout).toBe(ALLOW);
    // The approved call ends: its PostToolUse is its own and retires nobody.
    await runHook(captured('PostToolUse'), { args, env });

    // Claude Code's PostToolUse repeats the PermissionRequest's tool_input exactly: the digest match works on real input.
    const second = runHook(captured('PermissionRequest'), { args, env });
    await until(() => daemon.connectionsOf('subscribe_actions').length === 2, 'the second subscription');
    await runHook(captured('PostToolUse'), { args, env });
    expect(await second).toMatchObject({ code: 0, stdout: '' });
  });
});
