import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeRemoteEvent } from '../../src/cli/remote-text.js';
import { makeIdentity, makeSurfaceView } from '../../src/domain/index.js';
import { loadSoPeerCred } from '../../src/unix-socket/so-peercred.js';
import { LinkWatch } from '../../src/remote/link-watch.js';
import { HostNamespace } from '../../src/remote/host-namespace.js';
import { RelayServer } from '../../src/remote/relay-server.js';
import { forwardCommand, parseSetupOutput, remoteDirectoryArgument, setupCommand } from '../../src/remote/ssh-command.js';
import { sceneLabel } from '../../src/web/protocol/labels.js';
import { surfaceMessage } from '../../src/web/protocol/surface-message.js';
import { runDaemon, type RunningDaemon } from '../client/daemon-harness.js';
import { removeTempSocketDirs, tempSocketPath } from '../client/fake-daemon.js';
import { pl } from '../cli/run.js';

const daemons: RunningDaemon[] = [];
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const daemon of daemons.splice(0)) await daemon.handle.close();
  removeTempSocketDirs();
});

describe('where a session runs, on the browser pad', () => {
  it('appends " @host" to the Scene label and keeps it within 80 code points', () => {
    expect(sceneLabel('docs', 0, 'devbox')).toBe('docs @devbox');
    expect(sceneLabel('  ', 2, 'devbox')).toBe('Session 3 @devbox');
    expect(sceneLabel('docs', 0, undefined)).toBe('docs');
    const long = sceneLabel('x'.repeat(100), 0, 'devbox');
    expect([...long]).toHaveLength(80);
    expect(long.endsWith(' @devbox')).toBe(true);
    // A host name never takes the whole label.
    expect(sceneLabel('docs', 0, 'h'.repeat(60))).toBe(`docs @${'h'.repeat(32)}`);
    expect(sceneLabel('docs', 0, ' \n ')).toBe('docs');
  });

  it('puts it in the surface message the browser gets', () => {
    const view = makeSurfaceView({ selectedState: 'running', sessions: [{ slot: 0, state: 'running', label: 'docs' }] });
    const remote = { ...view, sessions: [{ ...view.sessions[0]!, host: 'devbox' }] };
    expect(surfaceMessage(view).view.sessions[0]?.label).toBe('docs');
    expect(surfaceMessage(remote).view.sessions[0]?.label).toBe('docs @devbox');
  });
});

describe('where a session runs, in pad-lattice status', () => {
  it('adds a Host column only when a session comes from another machine', async () => {
    const daemon = await runDaemon();
    daemons.push(daemon);
    await daemon.client.reportState('running', { agent: makeIdentity('claude', 's1'), metadata: { label: 'here' } });
    const before = await pl(['status', '--socket', daemon.socketPath]);
    expect(before.stdout).not.toContain('Host');
    await daemon.client.reportState('running', { agent: makeIdentity('claude@devbox', 's1'), metadata: { label: 'there', remote_host: 'devbox' } });
    const after = await pl(['status', '--socket', daemon.socketPath]);
    const rows = after.stdout.split('\n').filter((line) => /^ {2}[> ] S\d/.test(line));
    expect(after.stdout).toMatch(/Label +Host +Project/);
    expect(rows[0]).toMatch(/ here +local +- +s1 +ttl$/);
    expect(rows[1]).toMatch(/ there +devbox +- +s1 +ttl$/);
  });
});

describe('pad-lattice remote on the command line', () => {
  it('explains itself with --help', async () => {
    const result = await pl(['remote', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: pad-lattice remote HOST');
    expect(result.stdout).toContain('PAD_LATTICE_SOCKET');
  });

  it.each([
    [[], 'a HOST is required'],
    [['-p'], 'Unknown option'],
    [['a', 'b'], "ssh options go after '--'"],
    [['devbox', '--name', 'a b'], '--name must be'],
    [['devbox', '--remote-dir', 'a dir'], '--remote-dir may hold only'],
    [['devbox', '--keepalive', '0.5'], '--keepalive must be whole seconds'],
  ])('refuses %j with exit 2', async (args, message) => {
    const result = await pl(['remote', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('exits 3 without starting ssh when no daemon runs here', async () => {
    const result = await pl(['remote', 'devbox', '--socket', tempSocketPath(), '--ssh', '/nonexistent/ssh']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("Start one with 'pad-lattice daemon'");
  });

  it("exits 1 with ssh's own reason when the first connection fails", async () => {
    const daemon = await runDaemon();
    daemons.push(daemon);
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const ssh = ['-F', '/dev/null', '-o', 'BatchMode=yes', '-o', 'UserKnownHostsFile=/dev/null', '-p', String(closedPort)];
    const runtime = mkdtempSync(join(tmpdir(), 'pl-relay-'));
    cleanups.push(() => rmSync(runtime, { recursive: true, force: true }));
    const result = await pl(['remote', '127.0.0.1', '--socket', daemon.socketPath, '--', ...ssh], { NO_COLOR: '1', XDG_RUNTIME_DIR: runtime });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Connecting to 127.0.0.1…');
    expect(result.stderr).toMatch(/pad-lattice remote: setting up \.pad-lattice on 127\.0\.0\.1 failed: ssh: .*Connection refused/);
  });

  it('refuses a second link for a name in use, and a relay folder others can enter, before running ssh', async () => {
    const daemon = await runDaemon();
    daemons.push(daemon);
    const runtime = mkdtempSync(join(tmpdir(), 'pl-relay-'));
    cleanups.push(() => rmSync(runtime, { recursive: true, force: true }));
    mkdirSync(join(runtime, 'pad-lattice-remote'), { mode: 0o700 });
    const first = await RelayServer.start({
      path: join(runtime, 'pad-lattice-remote', 'devbox.sock'),
      daemonSocket: daemon.socketPath,
      namespace: new HostNamespace('devbox'),
      peerCredentials: loadSoPeerCred(),
      link: new LinkWatch(3_000, () => 0),
      admitAction: () => true,
    });
    cleanups.push(() => first.close());
    const args = ['remote', 'me@devbox.lan', '--socket', daemon.socketPath, '--ssh', '/nonexistent/ssh'];
    const taken = await pl(args, { NO_COLOR: '1', XDG_RUNTIME_DIR: runtime });
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe(
      `pad-lattice remote: another 'pad-lattice remote' already relays host devbox (${join(runtime, 'pad-lattice-remote', 'devbox.sock')}); stop it, or give this one another --name\n`,
    );
    chmodSync(join(runtime, 'pad-lattice-remote'), 0o755);
    const open = await pl([...args, '--name', 'other'], { NO_COLOR: '1', XDG_RUNTIME_DIR: runtime });
    expect(open.code).toBe(1);
    expect(open.stderr).toContain(`run 'chmod 700 ${join(runtime, 'pad-lattice-remote')}'`);
  });

  it('builds remote scripts that every login shell passes on unchanged', () => {
    const target = { ssh: 'ssh', destination: 'devbox', sshArgs: ['-p', '2222'] };
    const setup = setupCommand(target, '.pad-lattice', 4242);
    const forward = forwardCommand(target, '/home/me/.pad-lattice/pad-lattice.sock', '/run/user/1000/pad-lattice-remote/devbox.sock', 5);
    for (const command of [setup, forward]) {
      const remoteCommand = command.at(-1)!;
      const script = remoteCommand.slice(remoteCommand.indexOf("'") + 1, remoteCommand.lastIndexOf("'"));
      expect(script).not.toMatch(/['\\!]/);
      // The user's ssh options come after ours (ssh keeps the first value of an option), then HOST.
      expect(command.slice(-5, -1)).toEqual(['-p', '2222', '--', 'devbox']);
    }
    expect(setup.at(-1)).toMatch(/ pad-lattice-remote \.pad-lattice 4242$/);
    expect(forward).toContain('/home/me/.pad-lattice/pad-lattice.sock:/run/user/1000/pad-lattice-remote/devbox.sock');
    expect(remoteDirectoryArgument('~/x/y')).toEqual({ dir: 'x/y' });
    expect(remoteDirectoryArgument('$(rm)')).toHaveProperty('problem');
    expect(parseSetupOutput('motd\npad-lattice-remote dir=/home/me/.pad-lattice\nbye\n')).toEqual({ dir: '/home/me/.pad-lattice' });
    expect(parseSetupOutput('pad-lattice-remote dir=relative\n')).toBeNull();
  });

  it('prints what to run on the remote host once connected', () => {
    const text = describeRemoteEvent({
      event: 'connected',
      destination: 'devbox',
      host: 'devbox',
      remote_socket: '/home/me/.pad-lattice/pad-lattice.sock',
      relay_socket: '/run/user/1000/pad-lattice-remote/devbox.sock',
      ssh_pid: 42,
      reconnected: false,
    });
    expect(text).toContain('export PAD_LATTICE_SOCKET=/home/me/.pad-lattice/pad-lattice.sock');
    expect(text).toContain('pad-lattice claude');
  });
});
