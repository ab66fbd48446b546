import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog, parseSurfaceProfile, surfaceProfileJsonSchema } from '../../src/profiles/index.js';
import { runCli } from '../../src/cli/main.js';
import { compileSchema } from './ajv.js';
import { BUILTIN_IDS, BUILTIN_ROOT } from './helpers.js';
import { tempFolder } from '../e2e/helpers.js';

const builtin = (id: string) => JSON.parse(readFileSync(`${BUILTIN_ROOT}${id}.json`, 'utf8')) as Record<string, any>;

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('Surface Profile Schema 1: built-ins', () => {
  it('every built-in monome grid and Stream Deck profile is valid, one per key grid', async () => {
    const { surfaces, problems } = await loadCatalog({ builtinRoot: BUILTIN_ROOT });
    expect(problems).toEqual([]);
    expect(surfaces.map((p) => `${p.id} ${p.size.columns}x${p.size.rows}`).sort()).toEqual([
      'corsair/galleon/k100 3x6',
      'elgato/stream-deck/mini 3x2',
      'elgato/stream-deck/mk-2 5x3',
      'elgato/stream-deck/neo 4x3',
      'elgato/stream-deck/plus 4x2',
      'elgato/stream-deck/plus-xl 9x4',
      'elgato/stream-deck/studio 17x2',
      'elgato/stream-deck/xl 8x4',
      'monome/grid/128 16x8',
      'monome/grid/256 16x16',
      'monome/grid/64 8x8',
    ]);
  });

  it('one load of the folders: surface profiles beside the MIDI catalog, in the built-ins and in a user folder', async () => {
    const { dir, remove } = tempFolder('pl-sp-');
    cleanups.push(remove);
    mkdirSync(join(dir, 'me'), { recursive: true });
    writeFileSync(
      join(dir, 'me', 'grid.json'),
      JSON.stringify({ ...builtin('monome/grid/128'), id: 'me/grid/mine', manufacturer: 'me', family: 'grid', model: 'mine' }),
    );
    const { catalog, surfaces, problems } = await loadCatalog({ builtinRoot: BUILTIN_ROOT, userRoots: [dir] });
    expect(problems).toEqual([]);
    expect(catalog.profiles.map((p) => p.id)).toEqual(BUILTIN_IDS);
    expect(surfaces.some((p) => p.id === 'me/grid/mine' && p.source === join(dir, 'me', 'grid.json'))).toBe(true);
    // A user's copy of a built-in (same id) takes its place.
    writeFileSync(join(dir, 'me', 'grid.json'), JSON.stringify({ ...builtin('monome/grid/128'), name: 'Mine' }));
    const replaced = (await loadCatalog({ builtinRoot: BUILTIN_ROOT, userRoots: [dir] })).surfaces.filter((p) => p.id === 'monome/grid/128');
    expect(replaced.map((p) => p.name)).toEqual(['Mine']);
  });
});

describe('Surface Profile Schema 1: every problem listed, each at its JSON location', () => {
  it('structural problems: unknown (misspelt) fields, bad levels, bad positions', () => {
    const doc = builtin('monome/grid/128');
    doc.leds = 'rgb';
    doc.levels = { glpyh: 3, action: 16 };
    doc.layout.agent_selectors[2] = [8];
    delete doc.size;
    const result = parseSurfaceProfile(doc, 'grid.json');
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues).toEqual(
      expect.arrayContaining([
        { path: 'size', message: 'must be a JSON object (missing)' },
        { path: 'leds', message: "must be 'varibright' or 'monobright'" },
        { path: 'levels', message: 'unknown field: glpyh' },
        { path: 'levels.action', message: 'must be an integer from 0 to 15' },
        { path: 'layout.agent_selectors[2]', message: 'must be a position [x, y]' },
      ]),
    );
  });

  it('rules across fields: positions on the surface and used once, statuses beside selectors, id from the metadata', () => {
    const doc = builtin('elgato/stream-deck/mk-2');
    doc.layout.actions.stop = [5, 2];
    doc.layout.actions.retry = [0, 0];
    doc.model = 'MK 3';
    const result = parseSurfaceProfile(doc, 'deck.json');
    expect(result.ok ? [] : result.issues).toEqual([
      { path: 'id', message: "'elgato/stream-deck/mk-2' does not match the metadata (expected 'elgato/stream-deck/mk-3' from manufacturer, family and model)" },
      { path: 'layout.actions.stop', message: '[5, 2] is outside the 5x3 surface' },
      { path: 'layout.actions.retry', message: '[0, 0] is already used by layout.glyph' },
    ]);
    const grid = builtin('monome/grid/128');
    grid.layout.agent_statuses.pop();
    grid.layout.state_region = { x: 2, y: 0 };
    const issues = parseSurfaceProfile(grid, 'grid.json');
    expect(issues.ok ? [] : issues.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['layout.agent_statuses[0]', 'layout.agent_selectors[0]', 'layout.agent_statuses']),
    );
  });

  it('`profile validate` checks surface profiles by their own rules', async () => {
    const { dir, remove } = tempFolder('pl-spv-');
    cleanups.push(remove);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...builtin('monome/grid/64'), brightnes: 50 }));
    const out: string[] = [];
    const io = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: () => true }, env: {} };
    const code = await runCli(['profile', 'validate', `${BUILTIN_ROOT}monome/grid/64.json`, broken], io as never);
    expect(code).toBe(1);
    expect(out.join('')).toBe(`${BUILTIN_ROOT}monome/grid/64.json: ok monome/grid/64 [experimental]\n${broken}: unknown field: brightnes\n`);
  });
});

describe('our surface-profile JSON Schema', () => {
  it('accepts every built-in and refuses an unknown field or a level above 15', () => {
    const validate = compileSchema(surfaceProfileJsonSchema());
    for (const id of ['monome/grid/128', 'elgato/stream-deck/xl', 'corsair/galleon/k100']) expect(validate(builtin(id)), id).toBe(true);
    expect(validate({ ...builtin('monome/grid/64'), colour: 'red' })).toBe(false);
    expect(validate({ ...builtin('monome/grid/64'), levels: { glyph: 16 } })).toBe(false);
  });
});
