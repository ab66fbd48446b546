import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cliInvocation } from '../../src/support/cli-invocation.js';
import { PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { PACKAGED_DEMO_FILE, PACKAGED_SHOW_FILE } from '../../src/experiences/index.js';
import { eventually, tempFolder } from '../e2e/helpers.js';
import { TestClient } from '../web/helpers/ws-client.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO, 'dist/src/cli/main.js');
const WEB_APP = join(REPO, 'dist/web-app');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

interface Started {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

/**
 * What `npm start` runs (`node dist/src/cli/main.js daemon --web`), plus a
 * private socket, a free port and --no-open; no display, so nothing could
 * open a browser anyway.
 */
function startDaemonWeb(dir: string): Started {
  if (!existsSync(CLI) || !existsSync(join(WEB_APP, 'index.html'))) throw new Error('dist/ is missing or stale: run "npm run build" first');
  const env = {
    ...process.env,
    HOME: dir,
    XDG_CONFIG_HOME: '',
    XDG_STATE_HOME: '',
    PAD_LATTICE_SOCKET: '',
    PAD_LATTICE_PROFILE_PATH: '',
    DISPLAY: '',
    WAYLAND_DISPLAY: '',
    NO_COLOR: '1',
  };
  const args = [CLI, 'daemon', '--web', '--no-open', '--port', '0', '--socket', join(dir, 'd.sock')];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': only then has everything the child wrote on its pipes been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

const adminUrlIn = (text: string) => /^Virtual pad: (http:\/\/127\.0\.0\.1:\d+\/#admin=\S+)$/m.exec(text)?.[1];

describe('npm start: pad-lattice daemon --web as a process', () => {
  it('serves the virtual pad on loopback, prints the admin URL and how to connect an agent, and runs until SIGTERM', async () => {
    const { dir, remove } = tempFolder('pl-start-');
    cleanups.push(remove);
    const daemon = startDaemonWeb(dir);
    await eventually(() => adminUrlIn(daemon.stdout()) !== undefined, `the admin URL on stdout (stderr so far: ${daemon.stderr()})`, 20_000);
    const adminUrl = new URL(adminUrlIn(daemon.stdout())!);
    const origin = adminUrl.origin;
    // The hint follows the link, on the other pipe: wait for it rather than race it.
    await eventually(() => daemon.stderr().includes('connect an agent:'), 'the hint on stderr');
    expect(daemon.stderr()).toContain(`connect an agent: ${cliInvocation(process.env).command} send-state running --socket ${join(dir, 'd.sock')}`);

    expect(await (await fetch(`${origin}/config.json`)).json()).toEqual({ mode: 'live', protocol: 1 });
    expect(await (await fetch(`${origin}/`)).text()).toContain('<div id="pad"');
    expect(await (await fetch(`${origin}/experiences/demo-v1.json`)).json()).toMatchObject({ kind: 'demo', id: 'multi-agent-guided-demo' });

    const client = new PadLatticeClient({ socketPath: join(dir, 'd.sock'), timeoutMs: 5_000 });
    expect((await client.status()).surfaces[0]).toMatchObject({ kind: 'web', profile: 'virtual/browser' });
    const browser = await TestClient.open(Number(adminUrl.port));
    cleanups.push(() => browser.close());
    expect(await browser.authenticate(adminUrl.hash.replace('#admin=', ''))).toMatchObject({ type: 'authenticated', admin: true });
    await client.reportState('running', { agent: makeIdentity('npm-start', 'one'), metadata: { label: 'first agent' } });
    for (;;) {
      const message = await browser.next(10_000);
      if (message.type === 'surface' && JSON.stringify(message['view']).includes('first agent')) break;
    }
    expect(daemon.child.exitCode).toBeNull();

    daemon.child.kill('SIGTERM');
    expect(await daemon.exited).toBe(0);
    expect(existsSync(join(dir, 'd.sock'))).toBe(false);
    await expect(fetch(`${origin}/config.json`)).rejects.toThrow();
  });

  it('npm run build put the packaged Demo and Show at the public experiences/ paths', async () => {
    expect(readFileSync(join(WEB_APP, 'experiences', 'demo-v1.json'))).toEqual(readFileSync(join(REPO, PACKAGED_DEMO_FILE)));
    expect(readFileSync(join(WEB_APP, 'experiences', 'constellation-v1.json'))).toEqual(readFileSync(join(REPO, PACKAGED_SHOW_FILE)));
  });
});
