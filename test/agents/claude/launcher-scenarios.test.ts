import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runClaudeLauncher, type ClaudeLauncherContext } from '../../../src/agents/claude/launcher.js';
import { eventsFor, settingsObject } from '../../../src/agents/claude/settings.js';
import { POP_TITLE, PUSH_TITLE } from '../../../src/agents/shared/launcher-title.js';
import { standInHookCommand } from '../shared/fake-agent.js';
import { parseClaudeVersion } from '../../../src/agents/claude/version-probe.js';
import { FakeDaemon, cleanUpFakes, delay, privateTempDir, stateAck, until } from '../shared/fake-daemon.js';
import { FAKE_CLAUDE, launcherSetup, readRecord, runLauncher, settingsPathOf, testContext, type LauncherSetup } from './launcher-harness.js';

const FULL = [
  'SessionStart',
  'UserPromptSubmit',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'Notification',
  'Elicitation',
  'Stop',
  'StopFailure',
  'SessionEnd',
];
/** From 2.1.211 PreToolUse too: it makes auto mode ask, and answers questions before Claude Code shows them. */
const EVERY_MODE = ['PreToolUse', ...FULL];
const CORE = ['SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Notification', 'Stop', 'SessionEnd'];
const SIX = ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Notification', 'Stop', 'SessionEnd'];
const HEX32 = /^[0-9a-f]{32}$/;

let daemon: FakeDaemon;
let socket: string;
let setup: LauncherSetup;

beforeEach(async () => {
  socket = join(privateTempDir('pl-claude-sock-'), 'daemon.sock');
  daemon = await FakeDaemon.start(socket);
  setup = launcherSetup();
});

afterEach(cleanUpFakes);

function expectedSettings(command: string, events: readonly string[]): object {
  const hooks: Record<string, unknown> = {};
  const waits = new Set(['PermissionRequest', 'PreToolUse', 'Elicitation']);
  for (const event of events) hooks[event] = [{ hooks: [{ type: 'command', command, timeout: waits.has(event) ? 65 : 5 }] }];
  return { hooks };
}

describe('agent-adapters.md Part D', () => {
  describe('Claude launcher', () => {
    it('scenario 56: the registered events follow the probed version', async () => {
      const command = standInHookCommand('claude', realpathSync(socket));
      const cases: [string | undefined, readonly string[], boolean][] = [
        ['2.1.332 (Claude Code)', EVERY_MODE, false],
        ['2.1.120 (Claude Code)', FULL, false],
        ['2.0.50', CORE, false],
        ['1.0.90', SIX, true],
        [undefined, CORE, false],
      ];
      for (const [version, events, warns] of cases) {
        const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE], version === undefined ? {} : { FAKE_CLAUDE_VERSION: version });
        expect(run.code).toBe(0);
        const settings = JSON.parse(readFileSync(settingsPathOf(run.record), 'utf8')) as { hooks: Record<string, unknown> };
        expect(settings, String(version)).toEqual(expectedSettings(command, events));
        expect(Object.keys(settings.hooks)).toEqual(events);
        expect(JSON.stringify(settings)).not.toContain('matcher');
        const warning = 'pad-lattice: Claude Code 1.0.90 has no PermissionRequest hook; surface approvals are disabled\n';
        expect(run.stderr.includes(warning), String(version)).toBe(warns);
      }
      expect(eventsFor(parseClaudeVersion('2.1.211'))).toEqual(EVERY_MODE);
      expect(eventsFor(parseClaudeVersion('2.1.210'))).toEqual(FULL);
      expect(eventsFor(parseClaudeVersion('2.1.101'))).toEqual(FULL);
      expect(eventsFor(parseClaudeVersion('2.1.100'))).toEqual(CORE);
      expect(eventsFor(parseClaudeVersion('2.0.45'))).toEqual(CORE);
      expect(eventsFor(parseClaudeVersion('2.0.44'))).toEqual(SIX);
      expect(settingsObject('H', 90.5, ['PermissionRequest', 'Stop'])).toEqual({
        hooks: {
          PermissionRequest: [{ hooks: [{ type: 'command', command: 'H', timeout: 96 }] }],
          Stop: [{ hooks: [{ type: 'command', command: 'H', timeout: 5 }] }],
        },
      });
    });

    it('hook command: this Node runs the hook entry by absolute, resolved, quoted paths, with --agent claude', async () => {
      const dir = privateTempDir('pl-claude-entry-');
      const spaced = join(dir, 'dir with space');
      mkdirSync(spaced);
      const script = join(spaced, 'hook-main.js');
      writeFileSync(script, '');
      const linked = join(dir, 'linked.js');
      symlinkSync(script, linked);
      const run = await runLauncherWith(
        ['--socket', socket, '--claude', FAKE_CLAUDE, '--approval-timeout', '30'],
        { FAKE_CLAUDE_VERSION: '2.1.120' },
        { hookEntry: { node: process.execPath, script: linked } },
      );
      const settings = JSON.parse(readFileSync(settingsPathOf(readRecord(setup.recordPath)), 'utf8')) as {
        hooks: Record<string, [{ hooks: [{ command: string; timeout: number }] }]>;
      };
      expect(run.code).toBe(0);
      expect(settings.hooks['PermissionRequest']?.[0].hooks[0]).toEqual({
        type: 'command',
        command: `exec ${realpathSync(process.execPath)} '${realpathSync(script)}' --agent claude --socket ${realpathSync(socket)} --approval-timeout 30`,
        timeout: 35,
      });
    });

    it('a missing hook entry stops the launch with exit 1, naming the file and the fix', async () => {
      const missing = join(privateTempDir('pl-claude-entry-'), 'hook-main.js');
      const run = await runLauncherWith(['--socket', socket, '--claude', FAKE_CLAUDE], {}, { hookEntry: { node: process.execPath, script: missing } });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`pad-lattice: cannot find Pad-Lattice's hook program ${missing}; run 'npm run build' in a checkout, or reinstall pad-lattice\n`);
      expect(readRecord(setup.recordPath)).toBeNull();
      expect(existsSync(join(setup.runtimeDir, 'pad-lattice'))).toBe(false);
      expect(daemon.connections).toEqual([]);
    });

    it('scenario 57: child argv and environment', async () => {
      const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE, '--label', 'docs', '--', '-p', 'hello'], {
        FAKE_CLAUDE_VERSION: '2.1.120 (Claude Code)',
        PAD_LATTICE_LABEL: 'stale',
        PAD_LATTICE_TERMINAL_TITLE: '1',
      });
      expect(run.code).toBe(0);
      const record = run.record;
      const settingsPath = settingsPathOf(record);
      expect(record?.argv).toEqual([FAKE_CLAUDE, '--settings', settingsPath, '--permission-mode', 'default', '-p', 'hello']);
      expect(statSync(settingsPath).mode & 0o777).toBe(0o600);
      expect(dirname(settingsPath)).toBe(join(setup.runtimeDir, 'pad-lattice'));
      const content = readFileSync(settingsPath, 'utf8');
      expect(content.endsWith('}\n')).toBe(true);
      expect(basename(settingsPath)).toBe(`claude-settings-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.json`);
      const lease = daemon.ofType('session_lease')[0];
      expect(lease).toEqual({ protocol: 1, type: 'session_lease', lease_id: expect.stringMatching(HEX32), metadata: { cwd: setup.cwd, label: 'docs' } });
      expect(record?.env).toEqual({
        PAD_LATTICE_LEASE_ID: lease?.['lease_id'],
        PAD_LATTICE_SOCKET: socket,
        PAD_LATTICE_LABEL: 'docs',
        CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
      });
    });

    describe('permission mode (before 2.1.211 auto mode could overrule a hook, so requests never reached the pad)', () => {
      const modeArgs = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
        const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE, '--', ...args], {
          FAKE_CLAUDE_VERSION: '2.1.210 (Claude Code)',
          ...env,
        });
        expect(run.code).toBe(0);
        return (run.record?.argv ?? []).slice(3);
      };
      const writeJson = (path: string, value: unknown) => {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, JSON.stringify(value));
      };

      it('no mode chosen anywhere: started in default mode, before the user arguments', async () => {
        expect(await modeArgs(['--resume'])).toEqual(['--permission-mode', 'default', '--resume']);
      });

      it('a mode on the command line wins and nothing is added', async () => {
        for (const args of [['--permission-mode', 'auto'], ['--permission-mode=acceptEdits'], ['--dangerously-skip-permissions']]) {
          expect(await modeArgs(args)).toEqual(args);
        }
      });

      it('permissions.defaultMode in any settings file Claude Code reads is the user’s choice', async () => {
        const files = [
          join(setup.cwd, '.claude', 'settings.json'),
          join(setup.cwd, '.claude', 'settings.local.json'),
          join(setup.managedDir, 'managed-settings.json'),
          join(setup.managedDir, 'managed-settings.d', '10-policy.json'),
        ];
        for (const file of files) {
          writeJson(file, { permissions: { defaultMode: 'auto' } });
          expect(await modeArgs([]), file).toEqual([]);
          writeJson(file, { permissions: { allow: ['Bash(ls)'] } });
        }
        // User settings live in ~/.claude, or in $CLAUDE_CONFIG_DIR when it is set.
        writeJson(join(setup.cwd, '.claude', 'settings.json'), {});
        const configDir = privateTempDir('pl-claude-config-');
        writeJson(join(configDir, 'settings.json'), { permissions: { defaultMode: 'acceptEdits' } });
        expect(await modeArgs([], { CLAUDE_CONFIG_DIR: configDir })).toEqual([]);
        expect(await modeArgs([])).toEqual(['--permission-mode', 'default']);
      });

      it('unreadable or malformed settings count as no choice', async () => {
        writeFileSync(join(setup.managedDir, 'managed-settings.json'), '{ not json');
        writeJson(join(setup.cwd, '.claude', 'settings.local.json'), { permissions: { defaultMode: 3 } });
        expect(await modeArgs([])).toEqual(['--permission-mode', 'default']);
      });

      it('2.1.211 and later keep the pad in every mode: the user’s mode (or Claude Code’s own default) is left alone; an unknown version still gets default', async () => {
        for (const version of ['2.1.211', '2.1.332 (Claude Code)']) {
          expect(await modeArgs(['--resume'], { FAKE_CLAUDE_VERSION: version }), version).toEqual(['--resume']);
          expect(await modeArgs(['--permission-mode', 'plan'], { FAKE_CLAUDE_VERSION: version }), version).toEqual(['--permission-mode', 'plan']);
        }
        expect(await modeArgs([], { FAKE_CLAUDE_VERSION: 'no version here' })).toEqual(['--permission-mode', 'default']);
      });
    });

    it('scenario 58: a second --settings is refused before anything starts', async () => {
      for (const extra of [['--settings', 'x.json'], ['--settings=x.json']]) {
        const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE, '--', ...extra]);
        expect(run.code).toBe(2);
        expect(run.stderr).toBe('pad-lattice: --settings cannot be combined with pad-lattice claude\n');
        expect(run.record).toBeNull();
      }
      expect(daemon.connections).toEqual([]);
    });

    it('scenario 59: the launcher owns the title and writes it only when it changes', async () => {
      const release = join(setup.cwd, 'release');
      const bound = (scene: number | null, accent: string | null, label: string) => ({
        protocol: 1,
        type: 'session_lease_bound',
        lease_id: 'x',
        session: stateAck('claude', 'abc123', { scene, accent, label }),
      });
      let titles: string[] = [];
      daemon.handler = (message, connection) => {
        if (message['type'] !== 'session_lease') return;
        void (async () => {
          // As with a real daemon, bindings arrive once Claude Code runs (its hooks carry the lease id).
          await until(() => existsSync(setup.recordPath), 'the fake claude to start');
          connection.send({ ...bound(1, 'cyan', 'docs'), lease_id: message['lease_id'] });
          connection.send({ ...bound(1, 'cyan', 'docs'), lease_id: message['lease_id'] });
          await until(() => titles.length === 2, 'the first title');
          connection.send({ ...bound(2, 'magenta', 'docs'), lease_id: message['lease_id'] });
          connection.send({ ...bound(null, null, 'docs'), lease_id: message['lease_id'] });
          connection.send({ ...bound(3, 'green', 'docs'), lease_id: message['lease_id'] });
          await until(() => titles.length >= 4, 'the third title');
          writeFileSync(release, '');
        })();
      };
      const run = runLauncherWithLiveTitles(
        ['--socket', socket, '--claude', FAKE_CLAUDE, '--label', 'docs'],
        { FAKE_CLAUDE_WAIT_FOR: release },
        (live) => (titles = live),
      );
      const result = await run;
      expect(result.code).toBe(0);
      // The terminal's own title is pushed before the first write and popped once Claude Code exited.
      expect(result.titles).toEqual([PUSH_TITLE, '\x1b]0;[S1 CYAN] docs\x07', '\x1b]0;[S2 MAGENTA] docs\x07', '\x1b]0;[S3 GREEN] docs\x07', POP_TITLE]);
    });

    it('scenario 59 (--no-terminal-title): no title writes and Claude Code keeps its own title', async () => {
      const release = join(setup.cwd, 'release');
      daemon.handler = (message, connection) => {
        if (message['type'] !== 'session_lease') return;
        connection.send({
          protocol: 1,
          type: 'session_lease_bound',
          lease_id: message['lease_id'],
          session: stateAck('claude', 'abc123', { scene: 1, accent: 'cyan', label: 'docs' }),
        });
        // A later registration proves the notification was read before the fake is released.
        setTimeout(() => connection.close(), 20);
      };
      const released = (async () => {
        await until(() => daemon.ofType('session_lease').length >= 2, 'the lease to re-register');
        writeFileSync(release, '');
      })();
      const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE, '--no-terminal-title'], { FAKE_CLAUDE_WAIT_FOR: release });
      await released;
      expect(run.code).toBe(0);
      expect(run.titles).toEqual([]);
      expect(run.record?.env['CLAUDE_CODE_DISABLE_TERMINAL_TITLE']).toBeUndefined();
      expect(run.record?.env['PAD_LATTICE_TERMINAL_TITLE']).toBeUndefined();
    });

    it('scenario 60: after a binding and a daemon-side close the lease re-registers with the Claude identity', async () => {
      const release = join(setup.cwd, 'release');
      daemon.handler = (message, connection) => {
        if (message['type'] !== 'session_lease' || daemon.ofType('session_lease').length > 1) return;
        connection.send({
          protocol: 1,
          type: 'session_lease_bound',
          lease_id: message['lease_id'],
          session: stateAck('claude', 'abc123', { scene: 1, accent: 'cyan', label: 'p' }),
        });
        setTimeout(() => connection.close(), 20);
      };
      const released = (async () => {
        await until(() => daemon.ofType('session_lease').length >= 2, 'the second registration');
        writeFileSync(release, '');
      })();
      const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE], { FAKE_CLAUDE_WAIT_FOR: release });
      await released;
      expect(run.code).toBe(0);
      const [first, second] = daemon.ofType('session_lease');
      expect(first?.['agent']).toBeUndefined();
      expect(second).toEqual({ ...first, agent: { backend: 'claude', session_id: 'abc123' } });
    });

    it('label and timeout validation come first: exit 2, no lease, no child', async () => {
      const cases: [string[], string][] = [
        [['--label', '   '], 'pad-lattice: session label must not be empty\n'],
        [['--label', 'x'.repeat(65)], 'pad-lattice: session label must be at most 64 characters\n'],
        [['--label', 'docs\nrelease'], 'pad-lattice: session label must not contain control characters\n'],
        [['--approval-timeout', '0'], 'pad-lattice: approval_timeout must be positive\n'],
        [['--approval-timeout', '-1'], 'pad-lattice: approval_timeout must be positive\n'],
      ];
      for (const [options, message] of cases) {
        const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE, ...options]);
        expect(run).toMatchObject({ code: 2, stderr: message, record: null });
      }
      expect(daemon.connections).toEqual([]);
    });

    it("exit status is the child's, and the lease is released after the child exited", async () => {
      const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE], { FAKE_CLAUDE_EXIT: '17' });
      expect(run.code).toBe(17);
      const leaseConnection = daemon.connections.find((c) => c.received[0]?.['type'] === 'session_lease');
      await until(() => leaseConnection?.ended === true, 'the lease connection to close');
    });

    it('SIGTERM is forwarded to Claude Code once, SIGINT is left to the terminal; a signalled child gives 128 + n', async () => {
      const { EventEmitter } = await import('node:events');
      const { runClaudeLauncher } = await import('../../../src/agents/claude/launcher.js');
      const signals = new EventEmitter();
      const never = join(setup.cwd, 'never');
      const running = runClaudeLauncher(['--socket', socket, '--claude', FAKE_CLAUDE], { ...testContext(setup, { FAKE_CLAUDE_WAIT_FOR: never }), signals });
      await until(() => existsSync(setup.recordPath) && signals.listenerCount('SIGTERM') > 0, 'the fake claude to start');
      signals.emit('SIGINT');
      await delay(100);
      expect(readRecord(setup.recordPath)?.signal).toBeNull();
      signals.emit('SIGTERM');
      expect(await running).toBe(143);
      expect(readRecord(setup.recordPath)?.signal).toBe('SIGTERM');
    });

    it('a missing Claude Code: exit 1 with one line naming the program and --claude BIN, lease released', async () => {
      const run = await runLauncher(setup, ['--socket', socket, '--claude', '/nonexistent/claude']);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('pad-lattice: cannot start /nonexistent/claude: it was not found; install it, or name its executable with --claude\n');
      await until(() => daemon.connections.every((c) => c.ended), 'the lease connection to close');
      const onPath = await runLauncher(setup, ['--socket', socket], { PATH: privateTempDir('pl-claude-nopath-') });
      expect(onPath.stderr).toBe('pad-lattice: cannot start claude: it was not found; install it, or name its executable with --claude\n');
    });

    it('without a daemon Claude Code still starts, with one warning line', async () => {
      const missing = join(privateTempDir('pl-claude-none-'), 'absent.sock');
      const run = await runLauncher(setup, ['--socket', missing, '--claude', FAKE_CLAUDE]);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('pad-lattice: daemon unavailable; Claude Code will start and the lease will retry\n');
      expect(run.record?.env['PAD_LATTICE_SOCKET']).toBe(missing);
    });

    it('an unsafe runtime directory stops the launch with exit 1', async () => {
      const { mkdirSync, chmodSync } = await import('node:fs');
      mkdirSync(join(setup.runtimeDir, 'pad-lattice'));
      chmodSync(join(setup.runtimeDir, 'pad-lattice'), 0o777);
      const run = await runLauncher(setup, ['--socket', socket, '--claude', FAKE_CLAUDE]);
      expect(run).toMatchObject({ code: 1, stderr: `pad-lattice: unsafe runtime directory ${join(setup.runtimeDir, 'pad-lattice')}\n`, record: null });
      expect(daemon.connections).toEqual([]);
    });
  });
});

/** runLauncher, with the growing title list shared while the launcher is still running. */
async function runLauncherWithLiveTitles(args: string[], env: NodeJS.ProcessEnv, share: (titles: string[]) => void) {
  const titles: string[] = [];
  share(titles);
  const code = await runClaudeLauncher(args, { ...testContext(setup, env), titleSink: (bytes) => titles.push(bytes) });
  await delay(0);
  return { code, titles };
}

/** runLauncher with parts of the context replaced; stderr is collected. */
async function runLauncherWith(args: string[], env: NodeJS.ProcessEnv, context: Partial<ClaudeLauncherContext>) {
  const stderr = new PassThrough();
  const chunks: string[] = [];
  stderr.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const code = await runClaudeLauncher(args, { ...testContext(setup, env), ...context, stderr });
  return { code, stderr: chunks.join('') };
}
