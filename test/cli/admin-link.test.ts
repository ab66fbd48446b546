import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../e2e/helpers.js';
import { createAppFixture } from '../web/helpers/app-fixture.js';
import { TestClient } from '../web/helpers/ws-client.js';
import { startPadCommand, type WebDaemon } from '../web-browser/helpers/web-daemon.js';
import { pl } from './run.js';
import { runDaemon } from '../client/daemon-harness.js';

const app = createAppFixture();
const running: WebDaemon[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const daemon of running.splice(0)) expect(await daemon.stop()).toBe(0);
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => app.remove());

function stateFolder(): string {
  const { dir, remove } = tempFolder('pl-link-');
  cleanups.push(remove);
  return dir;
}

async function web(stateDir: string, args: string[] = []): Promise<WebDaemon> {
  const daemon = await startPadCommand('web', ['--no-open', '--port', '0', ...args], { assetRoot: app.root, stateDir });
  running.push(daemon);
  return daemon;
}

async function stop(daemon: WebDaemon): Promise<void> {
  running.splice(running.indexOf(daemon), 1);
  expect(await daemon.stop()).toBe(0);
}

const tokenOf = (daemon: WebDaemon) => new URL(daemon.adminUrl).hash.replace('#admin=', '');
const tokenFile = (dir: string) => join(dir, 'web-admin-token.json');

async function authenticate(port: number, token: string): Promise<unknown> {
  const client = await TestClient.open(port);
  try {
    return (await client.authenticate(token)) as unknown;
  } finally {
    client.close();
  }
}

describe('the admin token survives restarts', () => {
  it('a restart with the same state folder serves the same token; the file is 0600 and names the port', async () => {
    const dir = stateFolder();
    const first = await web(dir);
    const token = tokenOf(first);
    const file = tokenFile(dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, token, port: first.port });
    await stop(first);

    const second = await web(dir);
    expect(tokenOf(second)).toBe(token);
    expect(second.stdout()).toContain("it stays valid across restarts: 'pad-lattice web --print-link' shows it again");
    expect(await authenticate(second.port, token)).toMatchObject({ type: 'authenticated', admin: true });
    // A port the system picked (--port 0) leaves with its pad: the stored port stays the one stored before.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, token, port: first.port });
  });

  it('--new-token replaces the token: the old link is refused, the new one works', async () => {
    const dir = stateFolder();
    const first = await web(dir);
    const old = tokenOf(first);
    await stop(first);

    const second = await web(dir, ['--new-token']);
    const fresh = tokenOf(second);
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.stderr()).toContain('new admin token; links printed before no longer work');
    expect(await authenticate(second.port, old)).toMatchObject({ type: 'error', code: 'forbidden' });
    expect(await authenticate(second.port, fresh)).toMatchObject({ type: 'authenticated', admin: true });
    expect(JSON.parse(readFileSync(tokenFile(dir), 'utf8')).token).toBe(fresh);
  });

  it('a token file readable by others is not trusted: a new token replaces it, 0600', async () => {
    const dir = stateFolder();
    const leaked = 'L'.repeat(43);
    writeFileSync(tokenFile(dir), JSON.stringify({ version: 1, token: leaked, port: 8765 }));
    chmodSync(tokenFile(dir), 0o644);
    const daemon = await web(dir);
    expect(tokenOf(daemon)).not.toBe(leaked);
    expect(daemon.stderr()).toContain(`ignoring the stored admin token: ${tokenFile(dir)} is readable by other users`);
    expect(statSync(tokenFile(dir)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(tokenFile(dir), 'utf8')).token).toBe(tokenOf(daemon));
  });

  it("another user's token file or a link in its place is never read or written through; the pad still starts", async () => {
    const dir = stateFolder();
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, 'untouched');
    symlinkSync(target, tokenFile(dir));
    const linked = await web(dir);
    expect(linked.stderr()).toContain(`${tokenFile(dir)} is a symbolic link; Pad-Lattice does not write through links`);
    expect(linked.stderr()).toContain('the admin link will change on the next start');
    expect(readFileSync(target, 'utf8')).toBe('untouched');
    await stop(linked);

    const foreign = stateFolder();
    writeFileSync(tokenFile(foreign), JSON.stringify({ version: 1, token: 'F'.repeat(43), port: 8765 }), { mode: 0o600 });
    chownSync(tokenFile(foreign), 4321, 4321);
    const daemon = await web(foreign);
    expect(tokenOf(daemon)).not.toBe('F'.repeat(43));
    expect(daemon.stderr()).toContain('belongs to another user; remove it');
  });

  it('a damaged token file is replaced by a new token', async () => {
    const dir = stateFolder();
    writeFileSync(tokenFile(dir), '{"version":1,"token":"short","port":8765}', { mode: 0o600 });
    const daemon = await web(dir);
    expect(daemon.stderr()).toContain('token must be 43 base64url characters');
    expect(JSON.parse(readFileSync(tokenFile(dir), 'utf8')).token).toBe(tokenOf(daemon));
  });
});

describe('pad-lattice web --print-link', () => {
  const printLink = (dir: string, extra: string[] = []) =>
    pl(['web', '--print-link', '--identity-store', join(dir, 'ids.json'), '--socket', join(dir, 'd.sock'), ...extra]);

  it('prints the running pad’s link and nothing on stderr', async () => {
    const dir = stateFolder();
    const daemon = await web(dir);
    const result = await printLink(dir);
    expect(result).toEqual({ code: 0, stdout: `${daemon.adminUrl}\n`, stderr: '' });
    expect(JSON.parse((await printLink(dir, ['--json'])).stdout)).toEqual({ admin_url: daemon.adminUrl });
  });

  it('after the pad stopped it still prints the link and says no daemon answers; --port overrides the stored port', async () => {
    const dir = stateFolder();
    const daemon = await web(dir);
    const url = daemon.adminUrl;
    await stop(daemon);
    const result = await printLink(dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${url}\n`);
    expect(result.stderr).toContain('no daemon answers on the socket right now');
    expect((await printLink(dir, ['--port', '9999'])).stdout).toBe(`http://127.0.0.1:9999/#admin=${tokenOf(daemon)}\n`);
  });

  it('never prints the link of a pad that came and went: the daemon answering on the socket names its own live link', async () => {
    const dir = stateFolder();
    const first = await web(dir);
    // Another pad with the same state folder on another socket, with a port of its own, comes and goes.
    const other = await startPadCommand('web', ['--no-open', '--port', '0'], { assetRoot: app.root, stateDir: dir, socketPath: join(dir, 'other.sock') });
    running.push(other);
    expect(other.port).not.toBe(first.port);
    expect(await printLink(dir, ['--socket', join(dir, 'other.sock')])).toMatchObject({ code: 0, stdout: `${other.adminUrl}\n` });
    // The pad's own port, whatever --port 0 (a port the system picks) says.
    expect(await printLink(dir, ['--socket', join(dir, 'other.sock'), '--port', '0'])).toMatchObject({ code: 0, stdout: `${other.adminUrl}\n` });
    await stop(other);
    expect(existsSync(join(dir, 'other.sock.admin-link.json'))).toBe(false);
    const result = await printLink(dir);
    expect(result).toEqual({ code: 0, stdout: `${first.adminUrl}\n`, stderr: '' });
    expect(await authenticate(first.port, tokenOf(first))).toMatchObject({ type: 'authenticated', admin: true });
  });

  it('a daemon without a browser pad has no link (exit 3), and a live link left by a killed daemon is not believed', async () => {
    const dir = stateFolder();
    await stop(await web(dir));
    const daemon = await runDaemon(join(dir, 'd.sock'));
    try {
      const none = await printLink(dir);
      expect(none.code).toBe(3);
      expect(none.stdout).toBe('');
      expect(none.stderr).toContain("runs no browser pad; start one with 'pad-lattice web'");
      // A daemon killed before it could remove its live link: the pid in it is gone, so the link is not printed.
      const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
      const stale = { version: 1, admin_url: `http://127.0.0.1:1/#admin=${'A'.repeat(43)}`, pid: dead };
      writeFileSync(join(dir, 'd.sock.admin-link.json'), `${JSON.stringify(stale)}\n`, { mode: 0o600 });
      expect((await printLink(dir)).code).toBe(3);
    } finally {
      await daemon.handle.close();
    }
  });

  it('exits 3 before any pad ran, and refuses to combine with --new-token', async () => {
    const dir = stateFolder();
    const result = await printLink(dir);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('no admin link yet');
    expect(result.stderr).toContain("start the browser pad with 'pad-lattice web'");
    const both = await printLink(dir, ['--new-token']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--new-token and --print-link cannot be combined');
    const daemonOnly = await pl(['daemon', '--print-link']);
    expect(daemonOnly.code).toBe(2);
    expect(daemonOnly.stderr).toContain('--print-link needs --web');
  });

  it('web --help and daemon --help document both options', async () => {
    for (const command of ['web', 'daemon']) {
      const help = (await pl([command, '--help'])).stdout;
      expect(help).toContain('--print-link');
      expect(help).toContain('--new-token');
    }
  });
});
