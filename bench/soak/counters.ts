import { soakClock } from './clock.js';

/** What the soak counts; the verdict compares them. */
export interface SoakCounters {
  /** States sent with `reply: true`, and `state_ack`s that came back. */
  acksSent: number;
  acksReceived: number;
  /** Leases opened and closed by agents that came and went. */
  leases: number;
  /** Approve presses written to the FIFO; actions that reached the subscriber; actions beyond one per press. */
  presses: number;
  actions: number;
  extraActions: number;
  /** Unplug-and-return cycles of the virtual controller. */
  deviceCycles: number;
  /** Writes to the profile file in the watched folder. */
  profileEdits: number;
  /** Browser tabs opened, and `surface` messages they received. */
  browserTabs: number;
  browserSurfaces: number;
  /** What went wrong, one line each stamped with the soak time (the first few are reported). */
  readonly failures: string[];
  /** Date.now() when the soak started: the zero of every stamp. */
  readonly startedAt: number;
}

export function newCounters(): SoakCounters {
  return {
    acksSent: 0,
    acksReceived: 0,
    leases: 0,
    presses: 0,
    actions: 0,
    extraActions: 0,
    deviceCycles: 0,
    profileEdits: 0,
    browserTabs: 0,
    browserSurfaces: 0,
    failures: [],
    startedAt: Date.now(),
  };
}

/** Seconds since the soak started. */
export const soakSeconds = (counters: SoakCounters): number => (Date.now() - counters.startedAt) / 1000;

export function noteFailure(counters: SoakCounters, what: string, error: unknown): void {
  counters.failures.push(`at ${soakClock(soakSeconds(counters))} ${what}: ${error instanceof Error ? error.message : String(error)}`);
}
