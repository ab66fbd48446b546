import { describe, expect, it } from 'vitest';
import { actionPressed, AGENT_STATES, makeIdentity } from '../../src/domain/index.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { daemonsPerTest, eventually } from '../client/daemon-harness.js';
import { tempSocketPath } from '../client/fake-daemon.js';
import { pl, plStarted } from './run.js';

const daemons = daemonsPerTest();

describe('pad-lattice listen-actions', () => {
  it('--once prints the routed action as its wire line and exits 0', async () => {
    const running = await daemons.real();
    const { socketPath, surface, client } = running;
    await client.reportState('running', { agent: makeIdentity('codex', 's1') });
    const listening = plStarted(['listen-actions', '--once', '--backend', 'codex', '--session-id', 's1', '--socket', socketPath]);
    expect(await eventually(() => surface.lastView?.availableActions.has('stop') === true)).toBe(true);
    surface.press(actionPressed('stop'));
    expect(await listening.done).toEqual({
      code: 0,
      stdout: '{"protocol":1,"type":"action","action":"stop","agent":{"backend":"codex","session_id":"s1"}}\n',
      stderr: '',
    });
  });

  it('keeps printing actions and exits 3 when the daemon goes away', async () => {
    const running = await daemons.real();
    const { socketPath, surface, client, handle } = running;
    await client.reportState('error');
    const listening = plStarted(['listen-actions', '--socket', socketPath]);
    expect(await eventually(() => surface.lastView?.availableActions.has('retry') === true)).toBe(true);
    surface.press(actionPressed('retry'));
    expect(await eventually(() => listening.output().includes('"retry"'))).toBe(true);
    await handle.close();
    const result = await listening.done;
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('{"protocol":1,"type":"action","action":"retry","agent":{"backend":"local","session_id":"default"}}\n');
    expect(result.stderr).toContain('closed the action subscription');
  });

  it('exits 3 without a daemon', async () => {
    expect((await pl(['listen-actions', '--socket', tempSocketPath()])).code).toBe(3);
  });
});

describe('pad-lattice symbols', () => {
  it('previews every state in order with one id and ttl = hold + 1, then ends the preview (wire-protocol-1.md §11 item 8)', async () => {
    const fake = await daemons.fake((message) => {
      if (message['type'] === 'preview') return { protocol: 1, type: 'preview_ack', preview_id: message['preview_id'], state: message['state'] };
      if (message['type'] === 'preview_end') return { protocol: 1, type: 'preview_end_ack', preview_id: message['preview_id'] };
      return undefined;
    });
    const result = await pl(['symbols', '--hold', '0.01', '--socket', fake.socketPath]);
    expect(result).toEqual({ code: 0, stdout: AGENT_STATES.map((state) => `${state}\n`).join(''), stderr: '' });
    expect(fake.connections).toHaveLength(1);
    const sent = fake.connections[0]!.received as Record<string, unknown>[];
    const previewId = sent[0]?.['preview_id'];
    expect(previewId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent).toEqual([
      ...AGENT_STATES.map((state) => ({ protocol: 1, type: 'preview', preview_id: previewId, state, ttl: 1.01 })),
      { protocol: 1, type: 'preview_end', preview_id: previewId },
    ]);
  });

  it('restores the live view on a real daemon', async () => {
    const running = await daemons.real();
    const result = await pl(['symbols', '--hold', '0.01', '--socket', running.socketPath]);
    expect(result.code).toBe(0);
    expect((await running.client.status()).previewActive).toBe(false);
  });

  it('exits 1 with the daemon error when another client owns the preview', async () => {
    const running = await daemons.real();
    const owner = await running.client.openPreview();
    await owner.show('success', 5);
    const result = await pl(['symbols', '--hold', '0.01', '--socket', running.socketPath]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('daemon error preview_conflict');
    await owner.close();
  });

  it('refuses a hold that is not positive or leaves no room for the ttl margin', async () => {
    expect((await pl(['symbols', '--hold', '0'])).code).toBe(2);
    expect((await pl(['symbols', '--hold', '29.5'])).code).toBe(2);
  });
});

describe('daemon client commands', () => {
  const names = ['status', 'send-state', 'hook-state', 'end-session', 'listen-actions', 'symbols', 'ping'];

  it('are all registered and each has --help with its exit codes', async () => {
    for (const name of names) {
      expect(
        COMMANDS.some((command) => command.name === name),
        name,
      ).toBe(true);
      const result = await pl([name, '--help']);
      expect(result.code, name).toBe(0);
      expect(result.stdout, name).toMatch(new RegExp(`^Usage: pad-lattice ${name}`));
      expect(result.stdout, name).toContain('Exit status:');
    }
  });

  it('refuse unknown flags with exit 2', async () => {
    for (const name of names) expect((await pl([name, '--bogus'])).code, name).toBe(2);
  });
});
