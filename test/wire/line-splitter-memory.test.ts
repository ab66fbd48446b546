import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/wire/index.js';

const SPLITTER = join(fileURLToPath(new URL('../../', import.meta.url)), 'dist/src/wire/line-splitter.js');

/*
 * Issue 22.2: 40 clients sending a 60 KB line one byte per write took the
 * daemon from 71 to 208 MB. The cause was a Buffer object per received byte
 * while a line was incomplete. Measured in a fresh process with a forced GC,
 * so only what the splitters hold counts.
 */
const MEASURE = `
const { LineSplitter } = await import(${JSON.stringify(SPLITTER)});
globalThis.gc();
const before = process.memoryUsage();
const splitters = Array.from({ length: 40 }, () => new LineSplitter());
const byte = Buffer.from('a');
for (let i = 0; i < 60000; i++) for (const splitter of splitters) splitter.push(byte, () => undefined);
globalThis.gc();
const after = process.memoryUsage();
process.stdout.write(JSON.stringify({
  held: after.arrayBuffers - before.arrayBuffers + after.heapUsed - before.heapUsed,
  pending: splitters.reduce((sum, s) => sum + s.pendingBytes, 0),
}));
`;

describe('partial input lines (issue 22.2)', () => {
  it('40 clients × 60 KB received one byte at a time hold a few bytes per byte, not a buffer per byte', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', MEASURE], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { held, pending } = JSON.parse(run.stdout) as { held: number; pending: number };
    expect(pending).toBe(40 * 60000);
    // A doubling buffer holds at most about twice what is pending; the old splitter held 38 MB here.
    expect(held).toBeLessThan(3 * pending);
  });

  it('lets a reader stop between lines and go on later, from one chunk', () => {
    const splitter = new LineSplitter();
    expect(splitter.append(Buffer.from('a\n\nb\nc\npart'))).toBe(true);
    expect(splitter.next()?.toString()).toBe('a');
    expect(splitter.next()?.toString()).toBe('b');
    expect(splitter.pendingBytes).toBe('c\npart'.length);
    expect(splitter.next()?.toString()).toBe('c');
    expect(splitter.next()).toBeNull();
    expect(splitter.append(Buffer.from('ial\n'))).toBe(true);
    expect(splitter.next()?.toString()).toBe('partial');
    expect(splitter.pendingBytes).toBe(0);
  });

  it('hands out lines that later input never overwrites', () => {
    const splitter = new LineSplitter();
    splitter.append(Buffer.from('first\nsec'));
    const first = splitter.next()!;
    expect(splitter.next()).toBeNull();
    for (let i = 0; i < 100; i++) splitter.append(Buffer.from('ond-and-more'));
    splitter.append(Buffer.from('\n'));
    expect(splitter.next()!.toString()).toBe(`sec${'ond-and-more'.repeat(100)}`);
    expect(first.toString()).toBe('first');
  });
});
