import type { ExperienceKind } from '../domain/index.js';
import { parsePortSpec } from '../midi/port-spec.js';
import type { TextSink } from '../midi/trace-output.js';
import { SurfaceHub } from '../surfaces/index.js';
import type { Logger } from '../support/logger.js';
import { BROWSER_PAD_DESCRIPTOR, startWebBridge, type WebBridge } from '../web/index.js';
import { browserPadProblem, startBrowserPad, type BrowserPadSettings, type StartBridge } from './browser-pad.js';
import type { GreetingOptions } from '../midi-grid/open-device.js';
import { addControllers, type ControllerBackends, type Controllers } from './controllers.js';

/** Where a standalone `demo` / `show` plays: the controllers, the browser pad, or both. */
export interface SurfacePlan {
  readonly controllers: boolean;
  /** The browser pad's settings, or null for the controllers only. */
  readonly pad: BrowserPadSettings | null;
}

/** The controllers a standalone experience drives: the daemon's flags. */
export interface ExperienceDevices {
  /** The Demo's startup scroll on MIDI controllers; absent (the Show): none. */
  readonly greeting?: GreetingOptions | undefined;
  readonly profile?: string | undefined;
  readonly profileFile?: string | undefined;
  readonly input?: string | undefined;
  readonly output?: string | undefined;
  /** `--grid`; null turns serial off. */
  readonly grids: readonly string[] | null;
  readonly hid: boolean;
}

export interface ExperienceSurfaceDeps extends ControllerBackends {
  /** Default: the real bridge (web-surface-protocol-1.md). */
  readonly startWeb?: StartBridge;
}

/** A surface failed to start in a way the user can fix (the port is taken, the app is not built). */
export class SurfaceStartError extends Error {
  override readonly name = 'SurfaceStartError';
}

/** The surfaces of a standalone experience, as one hub. */
export interface ExperienceSurfaces {
  readonly hub: SurfaceHub;
  readonly bridge: WebBridge | null;
  /** How many controllers are open now (the browser pad aside). */
  controllerCount(): number;
  /** Resolves once the devices plugged in now are open or refused (grids and decks open asynchronously). */
  scanned(): Promise<void>;
  /** Closes everything: controllers cleared, browsers disconnected, listeners unbound. */
  close(): Promise<void>;
}

const isPortSpec = (text: string | undefined, direction: 'input' | 'output') =>
  text !== undefined && text !== '' && parsePortSpec(text, direction).kind !== 'device';

/**
 * Opens what the plan asks for into one hub — the browser pad first, then the
 * controllers as the daemon opens them — and starts it; if the second part
 * fails the first is closed again. A Show reads no presses, so a trace output
 * alone is enough for it.
 */
export async function openExperienceSurfaces(
  kind: ExperienceKind,
  plan: SurfacePlan,
  devices: ExperienceDevices,
  context: { readonly env: NodeJS.ProcessEnv; readonly stdout: TextSink; readonly logger: Logger },
  deps: ExperienceSurfaceDeps,
): Promise<ExperienceSurfaces> {
  const hub = new SurfaceHub({ logger: context.logger });
  let bridge: WebBridge | null = null;
  let controllers: Controllers | null = null;
  const close = async () => {
    hub.close();
    await bridge?.close();
    await controllers?.release();
    await hub.released();
  };
  try {
    if (plan.pad !== null) {
      try {
        bridge = await startBrowserPad(plan.pad, context.logger, deps.startWeb ?? startWebBridge);
      } catch (error) {
        const problem = browserPadProblem(error, plan.pad);
        if (problem === null) throw error;
        throw new SurfaceStartError(`browser pad: ${problem}`);
      }
      hub.add({ surface: bridge.surface, descriptor: BROWSER_PAD_DESCRIPTOR, frameIntervalMs: 0 }, 'web');
    }
    if (plan.controllers) {
      const input = devices.input ?? (kind === 'show' && isPortSpec(devices.output, 'output') ? 'file:/dev/null' : undefined);
      const midi = {
        profileId: devices.profile,
        profileFile: devices.profileFile,
        input,
        output: devices.output,
        greeting: devices.greeting ?? { text: null },
      };
      const serial = devices.grids === null ? null : { paths: devices.grids };
      controllers = await addControllers(hub, { midi, serial, hid: devices.hid }, context, deps);
    }
  } catch (error) {
    await close();
    throw error;
  }
  hub.initialize();
  return {
    hub,
    bridge,
    controllerCount: () => hub.descriptors.filter((descriptor) => descriptor.kind !== 'web').length,
    scanned: () => hub.scanNow(),
    close,
  };
}
