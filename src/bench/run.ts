import { cpus, loadavg } from 'node:os';
import { PACKAGE_VERSION } from '../package-info.js';
import type { DeviceProfile } from '../profiles/index.js';
import { loadBuiltinProfiles } from './fixtures.js';
import type { BenchReport, MachineInfo } from './results.js';
import type { BenchSettings } from './settings.js';
import { runBurstSuite } from './suites/burst.js';
import { runCompileSuite } from './suites/compile.js';
import { runEndToEndSuite } from './suites/end-to-end.js';
import { runRenderSuite } from './suites/render.js';
import { runShowSuite } from './suites/show.js';
import { runWireTimeSuite } from './suites/wire-time.js';
import { checkTargets } from './targets.js';

/** The device the socket suites drive; any built-in would do, this is a common one. */
export const SOCKET_SUITE_PROFILE = 'novation/launchpad/mini-mk3';

/** Told the name of each suite as it starts, so a long run shows where it is. */
export type Progress = (suite: string) => void;

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

/** Runs every suite in order (CPU suites first, then the socket suites) and checks the targets. */
export async function runBench(settings: BenchSettings, progress: Progress = () => undefined): Promise<BenchReport> {
  const startedAt = new Date().toISOString();
  const machine = machineInfo();
  const profiles = await loadBuiltinProfiles();
  progress('compile');
  const compile = runCompileSuite(settings);
  progress('render');
  const render = runRenderSuite(profiles, settings);
  progress('show');
  const show = runShowSuite(profiles, settings);
  progress('wire time');
  const wireTime = runWireTimeSuite(profiles, show, settings);
  const socketProfile = pickSocketProfile(profiles);
  progress('end to end');
  const endToEnd = await runEndToEndSuite(socketProfile, settings);
  progress('burst');
  const burst = await runBurstSuite(socketProfile, settings);
  const results = { compile, render, show, endToEnd, burst, wireTime };
  return { mode: settings.mode, version: PACKAGE_VERSION, startedAt, machine, ...results, targets: checkTargets(results) };
}

function pickSocketProfile(profiles: readonly DeviceProfile[]): DeviceProfile {
  const profile = profiles.find((p) => p.id === SOCKET_SUITE_PROFILE) ?? profiles[0];
  if (profile === undefined) throw new Error('no built-in profiles found');
  return profile;
}
