import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { actionPressed, makeSurfaceView, sessionSelected } from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { SurfaceSet } from '../../src/daemon/runtime/surface-set.js';
import { buildStatusReport } from '../../src/daemon/runtime/status-report.js';
import { SILENT_LOGGER } from '../../src/daemon/runtime/logger.js';
import { CompositeSurface } from '../../src/surfaces/composite-surface.js';
import { RecordingSurface } from './helpers/fakes.js';
import { makeSocketDir } from './helpers/test-daemon.js';
import { WireClient, eventually } from './helpers/wire-client.js';

function recordingLogger() {
  const errors: string[] = [];
  return { errors, logger: { info: () => undefined, warn: () => undefined, error: (m: string) => errors.push(m) } };
}

describe('SurfaceSet', () => {
  it('runs headless with eight slots and all accents when there is no surface', () => {
    const set = new SurfaceSet([], SILENT_LOGGER);
    expect(set.headless).toBe(true);
    expect(set.selectorCapacity).toBe(8);
    expect(set.accentNames).toHaveLength(8);
    expect(set.pollEvents()).toEqual([]);
  });

  it('refuses surfaces that disagree on capacity', () => {
    expect(() => new SurfaceSet([new RecordingSurface(4), new RecordingSurface(8)], SILENT_LOGGER)).toThrow(/equal selector capacity/);
  });

  it('fans out renders, concatenates events in surface order, and closes in reverse', () => {
    const a = new RecordingSurface(8, 'a/one');
    const b = new RecordingSurface(8, 'b/two');
    const closed: string[] = [];
    a.close = () => void closed.push('a');
    b.close = () => void closed.push('b');
    const set = new SurfaceSet([a, b], SILENT_LOGGER);
    set.render(makeSurfaceView({ selectedState: null }));
    expect([a.views.length, b.views.length]).toEqual([1, 1]);
    a.press(actionPressed('stop'));
    b.press(sessionSelected(2));
    a.press(sessionSelected(1));
    expect(set.pollEvents()).toEqual([actionPressed('stop'), sessionSelected(1), sessionSelected(2)]);
    set.close();
    set.close();
    expect(closed).toEqual(['b', 'a']);
  });

  it('keeps rendering the other surfaces when one throws, and logs it', () => {
    const broken = new RecordingSurface(4, 'broken/device');
    broken.render = () => {
      throw new Error('unplugged');
    };
    const healthy = new RecordingSurface(4);
    const { errors, logger } = recordingLogger();
    const set = new SurfaceSet([broken, healthy], logger);
    set.render(makeSurfaceView({ selectedState: 'running' }));
    expect(healthy.views).toHaveLength(1);
    expect(errors[0]).toContain('broken/device: render failed');
  });

  it('closes every surface when one fails to initialise, and re-throws that error', () => {
    const first = new RecordingSurface(4);
    const failing = new RecordingSurface(4);
    const last = new RecordingSurface(4);
    failing.initialize = () => {
      throw new Error('no port');
    };
    const set = new SurfaceSet([first, failing, last], SILENT_LOGGER);
    expect(() => set.initialize()).toThrow('no port');
    expect([first.closed, failing.closed, last.closed]).toEqual([true, true, true]);
  });

  it('adds surfaces later: initialised, then rendered with the others; a different geometry closes them and is refused', () => {
    const set = new SurfaceSet([], SILENT_LOGGER);
    const late = new RecordingSurface(8, 'late/pad');
    expect(set.add([late])).toBe(true);
    expect(late.initialized).toBe(true);
    expect(set.headless).toBe(false);
    set.render(makeSurfaceView({ selectedState: 'running' }));
    expect(late.views).toHaveLength(1);
    const small = new RecordingSurface(4, 'small/pad');
    expect(() => set.add([small])).toThrow(/equal selector capacity/);
    expect(small.closed).toBe(true);
    expect(small.initialized).toBe(false);
    set.close();
    const tooLate = new RecordingSurface(8);
    expect(set.add([tooLate])).toBe(false);
    expect(tooLate.closed).toBe(true);
  });

  it('joins profiles with + and ports with "; " in status; headless says so', () => {
    const plane = new ControlPlane({ selectorCapacity: 8, accentNames: new RecordingSurface(8).accentNames });
    const web = Object.assign(new RecordingSurface(8, 'virtual/browser'), { surfaceKind: 'web' as const });
    const status = (surfaces: SurfaceSet) => buildStatusReport({ plane, surfaces, activityMotion: true, audioFeedback: false, experience: null });
    const both = status(new SurfaceSet([web, new RecordingSurface(8, 'novation/launchpad')], SILENT_LOGGER));
    expect(both).toMatchObject({ profile: 'virtual/browser+novation/launchpad', input: 'Recording In; Recording In', activityMotion: true });
    expect(both.surfaces.map((s) => s.kind)).toEqual(['web', 'midi']);
    const composite = status(new SurfaceSet([new CompositeSurface([web, new RecordingSurface(8, 'novation/launchpad')])], SILENT_LOGGER));
    expect(composite).toEqual(both);
    expect(status(new SurfaceSet([], SILENT_LOGGER))).toMatchObject({ profile: 'headless', input: 'none', output: 'none', surfaces: [] });
  });
});

describe('startDaemon', () => {
  it('initialises surfaces only after the socket is ready, and undoes the socket when they fail', async () => {
    const { path, remove } = makeSocketDir();
    const surface = new RecordingSurface(4);
    let socketExisted = false;
    surface.initialize = () => {
      socketExisted = existsSync(path);
      throw new Error('device busy');
    };
    await expect(startDaemon({ socketPath: path, surfaces: [surface] })).rejects.toThrow('device busy');
    expect(socketExisted).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(surface.closed).toBe(true);
    remove();
  });

  it('runs headless and answers status with the headless profile', async () => {
    const { path, remove } = makeSocketDir();
    const handle = await startDaemon({ socketPath: path });
    try {
      expect(handle.headless).toBe(true);
      const client = await WireClient.connect(path);
      const status = await client.request({ protocol: 1, type: 'status' });
      expect(status).toMatchObject({ profile: 'headless', surfaces: [] });
      client.destroy();
    } finally {
      await handle.close();
      remove();
    }
  });

  it('attaches surfaces to a running daemon and paints them with the sessions reported before', async () => {
    const { path, remove } = makeSocketDir();
    const handle = await startDaemon({ socketPath: path, surfacesLater: true });
    try {
      const client = await WireClient.connect(path);
      await client.request({ protocol: 1, type: 'state', state: 'running', agent: { backend: 'codex', session_id: 'first' }, reply: true });
      const surface = new RecordingSurface(8);
      expect(handle.attachSurfaces({ surfaces: [surface] })).toBe(true);
      expect(surface.initialized).toBe(true);
      await eventually(() => surface.views.some((view) => view.sessions.length === 1), 2000, 'a repaint showing the session');
      expect((await client.request({ protocol: 1, type: 'status' }))['surfaces']).toHaveLength(1);
      client.destroy();
    } finally {
      await handle.close();
      remove();
    }
    const afterClose = new RecordingSurface(8);
    expect(handle.attachSurfaces({ surfaces: [afterClose] })).toBe(false);
    expect(afterClose.closed).toBe(true);
  });

  it('resolves the default socket path from the environment', async () => {
    const { path, remove } = makeSocketDir();
    const handle = await startDaemon({ env: { PAD_LATTICE_SOCKET: path } });
    expect(handle.socketPath).toBe(path);
    await handle.close();
    remove();
  });
});
