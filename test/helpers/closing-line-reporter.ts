import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** What one run counted: every failure, whether a test, a file, a suite hook or an error outside any test. */
export interface RunCount {
  passed: number;
  failedTests: number;
  /** Files that collected no test because they threw while loading (a broken import, a missing file). */
  filesNotLoaded: number;
  /** Errors of a file or suite outside its tests: a beforeAll/afterAll that threw. */
  suiteErrors: number;
  /** Errors vitest caught outside every test (a late timer throwing, an unhandled rejection). */
  unhandledErrors: number;
  /** Files vitest marks failed for a reason none of the above caught. */
  otherFailedFiles: number;
  /** Tests marked skip/todo, or skipped by the test itself. */
  skipped: number;
  /** Tests that never ran because a hook of their file or suite failed first (that failure is counted). */
  notRun: number;
}

/** Counts a finished run; no test or error goes uncounted. */
export function countRun(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): RunCount {
  const count: RunCount = {
    passed: 0,
    failedTests: 0,
    filesNotLoaded: 0,
    suiteErrors: 0,
    unhandledErrors: unhandledErrors.length,
    otherFailedFiles: 0,
    skipped: 0,
    notRun: 0,
  };
  for (const module of modules) {
    const tests = [...module.children.allTests()];
    const suitesWithErrors = [...module.children.allSuites()].filter((suite) => suite.errors().length > 0);
    const moduleErrors = module.errors().length;
    if (moduleErrors > 0 && tests.length === 0) count.filesNotLoaded += 1;
    else count.suiteErrors += moduleErrors;
    for (const suite of suitesWithErrors) count.suiteErrors += suite.errors().length;
    const brokenScope = moduleErrors > 0 || suitesWithErrors.length > 0;
    let failedHere = moduleErrors + suitesWithErrors.length;
    for (const test of tests) {
      const state = test.result().state;
      if (state === 'passed') count.passed += 1;
      else if (state === 'failed') {
        count.failedTests += 1;
        failedHere += 1;
      } else if (brokenScope && test.options.mode === 'run') count.notRun += 1;
      else count.skipped += 1;
    }
    if (module.state() === 'failed' && failedHere === 0) count.otherFailedFiles += 1;
  }
  return count;
}

export function totalFailed(count: RunCount): number {
  return count.failedTests + count.filesNotLoaded + count.suiteErrors + count.unhandledErrors + count.otherFailedFiles;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** `N passed, N failed (what failed), N skipped (N did not run)`: the line CI reads. */
export function closingLine(count: RunCount): string {
  const causes = [
    count.failedTests > 0 ? plural(count.failedTests, 'test', 'tests') : '',
    count.filesNotLoaded > 0 ? plural(count.filesNotLoaded, 'file did not load', 'files did not load') : '',
    count.suiteErrors > 0 ? plural(count.suiteErrors, 'suite error', 'suite errors') : '',
    count.unhandledErrors > 0 ? plural(count.unhandledErrors, 'unhandled error', 'unhandled errors') : '',
    count.otherFailedFiles > 0 ? plural(count.otherFailedFiles, 'other failed file', 'other failed files') : '',
  ].filter((cause) => cause !== '');
  const failed = totalFailed(count);
  // Only spell out the causes when they are not simply "N tests".
  const failedText = causes.length === 0 || (causes.length === 1 && count.failedTests === failed) ? '' : ` (${causes.join(', ')})`;
  const notRunText = count.notRun > 0 ? `, ${count.notRun} did not run (their file or suite failed)` : '';
  return `${count.passed} passed, ${failed} failed${failedText}, ${count.skipped} skipped${notRunText}`;
}

/** `skipped N: reason` lines, one per distinct reason tests gave for skipping themselves. */
export function skipReasons(modules: ReadonlyArray<TestModule>): string {
  const notes = new Map<string, number>();
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === 'skipped' && result.note !== undefined) notes.set(result.note, (notes.get(result.note) ?? 0) + 1);
    }
  }
  return [...notes].map(([note, count]) => `skipped ${count}: ${note}\n`).join('');
}

/**
 * Ends a run with the plain `N passed, N failed, N skipped` line that CI
 * reads to tell a run that tested something from one that ran nothing,
 * preceded by each distinct reason a test gave for skipping itself
 * (`ctx.skip(note)`), so a skip never passes unexplained. A file that fails
 * to load, a hook that throws and an error outside any test each count as a
 * failure, and make the run exit non-zero.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const count = countRun(testModules, unhandledErrors);
    if (totalFailed(count) > 0) process.exitCode = 1;
    process.stdout.write(`\n${skipReasons(testModules)}${closingLine(count)}\n`);
  }
}
