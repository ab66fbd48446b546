import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { daemonsPerTest } from '../client/daemon-harness.js';
import { tempSocketPath } from '../client/fake-daemon.js';
import { pl } from './run.js';

const daemons = daemonsPerTest();

describe('pad-lattice send-state', () => {
  it('reports a state with the reference flags and prints nothing', async () => {
    const { socketPath, client } = await daemons.real();
    const result = await pl([
      'send-state',
      'waiting_for_approval',
      '--backend',
      'codex',
      '--session-id',
      's1',
      '--cwd',
      '/home/dev/proj',
      '--socket',
      socketPath,
    ]);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    const [session] = (await client.status()).sessions;
    expect(session).toMatchObject({ identity: makeIdentity('codex', 's1'), state: 'waiting_for_approval', label: 'proj' });
  });

  it('--reply prints the acknowledged session; --json prints the state_ack line', async () => {
    const { socketPath } = await daemons.real();
    const human = await pl(['send-state', 'running', '--label', 'docs', '--reply', '--socket', socketPath]);
    expect(human.code).toBe(0);
    expect(human.stdout).toBe('local/default · running · S1 cyan · label docs · selected\n');
    const json = await pl(['send-state', 'success', '--reply', '--json', '--socket', socketPath]);
    expect(json.stdout).toBe(
      '{"protocol":1,"type":"state_ack","backend":"local","session_id":"default","state":"success","slot":0,"scene":1,"accent":"cyan","selected":true,"leased":false,"label":"docs"}\n',
    );
  });

  it('uses PAD_LATTICE_SOCKET when --socket is absent', async () => {
    const { socketPath, client } = await daemons.real();
    expect((await pl(['send-state', 'user_typing'], { NO_COLOR: '1', PAD_LATTICE_SOCKET: socketPath })).code).toBe(0);
    expect((await client.status()).sessions[0]?.state).toBe('user_typing');
  });

  it('refuses an unknown state, a missing state and empty identities with exit 2', async () => {
    const socket = ['--socket', tempSocketPath()];
    for (const args of [
      ['send-state', 'thinking'],
      ['send-state'],
      ['send-state', 'running', '--backend', ''],
      ['send-state', 'running', '--json'],
      ['send-state', 'running', '--label', ''],
    ]) {
      const result = await pl([...args, ...socket]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain("Run 'pad-lattice send-state --help'");
    }
  });

  it('exits 3 with a plain message when no daemon runs', async () => {
    const path = tempSocketPath();
    const result = await pl(['send-state', 'running', '--socket', path]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`no Pad-Lattice daemon is running at ${path}`);
  });
});

describe('agent-adapters.md Part D', () => {
  it('scenario 35: hook-state is silent with exit 0 without a daemon, and sends one state message with one', async () => {
    const missing = await pl(['hook-state', 'running', '--socket', tempSocketPath()]);
    expect(missing).toEqual({ code: 0, stdout: '', stderr: '' });

    const fake = await daemons.fake();
    const sent = await pl(['hook-state', 'running', '--socket', fake.socketPath]);
    expect(sent).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(fake.connections.flatMap((c) => c.rawLines)).toEqual([
      '{"protocol":1,"type":"state","state":"running","agent":{"backend":"local","session_id":"default"}}',
    ]);
  });
});

describe('pad-lattice hook-state', () => {
  it('stays silent when the daemon rejects the message', async () => {
    const fake = await daemons.fake(() => '{"protocol":1,"type":"error","code":"invalid_message","error":"x"}\n');
    expect(await pl(['hook-state', 'error', '--socket', fake.socketPath])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('still refuses an unknown state with exit 2', async () => {
    expect((await pl(['hook-state', 'thinking', '--socket', tempSocketPath()])).code).toBe(2);
  });
});

describe('pad-lattice end-session', () => {
  it('removes the session named by --backend/--session-id', async () => {
    const { socketPath, client } = await daemons.real();
    await client.reportState('running', { agent: makeIdentity('codex', 's1') });
    await client.reportState('running', { agent: makeIdentity('codex', 's2') });
    expect(await pl(['end-session', '--backend', 'codex', '--session-id', 's1', '--socket', socketPath])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await client.status()).sessions.map((s) => s.identity.sessionId)).toEqual(['s2']);
  });

  it('exits 3 without a daemon', async () => {
    expect((await pl(['end-session', '--socket', tempSocketPath()])).code).toBe(3);
  });
});

describe('pad-lattice ping', () => {
  it('prints pong and exits 0, or exits 3 without a daemon', async () => {
    const { socketPath } = await daemons.real();
    expect(await pl(['ping', '--socket', socketPath])).toEqual({ code: 0, stdout: `pong from ${socketPath}\n`, stderr: '' });
    expect(JSON.parse((await pl(['ping', '--json', '--socket', socketPath])).stdout)).toEqual({ daemon: 'running', socket: socketPath });
    expect((await pl(['ping', '--socket', tempSocketPath()])).code).toBe(3);
  });

  it('exits 1 when the daemon does not answer in time', async () => {
    const fake = await daemons.fake(() => undefined);
    const result = await pl(['ping', '--timeout', '0.05', '--socket', fake.socketPath]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('timed out');
  });

  it('refuses a non-positive --timeout', async () => {
    expect((await pl(['ping', '--timeout', '0'])).code).toBe(2);
  });
});
