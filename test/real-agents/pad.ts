import type { StatusSessionReport } from '../../src/client/index.js';
import type { ApprovalTier, LightToken } from '../../src/domain/index.js';
import { STATE_HEIGHT, STATE_WIDTH } from '../../src/visual-protocol/index.js';
import { until } from '../agents/shared/fake-daemon.js';
import { padsOf, startTraceDaemon, type DaemonProgram, type PadAddress, type TraceDaemon, type TraceDaemonOptions } from '../agents/claude/trace-daemon.js';

/*
 * The pad of the real-agent tests: a real `pad-lattice daemon` whose controller is a trace file
 * (the lights) and a FIFO (the presses), as README "Without hardware" describes.
 */

export const PROFILE = 'novation/launchpad/pro-mk1';

export function startPad(program: DaemonProgram, options: TraceDaemonOptions = {}): Promise<TraceDaemon> {
  return startTraceDaemon(program, PROFILE, options);
}

/** Waits until the daemon reports one session that satisfies `check`, and returns it. */
export async function untilSession(
  daemon: TraceDaemon,
  check: (session: StatusSessionReport) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<StatusSessionReport> {
  let found: StatusSessionReport | undefined;
  await until(
    async () => {
      found = (await daemon.client.status()).sessions.find(check);
      return found !== undefined;
    },
    what,
    timeoutMs,
    50,
  );
  return found as StatusSessionReport;
}

export async function sessions(daemon: TraceDaemon): Promise<readonly StatusSessionReport[]> {
  return (await daemon.client.status()).sessions;
}

/**
 * What a user does on the controller: press the session's Scene, then — once the pad lights the
 * action for it — the action itself (once).
 */
export async function pressOnPad(daemon: TraceDaemon, session: StatusSessionReport, action: 'approve' | 'reject' | 'stop'): Promise<void> {
  const pads = padsOf(daemon);
  daemon.press(pads.scene(session));
  const lit = { approve: pads.approveLit, reject: pads.rejectLit, stop: pads.stopLit }[action];
  await daemon.untilLights(
    () => daemon.lightOf(pads.scene(session)) === pads.sceneColor(session, true) && daemon.lightOf(pads[action]) === lit,
    `${action} to light for the selected Scene`,
  );
  daemon.press(pads[action]);
}

/** True while the pad lights Approve. */
export function approveLit(daemon: TraceDaemon): boolean {
  const pads = padsOf(daemon);
  return daemon.lightOf(pads.approve) === pads.approveLit;
}

/** The canvas pad (x, y) of the profile: the grid row y, column x (the canvas sits at the grid's top left). */
export function canvasPad(daemon: TraceDaemon, x: number, y: number): PadAddress {
  const { kind, channel, rows } = daemon.profile.grid;
  const region = daemon.profile.surface.state_region;
  return { kind, channel, number: rows[region.y + y]![region.x + x]! };
}

/** README's tier colours (green, blue, cyan, red) as the Visual Protocol 1 hue each borrows; written here, not taken from src, so a wrong table in src fails. */
const TIER_HUES: Readonly<Record<ApprovalTier, LightToken>> = {
  read_only: 'state:success:primary',
  edit: 'state:running:primary',
  network: 'state:user_typing:primary',
  destructive: 'state:error:primary',
};

/** The palette value of `tier`'s frame on the pad's profile. */
function tierColor(daemon: TraceDaemon, tier: ApprovalTier): number {
  const value = daemon.profile.lookup.colors.get(TIER_HUES[tier]);
  if (value === undefined) throw new Error(`${daemon.profile.id} has no colour for ${TIER_HUES[tier]}`);
  return value;
}

/** True while both outer columns of the glyph area (the frame around the `!`) are lit in `tier`'s colour. */
export function tierFramed(daemon: TraceDaemon, tier: ApprovalTier): boolean {
  const color = tierColor(daemon, tier);
  return [0, STATE_WIDTH - 1].every((x) =>
    Array.from({ length: STATE_HEIGHT }, (_, y) => canvasPad(daemon, x, y)).every((address) => daemon.lightOf(address) === color),
  );
}

/** Every state the daemon reports for the `backend` session, sampled every 50 ms until `stop()`: to check what a session never showed. */
export function watchStates(daemon: TraceDaemon, backend: string): { readonly seen: readonly string[]; stop(): Promise<void> } {
  const seen: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const session = (await daemon.client.status().catch(() => null))?.sessions.find((s) => s.identity.backend === backend);
      if (session !== undefined && seen.at(-1) !== session.state) seen.push(session.state);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    seen,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
