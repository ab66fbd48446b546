import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PadLatticeClient, type StatusSessionReport } from '../../../src/client/index.js';
import { startDaemon, type DaemonHandle } from '../../../src/daemon/daemon.js';
import { actionPressed, makeIdentity, sessionSelected, type AgentIdentity } from '../../../src/domain/index.js';
import { RecordingSurface } from '../../daemon/helpers/fakes.js';
import { buildCli, type BuiltCli } from './cli-build.js';
import { privateTempDir, removeTempDirs, until } from './fake-daemon.js';
import { FAKE_CLAUDE, readRecord, type FakeClaudeRecord } from './launcher-harness.js';

const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}\n';
const DENY = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"Rejected from Pad-Lattice."}}}\n';

let cli: BuiltCli;

beforeAll(() => {
  cli = buildCli(privateTempDir('pl-claude-build-'));
}, 120_000);

afterAll(() => {
  removeTempDirs();
});

interface Launch {
  readonly child: ChildProcess;
  readonly record: string;
  readonly release: string;
  readonly exit: Promise<number | null>;
  readonly output: () => string;
}

/** `pad-lattice claude` as its own process, driving the fake claude through a SessionStart and a PermissionRequest. */
function launch(bin: string, socket: string, sessionId: string, label: string): Launch {
  const dir = privateTempDir('pl-claude-e2e-');
  const record = join(dir, 'record.json');
  const release = join(dir, 'release');
  const hooks = [
    { session_id: sessionId, cwd: dir, hook_event_name: 'SessionStart', source: 'startup', model: 'claude-test' },
    { session_id: sessionId, cwd: dir, hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: { command: 'npm test' } },
  ];
  const child = spawn(bin, ['claude', '--socket', socket, '--claude', FAKE_CLAUDE, '--label', label, '--approval-timeout', '30'], {
    cwd: dir,
    // Its own session: the launcher's title write finds no terminal instead of retitling the test runner's.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'],
      HOME: dir,
      XDG_RUNTIME_DIR: privateTempDir('pl-claude-rt-'),
      FAKE_CLAUDE_VERSION: '2.1.120 (Claude Code)',
      FAKE_CLAUDE_RECORD: record,
      FAKE_CLAUDE_HOOKS: JSON.stringify(hooks),
      FAKE_CLAUDE_WAIT_FOR: release,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, record, release, exit, output: () => output };
}

function hooksDone(launched: Launch): FakeClaudeRecord['hooks'] {
  return readRecord(launched.record)?.hooks ?? [];
}

describe('Claude Code end to end (real daemon, real CLI processes, fake claude)', () => {
  it('a pad approval answers the pending PermissionRequest of the selected session only', async () => {
    const socket = join(privateTempDir('pl-claude-sock-'), 'daemon.sock');
    const surface = new RecordingSurface(4);
    const daemon: DaemonHandle = await startDaemon({ socketPath: socket, surfaces: [surface], identityStorePath: null, pollInterval: 0.005 });
    const client = new PadLatticeClient({ socketPath: socket });
    const alpha = makeIdentity('claude', 'alpha-session');
    const beta = makeIdentity('claude', 'beta-session');
    const launches: Launch[] = [];
    const sessionOf = async (identity: AgentIdentity): Promise<StatusSessionReport | undefined> =>
      (await client.status()).sessions.find((s) => s.identity.sessionId === identity.sessionId);
    const pollStatus = async (check: (sessions: readonly StatusSessionReport[]) => boolean, what: string) => {
      let last: readonly StatusSessionReport[] = [];
      const refresh = setInterval(() => void client.status().then((s) => (last = s.sessions), () => undefined), 20);
      try {
        await until(() => check(last), what, 20_000);
      } finally {
        clearInterval(refresh);
      }
    };
    try {
      // Alpha uses the light `pad-lattice-hook` sibling, beta the `pad-lattice claude-hook` fallback.
      launches.push(launch(cli.withHookEntry, socket, alpha.sessionId, 'alpha'), launch(cli.withoutHookEntry, socket, beta.sessionId, 'beta'));
      const [first, second] = launches as [Launch, Launch];
      await pollStatus(
        (sessions) => sessions.filter((s) => s.state === 'waiting_for_approval' && s.leased).length === 2,
        'both sessions to wait for approval',
      );
      const alphaSession = await sessionOf(alpha);
      const betaSession = await sessionOf(beta);
      expect(alphaSession).toMatchObject({ label: 'alpha', leased: true, metadata: { model: 'claude-test' } });
      expect(betaSession).toMatchObject({ label: 'beta', leased: true });
      expect(alphaSession?.slot).not.toBe(betaSession?.slot);

      surface.press(sessionSelected(alphaSession?.slot ?? -1));
      await until(() => surface.lastView?.availableActions.has('approve') === true && (surface.lastView?.sessions.find((s) => s.selected)?.slot ?? -1) === alphaSession?.slot, 'approve to light for alpha', 10_000);
      surface.press(actionPressed('approve'));

      await until(() => hooksDone(first).length === 2, 'alpha’s PermissionRequest hook to finish', 10_000);
      expect(hooksDone(first)).toEqual([
        { event: 'SessionStart', registered: true, status: 0, stdout: '', stderr: '' },
        { event: 'PermissionRequest', registered: true, status: 0, stdout: ALLOW, stderr: '' },
      ]);
      await pollStatus((sessions) => sessions.find((s) => s.identity.sessionId === alpha.sessionId)?.state === 'running', 'alpha to run');

      // Beta, in its own Scene, is untouched: still waiting, its hook still pending.
      expect(await sessionOf(beta)).toMatchObject({ state: 'waiting_for_approval', slot: betaSession?.slot });
      expect(hooksDone(second).map((h) => h.event)).toEqual(['SessionStart']);

      // Its own pad answer reaches it in turn.
      surface.press(sessionSelected(betaSession?.slot ?? -1));
      await until(() => surface.lastView?.availableActions.has('reject') === true && (surface.lastView?.sessions.find((s) => s.selected)?.slot ?? -1) === betaSession?.slot, 'reject to light for beta', 10_000);
      surface.press(actionPressed('reject'));
      await until(() => hooksDone(second).length === 2, 'beta’s PermissionRequest hook to finish', 10_000);
      expect(hooksDone(second)[1]).toEqual({ event: 'PermissionRequest', registered: true, status: 0, stdout: DENY, stderr: '' });

      for (const launched of launches) writeFileSync(launched.release, '');
      expect(await first.exit).toBe(0);
      expect(await second.exit).toBe(0);
      expect(first.output() + second.output()).toBe('');
      // The leases closed with the children, so the daemon removed both sessions.
      await pollStatus((sessions) => sessions.length === 0, 'the sessions to end with their launchers');
    } finally {
      for (const launched of launches) if (launched.child.exitCode === null && launched.child.pid !== undefined) process.kill(-launched.child.pid, 'SIGKILL');
      await daemon.close();
    }
  }, 90_000);
});
