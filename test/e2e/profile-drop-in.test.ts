import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient } from '../../src/client/index.js';
import { pl } from '../cli/run.js';
import { eventually, tempFolder } from './helpers.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO, 'dist/src/cli/main.js');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** `pad-lattice daemon` in its own process with a private home and config folder; stderr is collected. */
function startDaemon(socket: string, home: string, config: string): { child: ChildProcess; stderr(): string } {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npx tsc -p tsconfig.json; npm test does this)`);
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: config, PAD_LATTICE_PROFILE_PATH: '', PAD_LATTICE_SOCKET: '', NO_COLOR: '1' };
  const child = spawn(process.execPath, [CLI, 'daemon', '--socket', socket, '--identity-store', join(home, 'ids.json'), '--no-greeting'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return { child, stderr: () => stderr };
}

async function inventoryOf(socket: string): Promise<Record<string, any>> {
  const result = await pl(['status', '--json', '--socket', socket]);
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as Record<string, any>)['inventory'];
}

describe('drop-in profiles (issue #16)', () => {
  it('profile new, edit, drop into the folder of a running daemon: its log and status --json show it; a typo is refused with a did-you-mean', async () => {
    const { dir, remove } = tempFolder('pl-drop-');
    cleanups.push(remove);
    const config = join(dir, 'config');
    const folder = join(config, 'pad-lattice', 'profiles');
    mkdirSync(folder, { recursive: true });
    const socket = join(dir, 'd.sock');
    const daemon = startDaemon(socket, dir, config);
    const client = new PadLatticeClient({ socketPath: socket, timeoutMs: 5000 });
    await eventually(
      async () =>
        await client.ping().then(
          () => true,
          () => false,
        ),
      'the daemon to answer',
    );
    // It answers before its controllers and profiles are loaded.
    await eventually(() => /profiles: 12 built-in loaded/.test(daemon.stderr()), 'the profiles to be loaded');

    // 1. profile new, outside the folder, then edit: this controller's own port names.
    const draft = join(dir, 'one.json');
    const made = await pl(['profile', 'new', 'acme/grid/one', '--from', 'novation/launchpad/x', '--output', draft], {
      NO_COLOR: '1',
      HOME: dir,
      XDG_CONFIG_HOME: config,
    });
    expect(made.code).toBe(0);
    const document = JSON.parse(readFileSync(draft, 'utf8')) as Record<string, any>;
    document['ports'] = { input: ['Acme Grid One MIDI'], output: ['Acme Grid One MIDI'] };
    writeFileSync(draft, `${JSON.stringify(document, null, 2)}\n`);
    expect((await pl(['profile', 'validate', draft])).code).toBe(0);

    // 2. Drop it into the running daemon's folder (a rename, as a file manager's move is).
    mkdirSync(join(folder, 'acme', 'grid'), { recursive: true });
    const dropped = join(folder, 'acme', 'grid', 'one.json');
    renameSync(draft, dropped);
    await eventually(() => daemon.stderr().includes(`profile loaded: acme/grid/one (experimental) from ${dropped}`), 'the daemon to log the new profile');
    await eventually(async () => (await inventoryOf(socket))['profiles'].some((p: { id: string }) => p.id === 'acme/grid/one'), 'status --json to list it');
    const listed = (await inventoryOf(socket))['profiles'].find((p: { id: string }) => p.id === 'acme/grid/one');
    expect(listed).toEqual({ id: 'acme/grid/one', status: 'experimental', opens_automatically: false, origin: 'user', source: dropped });

    // 3. A typo in a key: refused, with the key it meant, and the profile is not loaded.
    const typo = {
      ...document,
      id: 'acme/grid/two',
      model: 'Two',
      name: 'Acme Grid Two',
      capabilities: { text_scroll: true, show_rbg: document['capabilities']['show_rgb'] },
    };
    const broken = join(folder, 'acme', 'grid', 'two.json');
    writeFileSync(join(dir, 'two.json'), JSON.stringify(typo));
    renameSync(join(dir, 'two.json'), broken);
    await eventually(() => daemon.stderr().includes(`profile refused: ${broken}`), 'the daemon to refuse the typo');
    // The problem is its own log line, which may reach the pipe a moment later.
    await eventually(() => daemon.stderr().includes('capabilities: unknown keys: show_rbg (did you mean show_rgb?)'), 'the refusal to name the unknown key');
    const inventory = await inventoryOf(socket);
    expect(inventory['refused_profile_files']).toBe(1);
    expect(inventory['profiles'].some((p: { id: string }) => p.id === 'acme/grid/two')).toBe(false);
    // The refusal is logged once, not on every later rescan.
    await eventually(async () => (await inventoryOf(socket)) !== undefined, 'another status');
    expect(daemon.stderr().split(`profile refused: ${broken}`)).toHaveLength(2);
  });
});
