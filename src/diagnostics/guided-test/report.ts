import { mkdir } from 'node:fs/promises';
import { release, type } from 'node:os';
import { dirname } from 'node:path';
import type { DeviceProfile } from '../../profiles/index.js';
import { replaceFileAtomically } from '../../support/private-file.js';

/** Where the flow was when it failed (device-profile-schema-1.md §11.5). */
export type FailureStage = 'initialize' | 'visual' | 'actions' | 'selectors' | 'close';

export interface GuidedTestResults {
  readonly visual: Record<string, boolean>;
  readonly actions: Record<string, boolean>;
  readonly selectors: Record<string, boolean>;
  completed: boolean;
  failureStage: FailureStage | null;
}

export interface TestEnvironment {
  /** `Linux`, `Darwin` or `Windows`. */
  readonly system: string;
  readonly release: string;
  /** The Node.js version, standing in for the reference's Python version. */
  readonly node: string;
}

/** `os.type()` says `Windows_NT`; the report uses the reference's `Windows`. */
export function currentEnvironment(): TestEnvironment {
  const system = type();
  return { system: system === 'Windows_NT' ? 'Windows' : system, release: release(), node: process.versions.node };
}

export interface ReportContext {
  readonly profile: DeviceProfile;
  readonly inputPort: string;
  readonly outputPort: string;
  readonly environment: TestEnvironment;
  readonly version: string;
  readonly generatedAt: Date;
}

/** ISO-8601 UTC with an explicit offset, as the reference writes it: `2025-01-31T12:00:00.123+00:00`. */
export function utcTimestamp(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00');
}

const allTrue = (checks: Record<string, boolean>) => Object.values(checks).every((value) => value);

/**
 * The sanitized report (§11.5): booleans, the profile, port names and the
 * environment — never error texts, prompts, answers, paths or session ids.
 */
export function buildReport(results: GuidedTestResults, context: ReportContext) {
  const passed = results.completed && results.failureStage === null && allTrue(results.visual) && allTrue(results.actions) && allTrue(results.selectors);
  return {
    schema_version: 1,
    generated_at: utcTimestamp(context.generatedAt),
    pad_lattice_version: context.version,
    passed,
    device: {
      profile_id: context.profile.id,
      profile_status: context.profile.status,
      visual_protocol: context.profile.visual_protocol,
      conformance: [...new Set(context.profile.conformance)].sort(),
      input_port: context.inputPort,
      output_port: context.outputPort,
    },
    environment: { system: context.environment.system, release: context.environment.release, node: context.environment.node },
    results: {
      visual: { ...results.visual },
      actions: { ...results.actions },
      selectors: { ...results.selectors },
      completed: results.completed,
      failure_stage: results.failureStage,
    },
  };
}

export type GuidedTestReport = ReturnType<typeof buildReport>;

/** Object keys sorted at every depth, so the file reads the same whatever order it was built in. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, sortedKeys(item)]));
}

/** JSON with sorted keys, 2-space indentation and a trailing newline. */
export function reportText(report: GuidedTestReport): string {
  return `${JSON.stringify(sortedKeys(report), null, 2)}\n`;
}

/** Written whole or not at all, and never through a link planted at the path (support/private-file.ts). */
export async function writeReportFile(path: string, report: GuidedTestReport): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  replaceFileAtomically(path, reportText(report), { durable: false });
}
