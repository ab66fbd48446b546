import { gateOnSequencer, type DaemonMidi } from '../devices/hub/index.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import { createJulusianBackend } from '../midi/julusian-backend.js';
import { startWebBridge, type WebBridge } from '../web/index.js';
import type { CliIo } from './command.js';
import { browserPadProblem, startBrowserPad } from './browser-pad.js';
import type { BrowserPadSettings } from './browser-pad-flags.js';
import { midiHubFor } from './daemon-options.js';
import type { DaemonCommandDeps, OpenedSurfaces } from './serve-daemon.js';

/*
 * What `daemon` and `web` open once the daemon answers: imported by them only
 * then, because the MIDI, profile and web code is most of the CLI's weight.
 */

/** Starts the browser pad, or reports why it cannot (port taken, app not built …) and returns null. */
async function browserPadOrReport(settings: BrowserPadSettings, logger: DaemonLogger, deps: DaemonCommandDeps): Promise<WebBridge | null> {
  try {
    return await startBrowserPad(settings, logger, deps.startWeb ?? startWebBridge);
  } catch (error) {
    const problem = browserPadProblem(error, settings);
    if (problem === null) throw error;
    logger.error(`browser pad: ${problem}`);
    return null;
  }
}

const releaseMidi = async (midi: DaemonMidi) => {
  midi.hub.close();
  await midi.dispose();
};

/** `web`: the browser pad alone. */
export async function openWebSurfaces(pad: BrowserPadSettings, logger: DaemonLogger, deps: DaemonCommandDeps): Promise<OpenedSurfaces | null> {
  const bridge = await browserPadOrReport(pad, logger, deps);
  return bridge === null ? null : { surfaces: [bridge.surface], web: { bridge, open: pad.open }, release: async () => undefined };
}

/** `daemon`: the MIDI hub, and with `--web` the browser pad in front of it (midi-rendering.md §13). */
export async function openDaemonSurfaces(
  midiValues: Parameters<typeof midiHubFor>[0],
  pad: BrowserPadSettings | null,
  io: CliIo,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<OpenedSurfaces | null> {
  const midi = await midiHubFor(midiValues, io, logger, deps.midiBackend ?? (() => gateOnSequencer(createJulusianBackend())));
  let bridge: WebBridge | null = null;
  try {
    if (pad !== null) bridge = await browserPadOrReport(pad, logger, deps);
  } catch (error) {
    await releaseMidi(midi);
    throw error;
  }
  if (pad !== null && bridge === null) {
    await releaseMidi(midi);
    return null;
  }
  return {
    surfaces: bridge === null ? [midi.hub] : [bridge.surface, midi.hub],
    web: bridge === null || pad === null ? null : { bridge, open: pad.open },
    release: () => midi.dispose(),
  };
}
