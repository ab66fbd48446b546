import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The test files that take longest (each spawns daemons, Chromium, sshd or the
 * real agent CLIs for many seconds) start first. On a fresh clone vitest knows
 * no durations and starts larger files first, which put the 45-second soak
 * last: the whole run then waited for it alone (≈ 50 s of a 295 s run on 2
 * cores). Listed by measured duration, longest first; every other file keeps
 * vitest's own order.
 */
const LONGEST_FIRST = [
  'test/soak/',
  'test/real-agents/',
  'test/web-public/public-browser.test.ts',
  'test/web-browser/',
  'test/daemon/first-connection.test.ts',
  'test/daemon/client-memory.test.ts',
  'test/web/edge-limits.test.ts',
  'test/wire/fuzz.test.ts',
  'test/web/handshake.test.ts',
  'test/remote/',
] as const;

function rank(file: TestSpecification): number {
  const path = file.moduleId.replaceAll('\\', '/');
  const index = LONGEST_FIRST.findIndex((prefix) => path.includes(`/${prefix}`));
  return index === -1 ? LONGEST_FIRST.length : index;
}

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
