import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { parseDeviceProfile, slug } from '../../src/profiles/index.js';
import { newProfileDocument } from '../../src/profiles/new-profile.js';
import { captureIo } from '../helpers/capture-io.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';
import { builtinJson } from './helpers.js';

const tempHome = tempDirsPerTest('pl-profile-new-');

async function run(args: readonly string[], home: string) {
  const io = captureIo('', { NO_COLOR: '1', HOME: home });
  const code = await runCli(['profile', ...args], io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('pad-lattice profile new', () => {
  it('writes a complete, valid profile into the user profile folder, with the id and metadata set', async () => {
    const home = tempHome();
    const made = await run(['new', 'acme/grid-pad/one', '--from', 'novation/launchpad/x'], home);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const file = join(home, '.config', 'pad-lattice', 'profiles', 'acme', 'grid-pad', 'one.json');
    expect(made.stdout).toContain(`wrote ${file} (acme/grid-pad/one, experimental, from novation/launchpad/x)`);
    const document = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(document).toMatchObject({
      id: 'acme/grid-pad/one',
      name: 'Acme Grid Pad One',
      manufacturer: 'Acme',
      family: 'Grid Pad',
      model: 'One',
      status: 'experimental',
    });
    expect('verified_against' in document).toBe(false); // nobody checked the new device against anything yet
    expect(Object.keys(document)).toEqual(Object.keys(builtinJson('novation/launchpad/x')).filter((key) => key !== 'verified_against' && key !== 'usb'));
    expect(document['capabilities']).toEqual(builtinJson('novation/launchpad/x')['capabilities']);
    expect(parseDeviceProfile(document).ok).toBe(true);

    const validated = await run(['validate', file], home);
    expect(validated.stdout).toBe(`${file}: ok acme/grid-pad/one [experimental]\n`);
    const listed = await run(['list'], home);
    expect(listed.stdout).toContain('acme/grid-pad/one\texperimental\tAcme Grid Pad One\n');
  });

  it('never overwrites a file without --force, and refuses an id that is already loaded', async () => {
    const home = tempHome();
    const file = join(home, 'mine.json');
    writeFileSync(file, 'precious');
    const kept = await run(['new', 'acme/grid/one', '--from', 'novation/launchpad/s', '--output', file], home);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toContain(`${file} already exists; choose another --output, or --force to overwrite it`);
    expect(readFileSync(file, 'utf8')).toBe('precious');
    expect((await run(['new', 'acme/grid/one', '--from', 'novation/launchpad/s', '--output', file, '--force'], home)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).id).toBe('acme/grid/one');
    const taken = await run(['new', 'novation/launchpad/x', '--from', 'novation/launchpad/s'], home);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('a profile novation/launchpad/x is already loaded');
  });

  it('prints to stdout with --output -, and names the rule for a bad id, a missing --from or an unknown source (exit 2 / 1)', async () => {
    const home = tempHome();
    const printed = await run(['new', 'acme/grid/one', '--from', 'akai/apc/mini-mk2', '--name', 'My Grid', '--output', '-'], home);
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toMatchObject({ id: 'acme/grid/one', name: 'My Grid' });
    const bad = await run(['new', 'Acme Grid', '--from', 'akai/apc/mini-mk2'], home);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('must be manufacturer/family/model in lowercase slug form');
    expect((await run(['new', 'acme/grid/one'], home)).code).toBe(2);
    const unknown = await run(['new', 'acme/grid/one', '--from', 'acme/none/zero'], home);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown device profile: acme/none/zero');
  });

  it('derives metadata whose slugs are the id, for every segment shape', () => {
    for (const id of ['a/b/c', 'acme-2/grid/mk-3', '8bit/pad/x1']) {
      const document = newProfileDocument(builtinJson('novation/launchpad/pro-mk1'), id);
      expect([document['manufacturer'], document['family'], document['model']].map((text) => slug(String(text))).join('/')).toBe(id);
      expect(parseDeviceProfile(document).ok).toBe(true);
    }
  });
});
