import type { StatusSessionReport } from '../../src/client/index.js';
import { until } from '../agents/shared/fake-daemon.js';
import { padsOf, startTraceDaemon, type DaemonProgram, type TraceDaemon } from '../agents/claude/trace-daemon.js';

/*
 * The pad of the real-agent tests: a real `pad-lattice daemon` whose controller is a trace file
 * (the lights) and a FIFO (the presses), as README "Without hardware" describes.
 */

export const PROFILE = 'novation/launchpad/pro-mk1';

export function startPad(program: DaemonProgram): Promise<TraceDaemon> {
  return startTraceDaemon(program, PROFILE);
}

/** Waits until the daemon reports one session that satisfies `check`, and returns it. */
export async function untilSession(daemon: TraceDaemon, check: (session: StatusSessionReport) => boolean, what: string, timeoutMs = 30_000): Promise<StatusSessionReport> {
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
  await daemon.untilLights(() => daemon.lightOf(pads.scene(session)) === pads.sceneColor(session, true) && daemon.lightOf(pads[action]) === lit, `${action} to light for the selected Scene`);
  daemon.press(pads[action]);
}

/** True while the pad lights Approve. */
export function approveLit(daemon: TraceDaemon): boolean {
  const pads = padsOf(daemon);
  return daemon.lightOf(pads.approve) === pads.approveLit;
}
