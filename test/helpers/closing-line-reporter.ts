import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run with the plain `N passed, N failed, N skipped` line that CI
 * reads to tell a run that tested something from one that ran nothing,
 * preceded by each distinct reason a test gave for skipping itself
 * (`ctx.skip(note)`), so a skip never passes unexplained.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const notes = new Map<string, number>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') counts.passed += 1;
        else if (result.state === 'failed') counts.failed += 1;
        else {
          counts.skipped += 1;
          if (result.state === 'skipped' && result.note !== undefined) notes.set(result.note, (notes.get(result.note) ?? 0) + 1);
        }
      }
    }
    const reasons = [...notes].map(([note, count]) => `skipped ${count}: ${note}\n`).join('');
    process.stdout.write(`\n${reasons}${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
