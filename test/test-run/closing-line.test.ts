import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closingLine, totalFailed } from '../helpers/closing-line-reporter.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const REPORTER = join(REPO, 'test/helpers/closing-line-reporter.ts');
const VITEST = join(REPO, 'node_modules/vitest/vitest.mjs');
const tempDir = tempDirsPerTest('pad-lattice-closing-line-');

/** Test files of every way a run can fail, written as text: the broken import must not reach the type check. */
const CASES: Record<string, string> = {
  'passes.test.ts': `import { expect, it } from 'vitest';
it('passes', () => expect(1).toBe(1));
it.skip('is skipped', () => {});
it.todo('is to do');`,
  'fails.test.ts': `import { expect, it } from 'vitest';
it('fails', () => expect(1).toBe(2));
it('passes', () => expect(1).toBe(1));`,
  'broken-import.test.ts': `import { missing } from './no-such-module.js';
import { expect, it } from 'vitest';
it('never collected', () => expect(missing).toBe(1));`,
  'file-hook.test.ts': `import { beforeAll, expect, it } from 'vitest';
beforeAll(() => { throw new Error('no browser'); });
it('one', () => expect(1).toBe(1));
it('two', () => expect(1).toBe(1));`,
  'suite-hook.test.ts': `import { afterAll, describe, expect, it } from 'vitest';
describe('cleanup', () => {
  afterAll(() => { throw new Error('cleanup failed'); });
  it('passes', () => expect(1).toBe(1));
});`,
  'unhandled.test.ts': `import { expect, it } from 'vitest';
it('throws later', () => { setTimeout(() => { throw new Error('late'); }, 1); expect(1).toBe(1); });
it('waits', async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });`,
};

/** Runs vitest with the closing-line reporter over `files` (names from CASES) in a temp project. */
async function runVitest(files: readonly string[]): Promise<{ code: number; lastLine: string }> {
  const root = tempDir();
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  mkdirSync(join(root, 'cases'));
  for (const file of files) writeFileSync(join(root, 'cases', file), CASES[file]!);
  writeFileSync(
    join(root, 'vitest.config.mjs'),
    `export default { test: { include: ['cases/*.test.ts'], pool: 'forks', reporters: [${JSON.stringify(REPORTER)}] } };\n`,
  );
  const result = await promisify(execFile)(process.execPath, [VITEST, 'run', '--config', 'vitest.config.mjs'], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { code: result.code, lastLine: result.stdout.trimEnd().split('\n').at(-1)! };
}

describe('the closing line', () => {
  it('counts a file that did not load, a throwing beforeAll/afterAll and an unhandled error as failures, and exits non-zero', async () => {
    const run = await runVitest(Object.keys(CASES));
    expect(run.lastLine).toBe(
      '5 passed, 5 failed (1 test, 1 file did not load, 2 suite errors, 1 unhandled error), 2 skipped, ' + '2 did not run (their file or suite failed)',
    );
    expect(run.code).not.toBe(0);
  });

  it('a clean run says plainly what it counted and does not fail the run', () => {
    const clean = { passed: 1, failedTests: 0, filesNotLoaded: 0, suiteErrors: 0, unhandledErrors: 0, otherFailedFiles: 0, skipped: 2, notRun: 0 };
    expect(closingLine(clean)).toBe('1 passed, 0 failed, 2 skipped');
    expect(totalFailed(clean)).toBe(0);
    // Failed tests alone need no explanation.
    expect(closingLine({ ...clean, failedTests: 3 })).toBe('1 passed, 3 failed, 2 skipped');
  });
});
