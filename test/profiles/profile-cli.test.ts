import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { deviceProfileJsonSchema, deviceProfileJsonSchemaText, listProfileFiles } from '../../src/profiles/index.js';
import { captureIo } from '../helpers/capture-io.js';
import { BUILTIN_IDS, BUILTIN_ROOT, proMk1, SURFACE_IDS } from './helpers.js';
import { tempDir, userProfile, writeJson } from './temp-roots.js';

/** Runs the CLI with HOME pointed at an empty temporary folder, so the real user profiles are never read. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const home = env['HOME'] ?? (await tempDir());
  const io = captureIo('', { NO_COLOR: '1', HOME: home, ...env });
  const code = await runCli(args, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

describe('pad-lattice profile', () => {
  it('list prints id, status and name tab-separated, sorted by id', async () => {
    const { code, stdout } = await run(['profile', 'list']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split('\t')[0])).toEqual([...BUILTIN_IDS, ...SURFACE_IDS].sort());
    expect(lines).toContain('novation/launchpad/pro-mk1\tsupported\tNovation Launchpad Pro Mk1');
    expect(lines).toContain('monome/grid/128\texperimental\tmonome grid 128');
  });

  it('list and show know every built-in file: MIDI, monome, Stream Deck and Corsair profiles alike', async () => {
    const files = await listProfileFiles(BUILTIN_ROOT);
    const ids = files.map((file) => (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id).sort();
    expect(ids).toHaveLength(23);
    const listed = JSON.parse((await run(['profile', 'list', '--json'])).stdout) as { profiles: { id: string; driver: string }[] };
    expect(listed.profiles.map((profile) => profile.id)).toEqual(ids);
    expect(listed.profiles.find((profile) => profile.id === 'corsair/galleon/k100')?.driver).toBe('hid.stream-deck');
    for (const id of ids) expect((await run(['profile', 'show', id])).code, id).toBe(0);
    const deck = await run(['profile', 'show', 'elgato/stream-deck/xl']);
    expect(deck.stdout).toMatch(/^elgato\/stream-deck\/xl {2}Elgato Stream Deck XL/);
    expect(deck.stdout).toContain('opens           automatically, whenever a Stream Deck (USB HID) with 8 x 4 keys is connected');
    const grid = JSON.parse((await run(['profile', 'show', 'monome/grid/64', '--json'])).stdout);
    expect(grid).toMatchObject({ id: 'monome/grid/64', driver: 'serial.monome-grid', size: { columns: 8, rows: 8 }, selector_slots: 8 });
  });

  it('list shows user profiles and reports a broken user file without hiding the good ones (exit 1)', async () => {
    const home = await tempDir();
    const root = join(home, '.config', 'pad-lattice', 'profiles');
    await writeJson(join(root, 'acme.json'), userProfile('Acme', 'Grid', 'One'));
    const broken = await writeJson(
      join(root, 'broken.json'),
      proMk1((doc) => (doc.grid.channel = 16)),
    );
    const { code, stdout, stderr } = await run(['profile', 'list'], { HOME: home });
    expect(code).toBe(1);
    expect(stdout).toContain('acme/grid/one\texperimental\tAcme Grid One');
    expect(stdout).toContain('novation/launchpad/pro-mk1');
    expect(stderr).toBe(`pad-lattice profile list: ${broken}: grid.channel: must be an integer from 0 to 15\n`);

    const json = JSON.parse((await run(['profile', 'list', '--json'], { HOME: home })).stdout);
    expect(json.profiles.map((p: { id: string }) => p.id)).toContain('acme/grid/one');
    expect(json.problems).toEqual([{ source: broken, issues: [{ path: 'grid.channel', message: 'must be an integer from 0 to 15' }] }]);
  });

  it('show prints a readable summary, and the reference summary with --json', async () => {
    const text = await run(['profile', 'show', 'novation/launchpad/pro-mk1']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^novation\/launchpad\/pro-mk1 {2}Novation Launchpad Pro Mk1\n/);
    expect(text.stdout).toContain(`source          ${BUILTIN_ROOT}novation/launchpad/pro-mk1.json`);
    expect(text.stdout).toContain('opens           yes: tested on hardware (supported)');
    const documented = await run(['profile', 'show', 'novation/launchpad/x']);
    expect(documented.stdout).toContain("opens           automatically: checked against Novation, Launchpad X Programmer's Reference Manual");
    expect(documented.stdout).toContain('show rgb        yes (channel max 127, 81 LEDs per SysEx)');
    expect(documented.stdout).toContain('frames          batched palette SysEx, 81 LEDs per message');
    expect(text.stdout).toContain('frames          one Note On / Control Change per changed light');
    expect((await run(['profile', 'show', 'novation/launchpad/pro-mk3'])).stdout).toContain('opens           with --profile only (experimental)');
    const json = await run(['profile', 'show', 'novation/launchpad/mini-mk3', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      conformance: ['actions', 'core-state', 'multi-agent'],
      driver: 'midi.palette-grid',
      family: 'Launchpad',
      id: 'novation/launchpad/mini-mk3',
      input_patterns: ['MIDIIN2 \\(LPMiniMK3 MIDI\\)', 'LPMiniMK3.*MIDI', 'Launchpad Mini MK3.*MIDI'],
      manufacturer: 'Novation',
      model: 'Mini Mk3',
      name: 'Novation Launchpad Mini Mk3',
      output_patterns: ['MIDIOUT2 \\(LPMiniMK3 MIDI\\)', 'LPMiniMK3.*MIDI', 'Launchpad Mini MK3.*MIDI'],
      selector_slots: 8,
      status: 'experimental',
      text_scroll: true,
      visual_protocol: 1,
    });
    expect(Object.keys(JSON.parse(json.stdout))).toEqual(Object.keys(JSON.parse(json.stdout)).sort());
  });

  it('show of an unknown id fails with "unknown profile" and names the closest ids', async () => {
    const { code, stderr } = await run(['profile', 'show', 'x/y/z']);
    expect(code).toBe(1);
    expect(stderr).toBe("pad-lattice profile: unknown profile: x/y/z; 'pad-lattice profile list' lists every loaded profile\n");
    const typo = await run(['profile', 'show', 'novation/launchpad/pro-mk2']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('unknown profile: novation/launchpad/pro-mk2 (did you mean novation/launchpad/pro-mk1, novation/launchpad/pro-mk3');
    expect((await run(['profile', 'show', 'pro-mk2'])).stderr).toContain('(did you mean novation/launchpad/pro-mk1 or novation/launchpad/pro-mk3?)');
    expect((await run(['profile', 'show', 'monome/grid/65'])).stderr).toContain('(did you mean monome/grid/64');
  });

  it('validate prints the id and status of valid files and exits 0', async () => {
    const files = BUILTIN_IDS.map((id) => `${BUILTIN_ROOT}${id}.json`);
    const { code, stdout } = await run(['profile', 'validate', ...files]);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toEqual(
      BUILTIN_IDS.map((id, i) => `${files[i]}: ok ${id} [${id === 'novation/launchpad/pro-mk1' ? 'supported' : 'experimental'}]`),
    );
  });

  it('validate reports every broken rule of a file, one a line, prefixed by the file', async () => {
    const dir = await tempDir();
    const file = await writeJson(
      join(dir, 'two.json'),
      proMk1((doc) => {
        doc.status = 'beta';
        doc.surface.agent_selectors[3] = { kind: 'cc', number: 98 };
      }),
    );
    const { code, stdout } = await run(['profile', 'validate', file]);
    expect(code).toBe(1);
    expect(stdout).toBe(
      `${file}: status: unsupported status 'beta' (expected supported or experimental)\n` +
        `${file}: surface.agent_selectors[3]: duplicate MIDI address: cc 98 on channel 0 is already used by surface.actions.stop\n`,
    );
  });

  it('validate names a missing file and a file that is not JSON', async () => {
    const dir = await tempDir();
    const notJson = await writeJson(join(dir, 'nope.json'), 'not json');
    const missing = join(dir, 'missing.json');
    const { code, stdout } = await run(['profile', 'validate', notJson, missing]);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${notJson}: invalid JSON: at line \\d+, column \\d+`));
    expect(lines[1]).toBe(`${missing}: profile file not found`);
  });

  it('validate --schema checks the raw JSON against a JSON Schema first (here ours without the $schema key)', async () => {
    const dir = await tempDir();
    // Accepted by our parser and schema (an editor's $schema key), but not by our schema closed to that key.
    const ours = deviceProfileJsonSchema() as { properties: Record<string, unknown> };
    const { $schema: _editorKey, ...properties } = ours.properties;
    const closedSchema = await writeJson(join(dir, 'closed.schema.json'), { ...ours, properties, additionalProperties: false });
    const file = await writeJson(
      join(dir, 'extra.json'),
      proMk1((doc) => (doc.$schema = 'profile.schema.json')),
    );
    expect((await run(['profile', 'validate', file])).code).toBe(0);
    const { code, stdout } = await run(['profile', 'validate', '--schema', closedSchema, file]);
    expect(code).toBe(1);
    expect(stdout).toBe(`${file}: JSON Schema: must NOT have additional properties ('$schema')\n`);
    expect((await run(['profile', 'validate', '--validate-schema', file])).code).toBe(0);
    const brokenSchema = join(dir, 'broken.schema.json');
    writeFileSync(brokenSchema, '{\n  "type": "object",\n  "properties": {,}\n}\n');
    const broken = await run(['profile', 'validate', '--schema', brokenSchema, file]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(`pad-lattice profile: --schema ${brokenSchema}: invalid JSON: at line 3, column 18\n`);
  });

  it('validate --json reports each file', async () => {
    const { code, stdout } = await run(['profile', 'validate', '--json', `${BUILTIN_ROOT}akai/apc/mini-mk2.json`]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      files: [{ file: `${BUILTIN_ROOT}akai/apc/mini-mk2.json`, valid: true, id: 'akai/apc/mini-mk2', status: 'experimental' }],
    });
  });

  it('schema prints our JSON Schema', async () => {
    const { code, stdout } = await run(['profile', 'schema']);
    expect(code).toBe(0);
    expect(stdout).toBe(deviceProfileJsonSchemaText());
  });

  it('usage errors exit 2', async () => {
    expect((await run(['profile'])).code).toBe(2);
    expect((await run(['profile', 'frobnicate'])).code).toBe(2);
    expect((await run(['profile', 'validate'])).code).toBe(2);
    expect((await run(['profile', 'show'])).code).toBe(2);
  });
});
