import type { AgentsResult } from './suites/agents.js';
import type { BurstResult } from './suites/burst.js';
import type { CompileResult } from './suites/compile.js';
import type { EndToEndResult } from './suites/end-to-end.js';
import type { PressesResult } from './suites/presses.js';
import type { RenderResult } from './suites/render.js';
import type { ShowResult } from './suites/show.js';
import type { StatusResult } from './suites/status.js';
import type { WireTimeResult } from './suites/wire-time.js';

/** Where the figures were taken: they mean little without it. */
export interface MachineInfo {
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpus: number;
  readonly cpuModel: string;
  /** 1, 5 and 15 minute load averages when the run started. */
  readonly loadAverage: readonly number[];
}

/** Each suite's figures; a suite not chosen with `--suite` is absent. */
export interface BenchResults {
  readonly compile?: CompileResult;
  readonly render?: readonly RenderResult[];
  readonly show?: readonly ShowResult[];
  readonly endToEnd?: EndToEndResult;
  readonly burst?: BurstResult;
  readonly wireTime?: readonly WireTimeResult[];
  readonly status?: readonly StatusResult[];
  readonly agents?: AgentsResult;
  readonly presses?: PressesResult;
}

/** The `--json` document. */
export interface BenchReport extends BenchResults {
  readonly mode: 'full' | 'quick';
  readonly version: string;
  readonly startedAt: string;
  readonly machine: MachineInfo;
  /**
   * Whether `targets` judged this run: a quick run's figures are too rough
   * to judge, so it judges none (an empty list) and says so.
   */
  readonly targetsJudged: boolean;
  readonly targets: readonly TargetCheck[];
}

/** One target judged against a measured figure. */
export interface TargetCheck {
  readonly name: string;
  readonly comparison: '<=' | '>=';
  readonly limit: number;
  readonly measured: number;
  readonly unit: string;
  readonly met: boolean;
}
