import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachPadSurfaces } from '../src/app/attach-surfaces.js';
import { startPadDaemon } from '../src/app/start-daemon.js';
import type { DaemonHandle } from '../src/daemon/daemon.js';
import { SILENT_LOGGER } from '../src/support/logger.js';
import { DEFAULT_POLL_INTERVAL } from '../src/daemon/runtime/index.js';
import type { MidiInput } from '../src/midi/midi-port.js';
import type { DeviceProfile } from '../src/profiles/index.js';
import { newBenchSurface } from './fixtures.js';
import type { FrameRecord } from './frame-log.js';
import { CountingOutput } from './null-ports.js';

/** A real daemon on a real Unix socket in a fresh temporary folder, driving one MIDI surface on a timed counting port (presses from `input`, by default none). */
export interface BenchDaemon {
  readonly handle: DaemonHandle;
  readonly socketPath: string;
  readonly pollIntervalMs: number;
  /** Every frame since startup (after the first paint), oldest first. */
  readonly frames: readonly FrameRecord[];
  stop(): Promise<void>;
}

export async function startBenchDaemon(profile: DeviceProfile, input?: MidiInput): Promise<BenchDaemon> {
  // Short path: Unix socket paths are limited to 107 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'plb-'));
  const socketPath = join(dir, 'd.sock');
  const output = new CountingOutput(true);
  try {
    // Assembled as every daemon is (src/app), with the counting port as its one surface that never comes or goes.
    const daemon = await startPadDaemon({ socketPath, identityStorePath: null }, SILENT_LOGGER);
    const surface = newBenchSurface(profile, output, input);
    const fixedSurfaces = [{ surface, descriptor: surface.descriptor, geometry: surface.geometry, frameIntervalMs: 0 }];
    const controllers = { midi: null, serial: null, hid: false };
    const attached = await attachPadSurfaces(daemon, {
      controllers,
      browserPad: null,
      audioFeedback: false,
      fixedSurfaces,
      env: {},
      stdout: process.stdout,
      logger: SILENT_LOGGER,
    });
    if (attached === null) throw new Error('the bench daemon could not attach its surface');
    const { handle } = daemon;
    const frames: FrameRecord[] = [];
    // The frame ends after the render that sent it has returned, so the revision read here is the one it showed.
    output.onFrame((lastByteAt) => frames.push({ revision: handle.runtime.plane.revision, lastByteAt }));
    return {
      handle,
      socketPath,
      pollIntervalMs: DEFAULT_POLL_INTERVAL * 1000,
      frames,
      async stop() {
        await handle.close();
        await attached.release();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** One Wire Protocol 1 `state` line for session `sessionId`. */
export function stateLine(sessionId: string, state: string, reply: boolean): string {
  return `${JSON.stringify({ protocol: 1, type: 'state', state, agent: { backend: 'codex', session_id: sessionId }, reply })}\n`;
}
