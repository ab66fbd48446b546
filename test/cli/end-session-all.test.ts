import { afterEach, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { runDaemon, type RunningDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs } from '../client/fake-daemon.js';
import { pl } from './run.js';

let running: RunningDaemon[] = [];
afterEach(async () => {
  for (const daemon of running) await daemon.handle.close();
  running = [];
  removeTempSocketDirs();
});

/** A daemon of four Scenes holding `count` sessions that finished and wait for a reply (beyond four: in overflow). */
async function daemonWithFinishedAgents(count: number): Promise<RunningDaemon> {
  const daemon = await runDaemon();
  running.push(daemon);
  for (let i = 0; i < count; i++) await daemon.client.reportState('waiting_for_reply', { agent: makeIdentity('codex', `done-${i}`) });
  return daemon;
}

describe('pad-lattice end-session --all', () => {
  it('ends every session, on a Scene or in overflow, and says how many', async () => {
    const daemon = await daemonWithFinishedAgents(6);
    expect((await daemon.client.status()).overflowCount).toBe(2);
    const result = await pl(['end-session', '--all', '--socket', daemon.socketPath]);
    expect(result).toMatchObject({ code: 0, stdout: 'Ended 6 sessions.\n', stderr: '' });
    expect((await daemon.client.status()).sessions).toEqual([]);
  });

  it('--json names the sessions it ended', async () => {
    const daemon = await daemonWithFinishedAgents(1);
    const result = await pl(['end-session', '--all', '--json', '--socket', daemon.socketPath]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ended: 1, sessions: [{ backend: 'codex', session_id: 'done-0' }] });
  });

  it('with nothing to end it says so and succeeds', async () => {
    const daemon = await daemonWithFinishedAgents(0);
    expect(await pl(['end-session', '--all', '--socket', daemon.socketPath])).toMatchObject({ code: 0, stdout: 'Ended 0 sessions.\n' });
  });

  it('refuses --all with an identity, and --json without --all, as usage errors before any daemon is asked', async () => {
    const daemon = await daemonWithFinishedAgents(1);
    const mixed = await pl(['end-session', '--all', '--session-id', 'done-0', '--socket', daemon.socketPath]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--all ends every session: leave out --backend and --session-id, or drop --all');
    expect((await pl(['end-session', '--json', '--socket', daemon.socketPath])).code).toBe(2);
    expect((await daemon.client.status()).sessions).toHaveLength(1);
  });

  it('without --all still ends the one session named', async () => {
    const daemon = await daemonWithFinishedAgents(2);
    expect((await pl(['end-session', '--backend', 'codex', '--session-id', 'done-1', '--socket', daemon.socketPath])).code).toBe(0);
    await expect.poll(async () => (await daemon.client.status()).sessions.map((s) => s.identity.sessionId)).toEqual(['done-0']);
  });
});
