import { soakClock as clock } from './clock.js';
import type { SoakCounters } from './counters.js';
import type { GrowthVerdict, Sample } from './samples.js';

export interface SoakProgress {
  readonly elapsedSeconds: number;
  readonly totalSeconds: number;
  readonly latest: Sample | null;
  readonly counters: SoakCounters;
}

export interface SoakReport {
  readonly minutes: number;
  readonly warmUpSeconds: number;
  readonly samples: readonly Sample[];
  readonly growth: GrowthVerdict;
  readonly counters: SoakCounters;
  readonly daemon: { readonly exitCode: number | null; readonly socketRemoved: boolean; readonly logLines: number; readonly logTail: readonly string[] };
  /** Empty when the soak passed; otherwise one line per broken promise. */
  readonly problems: readonly string[];
}

const mb = (value: number) => `${value.toFixed(1)} MB`;
const retained = (sample: Sample) => (sample.retainedMb === null ? 'no answer' : mb(sample.retainedMb));

/** One progress line: time, the latest sample, the counts so far. */
export function formatProgress({ elapsedSeconds, totalSeconds, latest, counters: c }: SoakProgress): string {
  const sample = latest === null ? '' : `  rss ${mb(latest.rssMb)}  retained ${retained(latest)}  fds ${latest.fds}`;
  return `soak ${clock(elapsedSeconds)}/${clock(totalSeconds)}${sample}  acks ${c.acksReceived}/${c.acksSent}  presses ${c.presses} actions ${c.actions}  leases ${c.leases}  device cycles ${c.deviceCycles}  profile edits ${c.profileEdits}  browser updates ${c.browserSurfaces}`;
}

const sampleLine = (name: string, sample: Sample) =>
  `  ${name.padEnd(16)} ${clock(sample.at).padStart(6)}  rss ${mb(sample.rssMb).padStart(9)}  retained ${retained(sample).padStart(9)}  fds ${sample.fds}`;

/** The growth figures, saying when RSS was only reported (its window was too short to judge). */
export function describeGrowth(growth: GrowthVerdict): string {
  const rss = `RSS ${mb(growth.rssGrowthMb)}${growth.rssJudged ? '' : ' (window too short to judge)'}`;
  return `retained ${mb(growth.retainedGrowthMb)}, ${rss}, descriptors ${growth.fdGrowth}`;
}

export function formatReport(report: SoakReport): string {
  const { growth, counters: c } = report;
  const lines = [
    `Soak of ${report.minutes} minute(s), warm-up ${Math.round(report.warmUpSeconds)} s, ${report.samples.length} samples`,
    sampleLine('start', growth.start),
    sampleLine('after warm-up', growth.warm),
    sampleLine('end', growth.end),
    `  growth after warm-up: ${describeGrowth(growth)}`,
    `  acks: ${c.acksSent} sent, ${c.acksReceived} received`,
    `  presses: ${c.presses}, actions: ${c.actions}, extra actions: ${c.extraActions}`,
    `  leases: ${c.leases}, device cycles: ${c.deviceCycles}, profile edits: ${c.profileEdits}, browser tabs: ${c.browserTabs} (${c.browserSurfaces} surface updates)`,
    `  daemon: exit ${report.daemon.exitCode} after SIGTERM, socket ${report.daemon.socketRemoved ? 'removed' : 'LEFT BEHIND'}, ${report.daemon.logLines} log lines`,
    report.problems.length === 0 ? 'PASS' : `FAIL\n${report.problems.map((problem) => `  - ${problem}`).join('\n')}`,
    ...(report.problems.length === 0
      ? []
      : [`  daemon log, last ${report.daemon.logTail.length} lines (soak time first):`, ...report.daemon.logTail.map((line) => `    ${line}`)]),
  ];
  return `${lines.join('\n')}\n`;
}

/** The report for machines: every figure, the samples included. */
export function reportJson(report: SoakReport): Record<string, unknown> {
  const { counters, growth } = report;
  return {
    ok: report.problems.length === 0,
    minutes: report.minutes,
    warm_up_seconds: report.warmUpSeconds,
    rss_mb: { start: growth.start.rssMb, after_warm_up: growth.warm.rssMb, end: growth.end.rssMb, growth_after_warm_up: growth.rssGrowthMb },
    retained_mb: {
      start: growth.start.retainedMb,
      after_warm_up: growth.warm.retainedMb,
      end: growth.end.retainedMb,
      growth_after_warm_up: growth.retainedGrowthMb,
    },
    rss_judged: growth.rssJudged,
    fds: { start: growth.start.fds, after_warm_up: growth.warm.fds, end: growth.end.fds, growth_after_warm_up: growth.fdGrowth },
    acks: { sent: counters.acksSent, received: counters.acksReceived },
    presses: counters.presses,
    actions: counters.actions,
    extra_actions: counters.extraActions,
    leases: counters.leases,
    device_cycles: counters.deviceCycles,
    profile_edits: counters.profileEdits,
    browser: { tabs: counters.browserTabs, surface_updates: counters.browserSurfaces },
    daemon: {
      exit_code: report.daemon.exitCode,
      socket_removed: report.daemon.socketRemoved,
      log_lines: report.daemon.logLines,
      // Only a failed soak carries its log tail: the lines around what went wrong.
      ...(report.problems.length === 0 ? {} : { log_tail: report.daemon.logTail }),
    },
    problems: report.problems,
    samples: report.samples.map((sample) => ({ at: sample.at, rss_mb: sample.rssMb, retained_mb: sample.retainedMb, fds: sample.fds })),
  };
}
