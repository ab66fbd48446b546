import { afterEach, describe, expect, it } from 'vitest';
import { LauncherLease } from '../../../src/agents/shared/launcher-lease.js';
import { startDaemon, type DaemonHandle } from '../../../src/daemon/daemon.js';
import { PadLatticeClient } from '../../../src/client/index.js';
import { actionPressed } from '../../../src/domain/index.js';
import { RecordingSurface } from '../../daemon/helpers/fakes.js';
import { cleanEnv } from '../shared/fake-agent.js';
import { cleanUpFakes, tempSocketPath, until } from '../shared/fake-daemon.js';
import { runCodexHook } from './hook-runner.js';
import { hubOf } from '../../helpers/hub.js';

const handles: DaemonHandle[] = [];

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  await cleanUpFakes();
});

async function realDaemon() {
  const socketPath = tempSocketPath();
  const surface = new RecordingSurface(4);
  const handle = await startDaemon({ socketPath, surfaces: hubOf([surface]), identityStorePath: null, pollInterval: 0.005 });
  handles.push(handle);
  return { socketPath, surface, client: new PadLatticeClient({ socketPath }) };
}

describe('Codex hook and lease against the real daemon', () => {
  it('a pad Approve answers the PermissionRequest hook, and closing the lease removes the session', async () => {
    const { socketPath, surface, client } = await realDaemon();
    const lease = LauncherLease.start({ socketPath, leaseId: 'e'.repeat(32), metadata: { cwd: '/home/dev/pad-lattice', label: 'docs' } });
    expect(await lease.firstAttemptConnected()).toBe(true);
    const env = cleanEnv({ PAD_LATTICE_LEASE_ID: lease.leaseId, PAD_LATTICE_LABEL: 'docs' });
    const args = ['--socket', socketPath, '--approval-timeout', '20'];

    await runCodexHook({ hook_event_name: 'SessionStart', session_id: 'codex-1', cwd: '/home/dev/pad-lattice' }, { args, env });
    await until(() => lease.identity?.sessionId === 'codex-1', 'the lease to be bound to the hook identity');

    const hook = runCodexHook({ hook_event_name: 'PermissionRequest', session_id: 'codex-1', tool_name: 'Bash', tool_input: { command: 'ls' } }, { args, env });
    await until(() => surface.lastView?.availableActions.has('approve') === true, 'Approve to light');
    surface.press(actionPressed('approve'));
    const run = await hook;
    expect(run.stdout).toBe('{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n');

    const [session] = (await client.status()).sessions;
    expect(session).toMatchObject({ identity: { backend: 'codex', sessionId: 'codex-1' }, state: 'running', leased: true, label: 'docs' });

    await lease.close();
    let sessions = (await client.status()).sessions;
    for (let attempt = 0; attempt < 200 && sessions.length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sessions = (await client.status()).sessions;
    }
    expect(sessions).toEqual([]);
  });
});
