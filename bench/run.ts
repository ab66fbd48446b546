import { cpus, loadavg } from 'node:os';
import { PACKAGE_VERSION } from '../src/support/package-info.js';
import type { DeviceProfile } from '../src/profiles/index.js';
import { ownDaemonCommand, type DaemonCommand } from './daemon-command.js';
import { loadBuiltinProfiles } from './fixtures.js';
import type { BenchReport, BenchResults, MachineInfo } from './results.js';
import type { BenchSettings } from './settings.js';
import { runAgentsSuite } from './suites/agents.js';
import { runBurstSuite } from './suites/burst.js';
import { runCompileSuite } from './suites/compile.js';
import { runEndToEndSuite } from './suites/end-to-end.js';
import { runPressesSuite } from './suites/presses.js';
import { runRenderSuite } from './suites/render.js';
import { runShowSuite } from './suites/show.js';
import { runStatusSuite } from './suites/status.js';
import { runWireTimeSuite } from './suites/wire-time.js';
import { checkTargets } from './targets.js';

/** The device the socket suites drive; any built-in would do, this is a common one. */
export const SOCKET_SUITE_PROFILE = 'novation/launchpad/mini-mk3';

/** The suites in the order a full run takes them (`--suite` picks some). */
export const SUITE_NAMES = ['compile', 'render', 'show', 'wire-time', 'status', 'end-to-end', 'burst', 'agents', 'presses'] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

/** Told what starts next, so a long run shows where it is. */
export type Progress = (phase: string) => void;

export interface BenchChoices {
  /** Default: every suite. */
  readonly suites?: ReadonlySet<SuiteName>;
  /** Another daemon command the agents suite runs side by side with ours. */
  readonly compare?: DaemonCommand | null;
}

export function machineInfo(): MachineInfo {
  const cores = cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
  };
}

/** Runs the chosen suites in order (CPU suites first, then the socket suites) and, in a full run, checks the targets they measured. */
export async function runBench(settings: BenchSettings, progress: Progress = () => undefined, choices: BenchChoices = {}): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  const machine = machineInfo();
  const chosen = (suite: SuiteName) => choices.suites === undefined || choices.suites.has(suite);
  const profiles = await loadBuiltinProfiles();
  const results: { -readonly [K in keyof BenchResults]: BenchResults[K] } = {};
  if (chosen('compile')) {
    progress('compile');
    results.compile = runCompileSuite(settings);
  }
  if (chosen('render')) {
    progress('render');
    results.render = runRenderSuite(profiles, settings);
  }
  if (chosen('show') || chosen('wire-time')) {
    progress('show');
    results.show = runShowSuite(profiles, settings);
  }
  if (chosen('wire-time')) {
    progress('wire time');
    results.wireTime = runWireTimeSuite(profiles, results.show!, settings);
  }
  if (chosen('status')) {
    progress('status');
    results.status = runStatusSuite(settings);
  }
  const socketProfile = pickSocketProfile(profiles);
  if (chosen('end-to-end')) {
    progress('end to end');
    results.endToEnd = await runEndToEndSuite(socketProfile, settings, progress);
  }
  if (chosen('burst')) {
    progress('burst');
    results.burst = await runBurstSuite(socketProfile, settings);
  }
  if (chosen('agents')) {
    progress('agents');
    const commands = [ownDaemonCommand(), ...(choices.compare ? [choices.compare] : [])];
    results.agents = await runAgentsSuite(commands, settings, progress);
  }
  if (chosen('presses')) {
    progress('presses');
    results.presses = await runPressesSuite(socketProfile, settings.presses, progress);
  }
  // A quick run's counts are too small for its figures to mean anything against a target.
  const targetsJudged = settings.mode === 'full';
  return { mode: settings.mode, version: PACKAGE_VERSION, startedAt, machine, ...results, targetsJudged, targets: targetsJudged ? checkTargets(results) : [] };
}

function pickSocketProfile(profiles: readonly DeviceProfile[]): DeviceProfile {
  const profile = profiles.find((p) => p.id === SOCKET_SUITE_PROFILE) ?? profiles[0];
  if (profile === undefined) throw new Error('no built-in profiles found');
  return profile;
}
