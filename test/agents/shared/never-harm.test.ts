import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NOTHING, TimeoutReason, noteOnStderr, readToEnd, withoutHarm } from '../../../src/agents/shared/never-harm.js';
import { hookSocketPath, launcherSocketPath } from '../../../src/agents/shared/socket-path.js';

describe('never harm the agent (agent-adapters.md §1.1)', () => {
  it('passes a value through', async () => {
    expect(await withoutHarm(async () => 42, 1_000)).toBe(42);
  });

  it('turns a rejection or a throw into NOTHING and reports it once', async () => {
    const seen: unknown[] = [];
    expect(
      await withoutHarm(
        () => Promise.reject(new Error('boom')),
        1_000,
        (r) => seen.push(r),
      ),
    ).toBe(NOTHING);
    expect(
      await withoutHarm(
        () => {
          throw new Error('sync');
        },
        1_000,
        (r) => seen.push(r),
      ),
    ).toBe(NOTHING);
    expect(seen.map((r) => (r as Error).message)).toEqual(['boom', 'sync']);
  });

  it('gives up on a task that never settles', async () => {
    const seen: unknown[] = [];
    expect(
      await withoutHarm(
        () => new Promise<never>(() => undefined),
        50,
        (r) => seen.push(r),
      ),
    ).toBe(NOTHING);
    expect(seen[0]).toBeInstanceOf(TimeoutReason);
  });

  it('survives a problem reporter that throws', async () => {
    const result = await withoutHarm(
      () => Promise.reject(new Error('x')),
      1_000,
      () => {
        throw new Error('reporter');
      },
    );
    expect(result).toBe(NOTHING);
  });

  it('writes one pad-lattice: line, and ignores a destroyed stream', () => {
    const out: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    noteOnStderr(stream, 'daemon unavailable');
    expect(out.join('')).toBe('pad-lattice: daemon unavailable\n');
    stream.destroy();
    expect(() => noteOnStderr(stream, 'again')).not.toThrow();
  });

  it('reads a stream to its end', async () => {
    const stream = Readable.from([Buffer.from('ab'), Buffer.from('cd')]);
    expect((await readToEnd(stream)).toString()).toBe('abcd');
    expect(stream.readableEnded).toBe(true);
  });
});

describe('socket path for adapters (agent-adapters.md §1.2)', () => {
  it('lets a non-empty PAD_LATTICE_SOCKET win over --socket in hooks', () => {
    expect(hookSocketPath({ PAD_LATTICE_SOCKET: '/s2' }, '/s1')).toBe('/s2');
    expect(hookSocketPath({ PAD_LATTICE_SOCKET: '' }, '/s1')).toBe('/s1');
    expect(hookSocketPath({ XDG_RUNTIME_DIR: '/run/user/7' }, undefined)).toBe('/run/user/7/pad-lattice.sock');
  });

  it('gives a launcher its --socket, else the default resolution', () => {
    expect(launcherSocketPath({ PAD_LATTICE_SOCKET: '/s2' }, '/s1')).toBe('/s1');
    expect(launcherSocketPath({ PAD_LATTICE_SOCKET: '/s2' }, undefined)).toBe('/s2');
    expect(launcherSocketPath({ XDG_RUNTIME_DIR: '/run/user/7' }, undefined)).toBe('/run/user/7/pad-lattice.sock');
  });
});
