import type { DeviceProfile } from '../../profiles/index.js';
import { emptyResults, runGuidedFlow, type GuidedTestIo, type GuidedTestSurface, type GuidedTestTiming } from './flow.js';
import { buildReport, currentEnvironment, writeReportFile, type FailureStage, type GuidedTestReport, type TestEnvironment } from './report.js';
import { errorMessage } from '../../support/error-message.js';

/** The report could not be written; it carries the test's own failure, if there was one, as `cause`. */
export class ReportWriteError extends Error {
  override readonly name = 'ReportWriteError';
}

export interface GuidedTestOptions {
  /** Open, with the greeting disabled; closed by the test whatever happens. */
  readonly surface: GuidedTestSurface & { close(): void };
  readonly profile: DeviceProfile;
  readonly inputPort: string;
  readonly outputPort: string;
  readonly io: GuidedTestIo;
  readonly timing: GuidedTestTiming;
  readonly reportPath: string;
  readonly version: string;
  readonly environment?: TestEnvironment;
  /** Wall clock for `generated_at`. */
  readonly clock?: () => Date;
  readonly writeReport?: (path: string, report: GuidedTestReport) => Promise<void>;
}

/**
 * The guided physical test (device-profile-schema-1.md §11): runs the flow,
 * always closes the surface, always writes the sanitized report, then
 * re-throws the failure if there was one, else returns the report.
 *
 * QUIRK choice (§11.4): when the flow failed and closing fails too, the
 * reference overwrites `failure_stage` with `close` while re-throwing the
 * earlier error; here the stage of the first failure is kept, so the report
 * names the stage of the error that is re-thrown.
 */
export async function runGuidedTest(options: GuidedTestOptions): Promise<GuidedTestReport> {
  const { surface } = options;
  const results = emptyResults(surface.geometry.selectorCapacity);
  let stage: FailureStage = 'initialize';
  let failure: { readonly error: unknown } | null = null;
  try {
    await runGuidedFlow(surface, results, options.io, options.timing, (next) => (stage = next));
  } catch (error) {
    failure = { error };
    results.failureStage = stage;
  }
  try {
    surface.close();
  } catch (error) {
    if (failure === null) {
      failure = { error };
      results.failureStage = 'close';
    }
  }
  const report = buildReport(results, {
    profile: options.profile,
    inputPort: options.inputPort,
    outputPort: options.outputPort,
    environment: options.environment ?? currentEnvironment(),
    version: options.version,
    generatedAt: (options.clock ?? (() => new Date()))(),
  });
  try {
    await (options.writeReport ?? writeReportFile)(options.reportPath, report);
  } catch (error) {
    const reason = errorMessage(error);
    throw new ReportWriteError(`could not write the report ${options.reportPath}: ${reason}`, failure === null ? {} : { cause: failure.error });
  }
  if (failure !== null) throw failure.error;
  return report;
}
