import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { matchingPorts, parseDeviceProfile, slug, untestedNotice } from '../../src/profiles/index.js';
import { newProfileDocument, placeholderPattern } from '../../src/profiles/new-profile.js';
import { captureIo } from '../helpers/capture-io.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';
import { accepted, builtinJson } from './helpers.js';

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
    expect(made.stdout).toContain(`wrote ${file} (acme/grid-pad/one, experimental, an unverified copy of novation/launchpad/x)`);
    expect(made.stdout).toContain('A running daemon loads it within about a second; it opens it with --profile acme/grid-pad/one.');
    const document = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(document).toMatchObject({
      id: 'acme/grid-pad/one',
      name: 'Acme Grid Pad One',
      manufacturer: 'Acme',
      family: 'Grid Pad',
      model: 'One',
      status: 'experimental',
      copied_from: 'novation/launchpad/x',
    });
    expect('verified_against' in document).toBe(false); // nobody checked the new device against anything yet
    expect(Object.keys(document)).toEqual([
      ...Object.keys(builtinJson('novation/launchpad/x')).filter((key) => key !== 'verified_against' && key !== 'usb'),
      'copied_from',
    ]);
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

  it("gives the copy port patterns that do not find the source's controller, and says which they replaced", async () => {
    const home = tempHome();
    const made = await run(['new', 'acme/grid/one', '--from', 'novation/launchpad/x', '--output', '-'], home);
    const copy = JSON.parse(made.stdout) as { ports: { input: string[]; output: string[] } };
    const source = builtinJson('novation/launchpad/x') as { ports: { input: string[]; output: string[] } };
    // The names a Launchpad X shows on Linux and Windows: the source's patterns find them, the copy's must not.
    const inputs = ['Launchpad X:Launchpad X LPX MIDI In 20:1', 'MIDIIN2 (LPX MIDI)'];
    const outputs = ['Launchpad X:Launchpad X LPX MIDI Out 20:1', 'MIDIOUT2 (LPX MIDI)'];
    expect(matchingPorts(inputs, source.ports.input)).not.toEqual([]);
    expect(matchingPorts(outputs, source.ports.output)).not.toEqual([]);
    expect(matchingPorts(inputs, copy.ports.input)).toEqual([]);
    expect(matchingPorts(outputs, copy.ports.output)).toEqual([]);
    expect(copy.ports.input).toEqual(['^replace me: the MIDI input port name of Acme Grid One$']);
    // The placeholder names its own device, whatever characters the name holds.
    expect(matchingPorts(['replace me: the MIDI output port name of A.B (c)'], [placeholderPattern('A.B (c)', 'output')])).toHaveLength(1);
    expect(matchingPorts(['replace me: the MIDI output port name of AxB (c)'], [placeholderPattern('A.B (c)', 'output')])).toEqual([]);
    const written = await run(['new', 'acme/grid/one', '--from', 'novation/launchpad/x'], home);
    expect(written.stdout).toContain("Its port patterns are placeholders that match nothing: the copied ones (input 'MIDIIN2 \\(LPX MIDI\\)', 'LPX MIDI',");
    expect(written.stdout).toContain("would open novation/launchpad/x's own controller under the new profile");
  });

  it('--output outside a profile folder says no daemon loads it and where it must go; inside one, that a daemon does', async () => {
    const home = tempHome();
    const roots = join(home, '.config', 'pad-lattice', 'profiles');
    const outside = join(home, 'mine.json');
    const away = await run(['new', 'acme/grid/one', '--from', 'novation/launchpad/s', '--output', outside], home);
    expect(away.code).toBe(0);
    expect(away.stdout).not.toContain('A running daemon loads it');
    expect(away.stdout).toContain(
      `No daemon loads it from there: daemons read the *.json files in ${roots} (and in folders you add to PAD_LATTICE_PROFILE_PATH).`,
    );
    expect(away.stdout).toContain(`Move it into one of those to use --profile acme/grid/one, or start the daemon with --profile-file ${outside}.`);
    for (const hidden of [join(roots, '.drafts', 'two.json'), join(roots, 'two.txt')]) {
      expect((await run(['new', 'acme/grid/two', '--from', 'novation/launchpad/s', '--output', hidden], home)).stdout, hidden).toContain('No daemon loads it');
    }
    const inside = await run(['new', 'acme/grid/three', '--from', 'novation/launchpad/s', '--output', join(roots, 'mine', 'three.json')], home);
    expect(inside.stdout).toContain('A running daemon loads it within about a second; it opens it with --profile acme/grid/three.');
    const surface = await run(['new', 'acme/grid/four', '--from', 'monome/grid/64'], home);
    expect(surface.code).toBe(2);
    expect(surface.stderr).toContain('monome/grid/64 is a serial.monome-grid surface profile; profile new copies MIDI device profiles.');
  });

  it("a copy opened by a daemon is logged as an unverified copy of its source, not as following the manufacturer's documents", () => {
    const copy = accepted(newProfileDocument(builtinJson('novation/launchpad/x'), 'acme/grid/one'));
    expect(untestedNotice(copy)).toBe(
      "acme/grid/one is an unverified copy of novation/launchpad/x: neither checked against the manufacturer's documents (no verified_against) nor tested on hardware; 'pad-lattice profile test acme/grid/one' checks it on your controller",
    );
    expect(untestedNotice(accepted(builtinJson('novation/launchpad/x')))).toMatch(/^novation\/launchpad\/x follows the manufacturer's documents but/);
    expect(untestedNotice(accepted(builtinJson('novation/launchpad/pro-mk1')))).toBeNull();
  });

  it('derives metadata whose slugs are the id, for every segment shape', () => {
    for (const id of ['a/b/c', 'acme-2/grid/mk-3', '8bit/pad/x1']) {
      const document = newProfileDocument(builtinJson('novation/launchpad/pro-mk1'), id);
      expect([document['manufacturer'], document['family'], document['model']].map((text) => slug(String(text))).join('/')).toBe(id);
      expect(parseDeviceProfile(document).ok).toBe(true);
    }
  });
});
