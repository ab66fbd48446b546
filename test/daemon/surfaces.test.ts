import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startDaemon } from '../../src/daemon/daemon.js';
import type { SurfaceCandidate, SurfaceDriver } from '../../src/domain/index.js';
import { SurfaceHub } from '../../src/surfaces/index.js';
import { fixedSurface } from '../helpers/hub.js';
import { recordingLogger } from '../midi-grid/helpers.js';
import { RecordingSurface } from './helpers/fakes.js';
import { makeSocketDir } from './helpers/test-daemon.js';
import { WireClient, eventually } from './helpers/wire-client.js';

/** A driver that records when it was first asked for devices and offers none. */
function watchingDriver(onList: () => void): SurfaceDriver<SurfaceCandidate> {
  return {
    label: 'test',
    scanIntervalMs: 60_000,
    retryMs: 0,
    list: async () => {
      onList();
      return [];
    },
    open: () => Promise.reject(new Error('nothing to open')),
  };
}

describe('the daemon and its surface set', () => {
  it('starts looking for devices only once the socket listens (wire-protocol-1.md §3.2: socket first, then surfaces)', async () => {
    const { path, remove } = makeSocketDir();
    const hub = new SurfaceHub({ logger: recordingLogger() });
    let socketExisted: boolean | null = null;
    hub.addDriver(watchingDriver(() => (socketExisted ??= existsSync(path))));
    expect(socketExisted).toBeNull();
    const handle = await startDaemon({ socketPath: path, surfaces: hub });
    try {
      await hub.idle();
      expect(socketExisted).toBe(true);
    } finally {
      await handle.close();
      remove();
    }
  });

  it('runs headless without surfaces and answers status with the headless profile', async () => {
    const { path, remove } = makeSocketDir();
    const handle = await startDaemon({ socketPath: path });
    try {
      const client = await WireClient.connect(path);
      const status = await client.request({ protocol: 1, type: 'status' });
      expect(status).toMatchObject({ profile: 'headless', input: 'none', output: 'none', surfaces: [] });
      client.destroy();
    } finally {
      await handle.close();
      remove();
    }
  });

  it('paints a surface added to a running daemon with the sessions reported before, and names it in status', async () => {
    const { path, remove } = makeSocketDir();
    const hub = new SurfaceHub({ logger: recordingLogger() });
    const handle = await startDaemon({ socketPath: path, surfaces: hub });
    try {
      const client = await WireClient.connect(path);
      await client.request({ protocol: 1, type: 'state', state: 'running', agent: { backend: 'codex', session_id: 'first' }, reply: true });
      const surface = new RecordingSurface(8);
      hub.add(fixedSurface(surface));
      expect(surface.initialized).toBe(true);
      expect(handle.attach({})).toBe(true);
      await eventually(() => surface.views.some((view) => view.sessions.length === 1), 2000, 'a repaint showing the session');
      expect((await client.request({ protocol: 1, type: 'status' }))['surfaces']).toHaveLength(1);
      client.destroy();
    } finally {
      await handle.close();
      remove();
    }
    expect(handle.attach({})).toBe(false);
    const afterClose = new RecordingSurface(8);
    hub.add(fixedSurface(afterClose));
    expect(afterClose.closed).toBe(true);
  });

  it('closes its surfaces when it stops', async () => {
    const { path, remove } = makeSocketDir();
    const surface = new RecordingSurface(8);
    const hub = new SurfaceHub({ logger: recordingLogger() });
    hub.add(fixedSurface(surface));
    const handle = await startDaemon({ socketPath: path, surfaces: hub });
    await handle.close();
    expect(surface.closed).toBe(true);
    remove();
  });

  it('resolves the default socket path from the environment', async () => {
    const { path, remove } = makeSocketDir();
    const handle = await startDaemon({ env: { PAD_LATTICE_SOCKET: path } });
    expect(handle.socketPath).toBe(path);
    await handle.close();
    remove();
  });
});
