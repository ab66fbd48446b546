import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSurfaceView } from '../../src/domain/index.js';
import { gridDriver } from '../../src/monome/grid-driver.js';
import { CatalogWatcher, followProfiles, gridProfiles, type LiveProfiles } from '../../src/profiles/index.js';
import type { SurfaceHub } from '../../src/surfaces/index.js';
import { hubOfDrivers } from '../helpers/hub.js';
import { tempDir, writeJson } from '../profiles/temp-roots.js';
import { BUILTIN_ROOT, bindingWithGrid, eventually } from '../monome/helpers.js';
import { recordingLogger } from '../midi-grid/helpers.js';

/*
 * Surface profiles reload the way MIDI device profiles do: a grid follows a
 * surface profile dropped into, edited in or removed from a user profile
 * folder while it runs, and a broken edit is reported with every problem while
 * the grid stays up on the last good version.
 */

const running: { hub: SurfaceHub; live: LiveProfiles }[] = [];
afterEach(async () => {
  for (const { hub, live } of running.splice(0)) {
    hub.close();
    await hub.released();
    await live.close();
  }
});

/** The built-in 16x8 grid profile as a user's own copy, with approve moved to (15, 3). */
function userGridProfile(): Record<string, any> {
  const doc = JSON.parse(readFileSync(join(BUILTIN_ROOT, 'monome', 'grid', '128.json'), 'utf8')) as Record<string, any>;
  doc['id'] = 'me/grid/mine';
  Object.assign(doc, { manufacturer: 'me', family: 'grid', model: 'mine', name: 'my grid' });
  doc['layout'].actions.approve = [15, 3];
  return doc;
}

const approval = makeSurfaceView({
  selectedState: 'waiting_for_approval',
  frame: 0,
  sessions: [{ slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan' }],
  availableActions: ['approve'],
});

async function gridOnLiveProfiles(userRoot: string) {
  const logger = recordingLogger();
  const live = await followProfiles({
    logger,
    isBuiltinSource: (source) => source.startsWith(BUILTIN_ROOT),
    watch: (onChange) => CatalogWatcher.start({ builtinRoot: BUILTIN_ROOT, userRoots: [userRoot], debounceMs: 20, rescanIntervalMs: 0, onChange }),
  });
  const { binding, grid } = bindingWithGrid('/dev/ttyUSB0');
  // Wired as the daemon wires it (src/app/controllers.ts): the driver reads the live surface profiles, a change reaches the hub.
  const hub = hubOfDrivers(
    [gridDriver({ backend: () => binding, paths: [], profiles: () => gridProfiles(live.snapshot.surfaces), scanIntervalMs: 60_000 })],
    logger,
  );
  live.onChange(() => void hub.profilesChanged());
  running.push({ hub, live });
  hub.render(approval);
  await hub.scanNow();
  return { hub, grid, logger };
}

describe('surface profiles reload while the hub runs', () => {
  it('a dropped-in profile takes over its grid, a broken edit keeps the last good one, removal gives the built-in back', async () => {
    const root = await tempDir();
    const { hub, grid, logger } = await gridOnLiveProfiles(root);
    expect(hub.descriptors.map((d) => d.profile)).toEqual(['monome/grid/128']);
    await eventually(() => hub.settled && grid.level(15, 0) === 12, 'approve lit at (15, 0)');

    // Dropped in: the grid is opened again with the user's profile and repainted in full.
    const file = await writeJson(join(root, 'me', 'grid.json'), userGridProfile());
    await eventually(() => hub.descriptors[0]?.profile === 'me/grid/mine', 'the grid to take the user profile');
    await eventually(() => hub.settled && grid.level(15, 3) === 12 && grid.level(15, 0) === 0, 'approve lit at (15, 3) only');
    expect(logger.text()).toContain(`info: profile loaded: me/grid/mine (experimental) from ${file}`);
    expect(logger.text()).toContain('serial: monome grid at /dev/ttyUSB0: its profile changed; opening it again');

    // A broken edit: every problem is logged, the grid stays open on the last good version.
    const broken = userGridProfile();
    broken['size'] = { columns: 0, rows: 8 };
    broken['leds'] = 'sparkly';
    await writeJson(file, broken);
    await eventually(() => logger.text().includes(`warn: profile refused: ${file} (the last good version of me/grid/mine stays in use)`), 'the refusal');
    const refusal = logger.lines.slice(logger.lines.findIndex((line) => line.startsWith(`warn: profile refused: ${file}`)) + 1);
    expect(refusal.filter((line) => line.startsWith('warn:   ')).join('\n')).toMatch(/size\.columns[\s\S]*leds|leds[\s\S]*size\.columns/);
    expect(hub.descriptors.map((d) => d.profile)).toEqual(['me/grid/mine']);
    expect(grid.level(15, 3)).toBe(12);

    // Removed: the built-in takes the grid back.
    await rm(file);
    await eventually(() => hub.descriptors[0]?.profile === 'monome/grid/128', 'the built-in profile back');
    await eventually(() => hub.settled && grid.level(15, 0) === 12 && grid.level(15, 3) === 0, 'approve lit at (15, 0) again');
    expect(logger.text()).toContain(`info: profile dropped: me/grid/mine (${file} is gone)`);
    expect(grid.errors).toEqual([]);
  });
});
