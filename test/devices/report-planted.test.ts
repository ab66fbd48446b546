import { chmodSync, chownSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeReportFile, type GuidedTestReport } from '../../src/devices/guided-test/report.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

// Issue 21.2: `devices test --report PATH` in a shared folder neither writes through a link nor over another user's file.
const tempDir = tempDirsPerTest('pl-report-planted-');
const report = { passed: true } as unknown as GuidedTestReport;

function shared(): { dir: string; victim: string } {
  const root = tempDir();
  const dir = join(root, 'shared');
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  const victim = join(root, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  return { dir, victim };
}

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
    writeFileSync(path, 'theirs\n');
    chownSync(path, 65534, 65534);
    await expect(writeReportFile(path, report)).rejects.toThrow(/another user/);
    expect(readFileSync(path, 'utf8')).toBe('theirs\n');
  });
});
