import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../../src/client/index.js';
import { startDaemon, type DaemonHandle } from '../../../src/daemon/daemon.js';
import { actionPressed, makeIdentity, sessionSelected } from '../../../src/domain/index.js';
import { RecordingSurface } from '../../daemon/helpers/fakes.js';
import { cleanUpFakes, privateTempDir, until } from '../shared/fake-daemon.js';
import { buildCli, type BuiltCli } from './cli-build.js';
import { ALLOW, DENY, hooksDone, killAll, launchClaude, releaseAll, sessionOf, untilSessions, type ClaudeLaunch } from './claude-sessions.js';
import { hubOf } from '../../helpers/hub.js';

let cli: BuiltCli;

beforeAll(() => {
  cli = buildCli(privateTempDir('pl-claude-build-'));
}, 120_000);

afterAll(cleanUpFakes);

describe('Claude Code end to end (real daemon, real CLI processes, fake claude)', () => {
  it('a pad approval answers the pending PermissionRequest of the selected session only', async () => {
    const socket = join(privateTempDir('pl-claude-sock-'), 'daemon.sock');
    const surface = new RecordingSurface(4);
    const daemon: DaemonHandle = await startDaemon({ socketPath: socket, surfaces: hubOf([surface]), identityStorePath: null, pollInterval: 0.005 });
    const client = new PadLatticeClient({ socketPath: socket });
    const alpha = makeIdentity('claude', 'alpha-session');
    const beta = makeIdentity('claude', 'beta-session');
    const launches: ClaudeLaunch[] = [];
    try {
      // Alpha runs as npm installs it (a bin link), beta as a checkout runs it (`node dist/src/cli/main.js`).
      launches.push(launchClaude(cli.npmBin, socket, alpha.sessionId, 'alpha'), launchClaude(cli.checkout, socket, beta.sessionId, 'beta'));
      const [first, second] = launches as [ClaudeLaunch, ClaudeLaunch];
      await untilSessions(
        client,
        (sessions) => sessions.filter((s) => s.state === 'waiting_for_approval' && s.leased).length === 2,
        'both sessions to wait for approval',
      );
      const alphaSession = await sessionOf(client, alpha.sessionId);
      const betaSession = await sessionOf(client, beta.sessionId);
      expect(alphaSession).toMatchObject({ label: 'alpha', leased: true, metadata: { model: 'claude-test' } });
      expect(betaSession).toMatchObject({ label: 'beta', leased: true });
      expect(alphaSession?.slot).not.toBe(betaSession?.slot);

      surface.press(sessionSelected(alphaSession?.slot ?? -1));
      await until(
        () =>
          surface.lastView?.availableActions.has('approve') === true && (surface.lastView?.sessions.find((s) => s.selected)?.slot ?? -1) === alphaSession?.slot,
        'approve to light for alpha',
        10_000,
      );
      surface.press(actionPressed('approve'));

      await until(() => hooksDone(first).length === 2, 'alpha’s PermissionRequest hook to finish', 10_000);
      expect(hooksDone(first)).toEqual([
        { event: 'SessionStart', registered: true, status: 0, stdout: '', stderr: '' },
        { event: 'PermissionRequest', registered: true, status: 0, stdout: ALLOW, stderr: '' },
      ]);
      await untilSessions(client, (sessions) => sessions.find((s) => s.identity.sessionId === alpha.sessionId)?.state === 'running', 'alpha to run');

      // Beta, in its own Scene, is untouched: still waiting, its hook still pending.
      expect(await sessionOf(client, beta.sessionId)).toMatchObject({ state: 'waiting_for_approval', slot: betaSession?.slot });
      expect(hooksDone(second).map((h) => h.event)).toEqual(['SessionStart']);

      // Its own pad answer reaches it in turn.
      surface.press(sessionSelected(betaSession?.slot ?? -1));
      await until(
        () =>
          surface.lastView?.availableActions.has('reject') === true && (surface.lastView?.sessions.find((s) => s.selected)?.slot ?? -1) === betaSession?.slot,
        'reject to light for beta',
        10_000,
      );
      surface.press(actionPressed('reject'));
      await until(() => hooksDone(second).length === 2, 'beta’s PermissionRequest hook to finish', 10_000);
      expect(hooksDone(second)[1]).toEqual({ event: 'PermissionRequest', registered: true, status: 0, stdout: DENY, stderr: '' });

      releaseAll(launches);
      expect(await first.exit).toBe(0);
      expect(await second.exit).toBe(0);
      expect(first.output() + second.output()).toBe('');
      // The leases closed with the children, so the daemon removed both sessions.
      await untilSessions(client, (sessions) => sessions.length === 0, 'the sessions to end with their launchers');
    } finally {
      killAll(launches);
      await daemon.close();
    }
  }, 90_000);
});
