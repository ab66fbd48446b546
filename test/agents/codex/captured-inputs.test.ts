import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv } from '../shared/fake-agent.js';
import { FakeDaemon, cleanUpFakes, until } from '../shared/fake-daemon.js';
import { runCodexHook } from './hook-runner.js';

/* What the Codex hook makes of the inputs Codex 0.171.0 really sent (test/fixtures/agents/codex/hook-inputs). */

const DIR = fileURLToPath(new URL('../../fixtures/agents/codex/hook-inputs/', import.meta.url));
const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n';
const AGENT = { backend: 'codex', session_id: '019f28ff-1234-7abc-8def-0123456789ab', cwd: '/home/dev/project', model: 'gpt-test' };

function captured(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

afterEach(cleanUpFakes);

describe('Codex 0.171.0 hook inputs, as captured', () => {
  it('every captured event is covered here', () => {
    expect(
      readdirSync(DIR)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(['PermissionRequest.json', 'PostToolUse.json', 'SessionStart-startup.json', 'Stop.json', 'UserPromptSubmit.json']);
  });

  it.each([
    ['SessionStart-startup', 'waiting_for_reply'],
    ['UserPromptSubmit', 'running'],
    ['PostToolUse', 'running'],
    ['Stop', 'success'],
  ])('%s reports %s with cwd and model, and prints nothing', async (name, state) => {
    const daemon = await FakeDaemon.start();
    const run = await runCodexHook(captured(name), { args: ['--socket', daemon.socketPath], env: cleanEnv({ PAD_LATTICE_LEASE_ID: 'lease-1' }) });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.messages()).toEqual([{ protocol: 1, type: 'state', state, agent: AGENT, lease_id: 'lease-1' }]);
  });

  it('PermissionRequest waits for the pad, then prints the allow decision', async () => {
    const daemon = await FakeDaemon.start();
    const hook = runCodexHook(captured('PermissionRequest'), { args: ['--socket', daemon.socketPath, '--approval-timeout', '30'], env: cleanEnv() });
    await until(() => daemon.connectionsOf('subscribe_actions').length === 1, 'the subscription');
    const waiter = daemon.connectionsOf('subscribe_actions')[0];
    waiter?.send({
      protocol: 1,
      type: 'action',
      action: 'approve',
      agent: { backend: 'codex', session_id: AGENT.session_id },
      request_id: waiter.received[0]?.['request_id'],
    });
    expect((await hook).stdout).toBe(ALLOW);
    expect(daemon.ofType('state').map((m) => m['state'])).toEqual(['waiting_for_approval', 'running']);
  });
});
