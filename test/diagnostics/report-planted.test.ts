import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReportFile, type GuidedTestReport } from '../../src/diagnostics/guided-test/report.js';
import { foreignFile, sharedFolder } from '../helpers/planted.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

// Issue 21.2: `devices test --report PATH` in a shared folder neither writes through a link nor over another user's file.
const tempDir = tempDirsPerTest('pl-report-planted-');
const report = { passed: true } as unknown as GuidedTestReport;

const shared = () => sharedFolder(tempDir());

describe('guided-test report file', () => {
  it('refuses a link at the report path', async () => {
    const { dir, victim } = shared();
    symlinkSync(victim, join(dir, 'report.json'));
    await expect(writeReportFile(join(dir, 'report.json'), report)).rejects.toThrow(/symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it("refuses another user's file at the report path", async () => {
    const { dir } = shared();
    const path = join(dir, 'report.json');
    foreignFile(path);
    await expect(writeReportFile(path, report)).rejects.toThrow(/another user/);
    expect(readFileSync(path, 'utf8')).toBe('theirs\n');
  });
});
