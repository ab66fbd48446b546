import { gateOnSequencer, type DaemonMidi } from '../devices/hub/index.js';
import type { SurfaceHub } from '../devices/surface-hub/index.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import { createJulusianBackend } from '../midi/julusian-backend.js';
import type { SurfaceCatalog } from '../profiles/index.js';
import { startWebBridge } from '../web/index.js';
import type { AdminLinkSettings } from './admin-link-flags.js';
import { planAdminToken } from './admin-token.js';
import { browserPadProblem, startBrowserPad } from './browser-pad.js';
import type { BrowserPadSettings } from './browser-pad-flags.js';
import type { CliIo } from './command.js';
import { midiHubFor, midiProfileInventory } from './daemon-options.js';
import { joinInventories, surfaceHubFor, surfaceProfileInventory } from './daemon-surfaces.js';
import type { DaemonBrowserPad, DaemonCommandDeps, OpenedSurfaces } from './serve-daemon.js';

/*
 * What `daemon` and `web` open once the daemon answers: imported by them only
 * then, because the MIDI, serial, HID, profile and web code is most of the
 * CLI's weight.
 */

/**
 * Starts the browser pad with the stored admin token (a new one with
 * `--new-token`), or reports why it cannot (port taken, app not built …) and
 * returns null.
 */
async function browserPadOrReport(
  settings: BrowserPadSettings,
  link: AdminLinkSettings,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<DaemonBrowserPad | null> {
  const token = planAdminToken(link.tokenPath, link.rotate, logger);
  try {
    const bridge = await startBrowserPad(settings, logger, deps.startWeb ?? startWebBridge, { adminToken: token.token });
    return { bridge, open: settings.open, keepLink: () => token.keep(bridge.port) };
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
export async function openWebSurfaces(pad: BrowserPadSettings, link: AdminLinkSettings, logger: DaemonLogger, deps: DaemonCommandDeps): Promise<OpenedSurfaces | null> {
  const web = await browserPadOrReport(pad, link, logger, deps);
  return web === null ? null : { surfaces: [web.bridge.surface], web, release: async () => undefined };
}

type DaemonSurfaceValues = Parameters<typeof midiHubFor>[0] & Parameters<typeof surfaceHubFor>[0];

/** `daemon`: the MIDI hub, the serial/HID hub, and with `--web` the browser pad in front of them (midi-rendering.md §13). */
export async function openDaemonSurfaces(
  values: DaemonSurfaceValues,
  web: { readonly pad: BrowserPadSettings; readonly link: AdminLinkSettings } | null,
  io: CliIo,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<OpenedSurfaces | null> {
  const midi = await midiHubFor(values, io, logger, deps.midiBackend ?? (() => gateOnSequencer(createJulusianBackend())));
  let pad: DaemonBrowserPad | null = null;
  let others: SurfaceHub | null = null;
  let surfaceProfiles: SurfaceCatalog | null = null;
  try {
    ({ hub: others, catalog: surfaceProfiles } = await surfaceHubFor(values, io, logger, deps));
    if (web !== null) pad = await browserPadOrReport(web.pad, web.link, logger, deps);
  } catch (error) {
    others?.close();
    await releaseMidi(midi);
    throw error;
  }
  if (web !== null && pad === null) {
    others?.close();
    await releaseMidi(midi);
    return null;
  }
  const controllers = others === null ? [midi.hub] : [midi.hub, others];
  return {
    // midi-rendering.md §13: with the browser, the browser comes first; serial and HID after MIDI.
    surfaces: pad === null ? controllers : [pad.bridge.surface, ...controllers],
    web: pad,
    release: () => midi.dispose(),
    profileInventory: joinInventories([midiProfileInventory(midi, values['profile-file']), ...(surfaceProfiles === null ? [] : [surfaceProfileInventory(surfaceProfiles)])]),
  };
}
