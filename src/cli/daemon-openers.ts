import { gateOnSequencer } from '../midi-grid/index.js';
import type { DaemonLogger } from '../daemon/runtime/logger.js';
import { createJulusianBackend } from '../midi/julusian-backend.js';
import { startWebBridge } from '../web/index.js';
import type { AdminLinkSettings } from './admin-link-flags.js';
import { planAdminToken } from './admin-token.js';
import { browserPadProblem, startBrowserPad } from './browser-pad.js';
import type { BrowserPadSettings } from './browser-pad-flags.js';
import type { CliIo } from './command.js';
import { openControllers, type ControllerValues, type Controllers } from './controllers.js';
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

/**
 * The surfaces of `daemon` and `web`: the browser pad, when `pad` asks for
 * it, before the opened controllers (midi-rendering.md §13). Null, with the
 * controllers closed, when the pad could not start (already reported).
 */
async function surfacesWithBrowserPad(
  controllers: Controllers,
  web: { readonly pad: BrowserPadSettings; readonly link: AdminLinkSettings } | null,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<OpenedSurfaces | null> {
  let pad: DaemonBrowserPad | null = null;
  try {
    if (web !== null) pad = await browserPadOrReport(web.pad, web.link, logger, deps);
  } catch (error) {
    await controllers.close();
    throw error;
  }
  if (web !== null && pad === null) {
    await controllers.close();
    return null;
  }
  return {
    surfaces: [...(pad === null ? [] : [pad.bridge.surface]), ...controllers.surfaces],
    web: pad,
    release: controllers.release,
    profileInventory: controllers.profileInventory,
  };
}

/** `web`: the browser pad, and the monome grids and Stream Decks beside it (no MIDI). */
export async function openWebSurfaces(
  values: ControllerValues,
  pad: BrowserPadSettings,
  link: AdminLinkSettings,
  io: CliIo,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<OpenedSurfaces | null> {
  const controllers = await openControllers(values, io, logger, { ...deps, midiBackend: null });
  return surfacesWithBrowserPad(controllers, { pad, link }, logger, deps);
}

/** `daemon`: the MIDI controllers, monome grids and Stream Decks, and with `--web` the browser pad in front of them. */
export async function openDaemonSurfaces(
  values: ControllerValues,
  web: { readonly pad: BrowserPadSettings; readonly link: AdminLinkSettings } | null,
  io: CliIo,
  logger: DaemonLogger,
  deps: DaemonCommandDeps,
): Promise<OpenedSurfaces | null> {
  const controllers = await openControllers(values, io, logger, { ...deps, midiBackend: deps.midiBackend ?? (() => gateOnSequencer(createJulusianBackend())) });
  return surfacesWithBrowserPad(controllers, web, logger, deps);
}
