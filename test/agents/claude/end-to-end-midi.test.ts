import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpFakes, privateTempDir, until } from '../shared/fake-daemon.js';
import { buildCli, type BuiltCli } from './cli-build.js';
import { ALLOW, DENY, hooksDone, killAll, launchClaude, releaseAll, sessionOf, untilSessions, type ClaudeLaunch } from './claude-sessions.js';
import { padsOf, startTraceDaemon } from './trace-daemon.js';

const PROFILE = 'novation/launchpad/pro-mk1';

let cli: BuiltCli;

beforeAll(() => {
  cli = buildCli(privateTempDir('pl-claude-build-'));
}, 60_000);

afterAll(cleanUpFakes);

describe('Claude Code end to end on a MIDI controller (daemon, launchers, hooks and pads all real processes)', () => {
  it('a Scene press then an approve press on the pads answers one PermissionRequest; the session in the other Scene stays pending', async () => {
    const daemon = await startTraceDaemon(cli, PROFILE);
    const { client } = daemon;
    const pads = padsOf(daemon);
    const launches: ClaudeLaunch[] = [];
    try {
      // Alpha runs as npm installs it (a bin link), beta as a checkout runs it (`node dist/src/cli/main.js`).
      launches.push(launchClaude(cli.npmBin, daemon.socket, 'alpha-session', 'alpha'), launchClaude(cli.checkout, daemon.socket, 'beta-session', 'beta'));
      await untilSessions(
        client,
        (sessions) => sessions.filter((s) => s.state === 'waiting_for_approval' && s.leased).length === 2,
        'both sessions to wait for approval',
      );
      const alpha = { id: 'alpha-session', launched: launches[0] as ClaudeLaunch, report: await sessionOf(client, 'alpha-session') };
      const beta = { id: 'beta-session', launched: launches[1] as ClaudeLaunch, report: await sessionOf(client, 'beta-session') };
      expect(alpha.report).toMatchObject({ label: 'alpha', leased: true, metadata: { model: 'claude-test' } });
      expect(beta.report).toMatchObject({ label: 'beta', leased: true });
      expect(alpha.report?.slot).not.toBe(beta.report?.slot);
      // Whichever registered first was selected automatically; asking the other one makes the Scene press change the selection.
      expect([alpha.report?.selected, beta.report?.selected].sort()).toEqual([false, true]);
      const [asked, bystander] = alpha.report?.selected === true ? [beta, alpha] : [alpha, beta];
      await daemon.untilLights(
        () =>
          daemon.lightOf(pads.scene(asked.report)) === pads.sceneColor(asked.report, false) &&
          daemon.lightOf(pads.scene(bystander.report)) === pads.sceneColor(bystander.report, true),
        'both Scenes to light, the asked one unselected',
      );

      // The asked session's Scene, then approve, both as the controller sends them.
      daemon.press(pads.scene(asked.report));
      await daemon.untilLights(
        () => daemon.lightOf(pads.scene(asked.report)) === pads.sceneColor(asked.report, true) && daemon.lightOf(pads.approve) === pads.approveLit,
        'the asked Scene to show selected with approve lit',
      );
      expect(daemon.lightOf(pads.scene(bystander.report))).toBe(pads.sceneColor(bystander.report, false));
      daemon.press(pads.approve);

      await until(() => hooksDone(asked.launched).length === 2, 'the asked PermissionRequest hook to finish', 10_000);
      expect(hooksDone(asked.launched)).toEqual([
        { event: 'SessionStart', registered: true, status: 0, stdout: '', stderr: '' },
        { event: 'PermissionRequest', registered: true, status: 0, stdout: ALLOW, stderr: '' },
      ]);
      await untilSessions(client, (sessions) => sessions.find((s) => s.identity.sessionId === asked.id)?.state === 'running', 'the asked session to run');
      // It stays selected with nothing left to approve, so the pad goes dark.
      await until(() => daemon.lightOf(pads.approve) === pads.off, 'the approve pad to go dark', 10_000);
      expect(daemon.lightOf(pads.scene(asked.report))).toBe(pads.sceneColor(asked.report, true));

      // The bystander, in the other Scene, is untouched: still waiting and unselected, its hook still pending.
      expect(await sessionOf(client, bystander.id)).toMatchObject({ state: 'waiting_for_approval', slot: bystander.report?.slot, selected: false });
      expect(hooksDone(bystander.launched).map((h) => h.event)).toEqual(['SessionStart']);

      // Still pending means still answerable: its own Scene and reject reach it.
      daemon.press(pads.scene(bystander.report));
      await daemon.untilLights(
        () => daemon.lightOf(pads.scene(bystander.report)) === pads.sceneColor(bystander.report, true) && daemon.lightOf(pads.reject) === pads.rejectLit,
        'the bystander Scene to show selected with reject lit',
      );
      daemon.press(pads.reject);
      await until(() => hooksDone(bystander.launched).length === 2, 'the bystander PermissionRequest hook to finish', 10_000);
      expect(hooksDone(bystander.launched)[1]).toEqual({ event: 'PermissionRequest', registered: true, status: 0, stdout: DENY, stderr: '' });
      expect(hooksDone(asked.launched)).toHaveLength(2);

      releaseAll(launches);
      expect(await alpha.launched.exit).toBe(0);
      expect(await beta.launched.exit).toBe(0);
      expect(alpha.launched.output() + beta.launched.output()).toBe('');
      await untilSessions(client, (sessions) => sessions.length === 0, 'the sessions to end with their launchers');
      expect(await daemon.stop()).toBe(0);
    } catch (error) {
      console.error(`daemon stderr:\n${daemon.stderr()}`);
      throw error;
    } finally {
      killAll(launches);
      daemon.kill();
    }
  }, 30_000);
});
