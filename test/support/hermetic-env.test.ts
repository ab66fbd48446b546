import { execFileSync } from 'node:child_process';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSocketPath } from '../../src/unix-socket/socket-path.js';
import { defaultAccentStorePath } from '../../src/daemon/identity-store/accent-store-path.js';

/** The test setup (test/helpers/hermetic-env.ts) keeps every test away from the user's own folders and socket. */
describe('the test environment', () => {
  const home = process.env['HOME']!;

  it('has a temporary HOME, and the default socket, identity store and profile folder lie inside it', () => {
    expect(home.startsWith(join(tmpdir(), 'pl-test-home-'))).toBe(true);
    expect(homedir()).toBe(home);
    expect(defaultSocketPath(process.env).startsWith(`${home}/`)).toBe(true);
    expect(defaultAccentStorePath(process.env).startsWith(`${home}/`)).toBe(true);
    expect(process.env['XDG_CONFIG_HOME']).toBe(join(home, '.config'));
    expect(process.env['PAD_LATTICE_SOCKET']).toBeUndefined();
  });

  it('is what a program a test spawns inherits', () => {
    const script = 'const { defaultSocketPath } = await import(process.argv[1]); console.log(defaultSocketPath(process.env));';
    const module = new URL('../../dist/src/unix-socket/socket-path.js', import.meta.url).href;
    const socket = execFileSync(process.execPath, ['--input-type=module', '-e', script, module], { encoding: 'utf8' }).trim();
    expect(socket).toBe(join(home, 'run', 'pad-lattice.sock'));
  });
});
