import { EventEmitter } from 'node:events';
import { existsSync, fstatSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookOverrides } from '../../../src/agents/codex/overrides.js';
import { hookCommand, type HookEntry } from '../../../src/agents/shared/hook-command.js';
import { POP_TITLE, PUSH_TITLE } from '../../../src/agents/shared/launcher-title.js';
import { STAND_IN_HOOK, cleanEnv, makeFakeAgent } from '../shared/fake-agent.js';
import { FakeDaemon, cleanUpFakes, delay, privateTempDir, stateAck, tempSocketPath, until } from '../shared/fake-daemon.js';
import { runLauncher } from './launcher-run.js';

const HEX32 = /^[0-9a-f]{32}$/;
/** How long a child may take to start: the version probe and the child are each a Node start of the fake agent. */
const CHILD_START_MS = 20_000;
const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Stop'];

afterEach(cleanUpFakes);

function commandFor(socketPath: string, approvalTimeout = 60, entry: HookEntry = STAND_IN_HOOK): string {
  return hookCommand({ entry, socketPath, approvalTimeout, agent: 'codex', env: cleanEnv(), cwd: process.cwd() });
}

/** The `-c` values of a Codex argv, in order. */
function overridesIn(argv: readonly string[]): string[] {
  return argv.flatMap((arg, index) => (argv[index - 1] === '-c' ? [arg] : []));
}

describe('agent-adapters.md Part D', () => {
  it('scenario 18: five overrides in event order, JSON-encoded command, 65/5 s timeouts', () => {
    const command = '/opt/Pad Lattice/pad-lattice-hook --socket "/tmp/pad.sock"';
    const overrides = hookOverrides(command, 60);
    expect(overrides).toHaveLength(5);
    overrides.forEach((override, index) => {
      const event = EVENTS[index] ?? '';
      expect(override.startsWith(`hooks.${event}=`)).toBe(true);
      expect(override).toContain('type="command"');
      expect(override).toContain(`command=${JSON.stringify(command)}`);
      expect(override.endsWith(event === 'PermissionRequest' ? 'timeout=65}]}]' : 'timeout=5}]}]')).toBe(true);
    });
    expect(overrides[2]).toBe(`hooks.PermissionRequest=[{hooks=[{type="command",command=${JSON.stringify(command)},timeout=65}]}]`);
  });

  it('scenario 19: a fractional timeout rounds up in the override and keeps %g form in the command', async () => {
    const command = commandFor('/tmp/pad.sock', 90.5);
    expect(command.endsWith('--approval-timeout 90.5')).toBe(true);
    expect(hookOverrides(command, 90.5)[2]?.endsWith('timeout=96}]}]')).toBe(true);

    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent();
    for (const timeout of ['0', '-1']) {
      const run = await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin, '--approval-timeout', timeout], cleanEnv(agent.env));
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('pad-lattice: approval_timeout must be positive\n');
    }
    expect(daemon.connections).toHaveLength(0);
    expect(agent.record()).toBeNull();
  });

  it('hook command: exec, this Node and the hook entry by resolved, quoted paths; a missing entry stops the launch', async () => {
    const dir = join(privateTempDir(), 'dir with space');
    mkdirSync(dir);
    const script = join(dir, 'hook-main.js');
    writeFileSync(script, '');
    const socket = join(dir, 'pad-lattice.sock');
    const node = realpathSync(process.execPath);
    expect(commandFor(socket, 60, { node: process.execPath, script })).toBe(`exec ${node} '${script}' --socket '${socket}' --approval-timeout 60`);

    // Reached through symlinks (npm's bin links, `npm link`): the command names the files themselves.
    const links = privateTempDir();
    symlinkSync(dir, join(links, 'linked'));
    expect(commandFor('/tmp/pad.sock', 60, { node: process.execPath, script: join(links, 'linked', 'hook-main.js') })).toBe(
      `exec ${node} '${script}' --socket /tmp/pad.sock --approval-timeout 60`,
    );

    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent();
    const missing = join(privateTempDir(), 'hook-main.js');
    const run = await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin], cleanEnv(agent.env), {
      hookEntry: { node: process.execPath, script: missing },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`pad-lattice: cannot find Pad-Lattice's hook program ${missing}; run 'npm run build' in a checkout, or reinstall pad-lattice\n`);
    expect(agent.record()).toBeNull();
    expect(daemon.connections).toHaveLength(0);
  });

  it("scenario 21: child argv and environment; stdio is the launcher's own", async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent();
    const run = await runLauncher(
      ['--socket', daemon.socketPath, '--codex', agent.bin, '--label', 'docs', '--', 'resume', 'session-123'],
      cleanEnv({ ...agent.env, PAD_LATTICE_LABEL: 'stale' }),
    );
    expect(run.code).toBe(0);
    const record = agent.record();
    expect(record).not.toBeNull();
    const argv = record?.argv ?? [];
    expect(argv.slice(0, 3)).toEqual([agent.bin, '--enable', 'hooks']);
    const overrides = overridesIn(argv);
    expect(overrides.slice(0, 5).map((o) => o.slice(0, o.indexOf('=')))).toEqual(EVENTS.map((e) => `hooks.${e}`));
    expect(argv.slice(-4)).toEqual(['-c', 'tui.terminal_title=[]', 'resume', 'session-123']);
    expect(argv).toHaveLength(3 + 10 + 2 + 2);
    const lease = daemon.ofType('session_lease')[0];
    expect(lease?.['lease_id']).toMatch(HEX32);
    // The launcher owns the title (Codex's hooks have no terminal), so the hooks are not asked to write it.
    expect(record?.env).toEqual({
      PAD_LATTICE_LEASE_ID: lease?.['lease_id'],
      PAD_LATTICE_SOCKET: daemon.socketPath,
      PAD_LATTICE_LABEL: 'docs',
      PAD_LATTICE_PLACEHOLDER_SESSION_ID: `starting-${String(lease?.['lease_id'])}`,
    });
    const own = [0, 1, 2].map((fd) => {
      try {
        const stat = fstatSync(fd);
        return `${stat.dev}:${stat.ino}`;
      } catch {
        return null;
      }
    });
    expect(own.some((identity) => identity !== null)).toBe(true);
    expect(record?.fds).toEqual(own);
  });

  it('scenario 22: --no-terminal-title and no --label drop the inherited label, title flag and placeholder', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent();
    const run = await runLauncher(
      ['--socket', daemon.socketPath, '--codex', agent.bin, '--no-terminal-title'],
      cleanEnv({ ...agent.env, PAD_LATTICE_LABEL: 'stale', PAD_LATTICE_TERMINAL_TITLE: '1', PAD_LATTICE_PLACEHOLDER_SESSION_ID: 'stale' }),
    );
    const record = agent.record();
    expect(record?.env).not.toHaveProperty('PAD_LATTICE_LABEL');
    expect(record?.env).not.toHaveProperty('PAD_LATTICE_TERMINAL_TITLE');
    expect(record?.env['PAD_LATTICE_PLACEHOLDER_SESSION_ID']).toMatch(/^starting-[0-9a-f]{32}$/);
    expect(record?.argv.some((arg) => arg.includes('tui.terminal_title'))).toBe(false);
    expect(run.titles).toEqual([]);
  });

  it('the launcher owns the title: written when the lease reports a Scene, only on change, restored at exit', async () => {
    const daemon = await FakeDaemon.start();
    const release = join(privateTempDir(), 'release');
    const agent = makeFakeAgent({ waitFor: release });
    const titles: string[] = [];
    daemon.handler = (message, connection) => {
      if (message['type'] !== 'session_lease') return;
      const bound = (sessionId: string, scene: number | null, accent: string | null) =>
        connection.send({
          protocol: 1,
          type: 'session_lease_bound',
          lease_id: message['lease_id'],
          session: stateAck('codex', sessionId, { scene, accent, label: 'docs' }),
        });
      void (async () => {
        bound((message['agent'] as { session_id: string }).session_id, 1, 'cyan');
        await until(() => titles.length === 2, 'the first title');
        bound('019f28ff-aaaa-bbbb', 1, 'cyan');
        bound('019f28ff-aaaa-bbbb', null, null);
        bound('019f28ff-aaaa-bbbb', 2, 'magenta');
        await until(() => titles.length === 3, 'the second title');
        writeFileSync(release, '');
      })();
    };
    const run = await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin, '--label', 'docs'], cleanEnv(agent.env), { titles });
    expect(run.code).toBe(0);
    expect(run.titles).toEqual([PUSH_TITLE, '\x1b]0;[S1 CYAN] docs\x07', '\x1b]0;[S2 MAGENTA] docs\x07', POP_TITLE]);
  });

  it('scenario 23: label validation — trimmed, or refused before any connection or child', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent();
    await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin, '--label', '  docs  '], cleanEnv(agent.env));
    expect(agent.record()?.env['PAD_LATTICE_LABEL']).toBe('docs');
    expect(daemon.ofType('session_lease')[0]?.['metadata']).toMatchObject({ label: 'docs' });

    const refused = await FakeDaemon.start();
    const untouched = makeFakeAgent();
    const cases: [string, string][] = [
      ['   ', 'session label must not be empty'],
      ['x'.repeat(65), 'session label must be at most 64 characters'],
      ['docs\nrelease', 'session label must not contain control characters'],
    ];
    for (const [label, message] of cases) {
      const run = await runLauncher(['--socket', refused.socketPath, '--codex', untouched.bin, '--label', label], cleanEnv(untouched.env));
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`pad-lattice: ${message}\n`);
    }
    expect(refused.connections).toHaveLength(0);
    expect(untouched.record()).toBeNull();
  });

  it("scenario 24: the child's exit status, and the lease closes only after the child exited", async () => {
    let childDoneWhenLeaseEnded: boolean | null = null;
    const agent = makeFakeAgent({ exitStatus: 17 });
    const daemon = await FakeDaemon.start(tempSocketPath(), {
      onEnd: (connection) => {
        if (connection.received[0]?.['type'] === 'session_lease') childDoneWhenLeaseEnded = existsSync(agent.doneFile);
      },
    });
    const run = await runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin], cleanEnv(agent.env));
    expect(run.code).toBe(17);
    await until(() => childDoneWhenLeaseEnded !== null, 'the lease connection to end');
    expect(childDoneWhenLeaseEnded).toBe(true);

    const killed = makeFakeAgent({ killSelf: 'SIGTERM' });
    const second = await runLauncher(['--socket', daemon.socketPath, '--codex', killed.bin], cleanEnv(killed.env));
    expect(second.code).toBe(143);
  });

  it('scenario 24 (signals): SIGTERM to the launcher is forwarded once; SIGINT is not', async () => {
    const daemon = await FakeDaemon.start();
    const agent = makeFakeAgent({ waitForSigterm: true });
    const signals = new EventEmitter();
    const running = runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin], cleanEnv(agent.env), { signals });
    await until(() => agent.record() !== null, 'the child to start', CHILD_START_MS);
    signals.emit('SIGINT');
    await delay(100);
    expect(existsSync(agent.doneFile)).toBe(false);
    signals.emit('SIGTERM');
    expect((await running).code).toBe(143);
    expect(signals.listenerCount('SIGTERM') + signals.listenerCount('SIGINT') + signals.listenerCount('SIGHUP')).toBe(0);
  });

  it('scenario 25: a missing Codex — exit 1, one line naming the program and --codex BIN, the lease closed', async () => {
    const daemon = await FakeDaemon.start();
    const run = await runLauncher(['--socket', daemon.socketPath, '--codex', '/nonexistent'], cleanEnv());
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('pad-lattice: cannot start /nonexistent: it was not found; install it, or name its executable with --codex\n');
    await until(() => daemon.connections.every((c) => c.ended), 'the lease connection to close');
    const onPath = await runLauncher(['--socket', daemon.socketPath], cleanEnv({ PATH: privateTempDir() }));
    expect(onPath.stderr).toBe('pad-lattice: cannot start codex: it was not found; install it, or name its executable with --codex\n');
    const notExecutable = join(privateTempDir(), 'codex');
    writeFileSync(notExecutable, '');
    const refused = await runLauncher(['--socket', daemon.socketPath, '--codex', notExecutable], cleanEnv());
    expect(refused.stderr).toBe(`pad-lattice: cannot start ${notExecutable}: it is not executable; install it, or name its executable with --codex\n`);
  });

  it('scenario 26: the first registration carries lease id, metadata and the placeholder agent, so the session shows at once', async () => {
    const daemon = await FakeDaemon.start();
    const cwd = privateTempDir();
    const labelled = makeFakeAgent();
    await runLauncher(['--socket', daemon.socketPath, '--codex', labelled.bin, '--label', 'implementation'], cleanEnv(labelled.env), { cwd });
    const [first] = daemon.connectionOf('session_lease')?.received ?? [];
    expect(Object.keys(first ?? {}).sort()).toEqual(['agent', 'lease_id', 'metadata', 'protocol', 'type']);
    expect(first).toMatchObject({ protocol: 1, type: 'session_lease', metadata: { cwd, label: 'implementation' } });
    expect(first?.['lease_id']).toMatch(HEX32);
    expect(first?.['agent']).toEqual({ backend: 'codex', session_id: `starting-${String(first?.['lease_id'])}` });

    const plain = await FakeDaemon.start();
    const agent = makeFakeAgent();
    await runLauncher(['--socket', plain.socketPath, '--codex', agent.bin], cleanEnv(agent.env), { cwd });
    expect(plain.ofType('session_lease')[0]?.['metadata']).toEqual({ cwd });
  });

  it('scenario 27: the bound identity is remembered and sent again one second after a loss', async () => {
    const daemon = await FakeDaemon.start();
    const release = join(privateTempDir(), 'release');
    const agent = makeFakeAgent({ waitFor: release });
    let closedAt = 0;
    daemon.handler = (message, connection) => {
      if (message['type'] !== 'session_lease' || daemon.ofType('session_lease').length > 1) return;
      connection.send({
        protocol: 1,
        type: 'session_lease_bound',
        lease_id: message['lease_id'],
        session: stateAck('codex', '019f28ff-aaaa-bbbb', { scene: 1, accent: 'cyan', label: 'x' }),
      });
      setTimeout(() => {
        closedAt = performance.now();
        connection.close();
      }, 50);
    };
    const running = runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin, '--label', 'implementation'], cleanEnv(agent.env), {
      cwd: '/home/dev/pad-lattice',
    });
    await until(() => daemon.ofType('session_lease').length >= 2, 'a second registration', 5_000);
    const [first, second] = daemon.ofType('session_lease');
    const reconnectedAt = daemon.events.filter((e) => e.kind === 'accept').at(-1)?.at ?? 0;
    expect(reconnectedAt - closedAt).toBeGreaterThanOrEqual(900);
    expect(first?.['agent']).toEqual({ backend: 'codex', session_id: `starting-${String(first?.['lease_id'])}` });
    expect(second).toEqual({ ...first, agent: { backend: 'codex', session_id: '019f28ff-aaaa-bbbb' } });
    writeFileSync(release, '');
    expect((await running).code).toBe(0);
  });

  it('scenario 28: noise on the lease connection neither drops it nor changes the remembered identity', async () => {
    const daemon = await FakeDaemon.start();
    const release = join(privateTempDir(), 'release');
    const agent = makeFakeAgent({ waitFor: release });
    daemon.handler = (message, connection) => {
      if (message['type'] !== 'session_lease' || daemon.ofType('session_lease').length > 1) return;
      connection.send({
        protocol: 1,
        type: 'session_lease_bound',
        lease_id: message['lease_id'],
        session: stateAck('codex', 'known', { scene: 1, accent: 'cyan', label: 'x' }),
      });
      connection.send({ protocol: 1, type: 'error', code: 'invalid_message', error: 'noise' });
      connection.writeRaw('garbage\n');
      connection.send({ protocol: 1, type: 'session_lease_ack', lease_id: 'x' });
    };
    const running = runLauncher(['--socket', daemon.socketPath, '--codex', agent.bin], cleanEnv(agent.env));
    await until(() => daemon.ofType('session_lease').length === 1, 'the registration');
    await delay(1_500);
    const lease = daemon.connectionOf('session_lease');
    expect(lease?.ended).toBe(false);
    expect(daemon.ofType('session_lease')).toHaveLength(1);
    lease?.close();
    await until(() => daemon.ofType('session_lease').length === 2, 'the re-registration');
    expect(daemon.ofType('session_lease')[1]?.['agent']).toEqual({ backend: 'codex', session_id: 'known' });
    writeFileSync(release, '');
    await running;
  });

  it('scenario 29: no daemon at start — a warning, Codex starts, and the lease arrives once the daemon listens', async () => {
    const socket = tempSocketPath();
    const release = join(privateTempDir(), 'release');
    const agent = makeFakeAgent({ waitFor: release });
    const started = performance.now();
    const running = runLauncher(['--socket', socket, '--codex', agent.bin], cleanEnv(agent.env));
    await until(() => agent.record() !== null, 'the child to start', CHILD_START_MS);
    // The launcher waited for its first attempt only briefly, not for a daemon (which never comes until below).
    expect(performance.now() - started).toBeLessThan(CHILD_START_MS);
    const daemon = await FakeDaemon.start(socket);
    await until(() => daemon.ofType('session_lease').length === 1, 'the lease to register', 5_000);
    writeFileSync(release, '');
    const run = await running;
    expect(run.stderr).toBe('pad-lattice: daemon unavailable; Codex will start and the lease will retry\n');
    expect(run.code).toBe(0);
  });
});
