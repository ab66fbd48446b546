import { describe, expect, it } from 'vitest';
import {
  catalogChanges,
  parseDeviceProfileOrThrow,
  ProfileCatalog,
  type CatalogLoad,
  type DeviceProfile,
  type ProfileProblem,
} from '../../src/profiles/index.js';
import { proMk1 } from './helpers.js';

const USER = '/home/me/.config/pad-lattice/profiles';
const isBuiltin = (source: string) => !source.startsWith(USER);

/** A user profile `acme/grid/<model>` in `file`, optionally with another status. */
function userProfile(model: string, file = `${USER}/${model}.json`, status = 'experimental'): DeviceProfile {
  const doc = proMk1((d) => Object.assign(d, { id: `acme/grid/${model}`, manufacturer: 'Acme', family: 'Grid', model, name: `Acme Grid ${model}`, status }));
  return parseDeviceProfileOrThrow(doc, file);
}

const builtin = () => parseDeviceProfileOrThrow(proMk1(), '/opt/pad-lattice/profiles/novation/launchpad/pro-mk1.json');

function load(profiles: readonly DeviceProfile[], problems: readonly ProfileProblem[] = []): CatalogLoad {
  return { catalog: ProfileCatalog.fromProfiles(profiles).catalog, surfaces: [], problems };
}

const broken = (i: number): ProfileProblem => ({
  source: `${USER}/broken-${i}.json`,
  issues: [{ path: 'grid.channel', message: 'must be an integer from 0 to 15' }],
});

describe('catalogChanges: the daemon log of profile loads', () => {
  it('the first load sums up the built-ins and names each user profile and each refused file', () => {
    const one = userProfile('one');
    const lines = catalogChanges(null, load([builtin(), one], [broken(1)]), isBuiltin);
    expect(lines).toEqual([
      { level: 'info', text: 'profiles: 1 built-in loaded (novation/launchpad/pro-mk1)' },
      { level: 'info', text: `profile loaded: acme/grid/one (experimental) from ${USER}/one.json` },
      { level: 'warn', text: `profile refused: ${USER}/broken-1.json` },
      { level: 'warn', text: '  grid.channel: must be an integer from 0 to 15' },
    ]);
  });

  it('with 1,000 broken files present, editing one other profile logs one line (not 3,000)', () => {
    const problems = Array.from({ length: 1000 }, (_, i) => broken(i));
    const before = load([builtin(), userProfile('one')], problems);
    const after = load(
      [builtin(), userProfile('one', undefined, 'supported')],
      problems.map((p) => ({ ...p })),
    );
    expect(catalogChanges(before, after, isBuiltin)).toEqual([{ level: 'info', text: `profile reloaded: acme/grid/one (supported) from ${USER}/one.json` }]);
  });

  it('logs a refused edit once, with the last good version kept, and the file dropped when it is removed', () => {
    const good = userProfile('one');
    const first = load([good]);
    const edited = load([good], [{ source: good.source, issues: [{ path: 'capabilities', message: 'unknown keys: show_rbg (did you mean show_rgb?)' }] }]);
    expect(catalogChanges(first, edited, isBuiltin)).toEqual([
      { level: 'warn', text: `profile refused: ${good.source} (the last good version of acme/grid/one stays in use)` },
      { level: 'warn', text: '  capabilities: unknown keys: show_rbg (did you mean show_rgb?)' },
    ]);
    expect(catalogChanges(edited, edited, isBuiltin)).toEqual([]);
    expect(catalogChanges(edited, load([]), isBuiltin)).toEqual([{ level: 'info', text: `profile dropped: acme/grid/one (${good.source} is gone)` }]);
  });

  it('caps the issues shown per file and points to profile validate for the rest', () => {
    const issues = Array.from({ length: 7 }, (_, i) => ({ path: `grid.rows[${i}]`, message: 'must be an array' }));
    const lines = catalogChanges(load([]), load([], [{ source: `${USER}/x.json`, issues }]), isBuiltin);
    expect(lines.map((l) => l.text)).toEqual([
      `profile refused: ${USER}/x.json`,
      '  grid.rows[0]: must be an array',
      '  grid.rows[1]: must be an array',
      '  grid.rows[2]: must be an array',
      `  … and 4 more; 'pad-lattice profile validate ${USER}/x.json' lists them all`,
    ]);
  });

  it('escapes control, bidi and zero-width characters of file names and messages, so no file forges a log line', () => {
    const source = `${USER}/evil\u001b[31m\nINFO forged\u202e.json`;
    const lines = catalogChanges(load([]), load([], [{ source, issues: [{ path: '', message: 'unknown keys: a\u200bb' }] }]), isBuiltin);
    expect(lines.map((l) => l.text)).toEqual([`profile refused: ${USER}/evil\\x1b[31m\\x0aINFO forged\\u202e.json`, '  unknown keys: a\\u200bb']);
    for (const { text } of lines) expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b\u202e]/);
  });
});
