import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MidiDeviceError } from '../../src/midi/errors.js';
import { openTraceOutput } from '../../src/midi/trace-output.js';
import { foreignFile, sharedFolder } from '../helpers/planted.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

// Issue 21.2: a `trace:FILE` in a shared folder must not write through what another user planted there.
const tempDir = tempDirsPerTest('pl-trace-planted-');
const noStdout = { write: () => expect.unreachable('stdout used for a file trace') };

const shared = () => sharedFolder(tempDir());

describe('trace:FILE outputs and planted files', () => {
  it('refuses a link at the trace path and leaves its target alone', () => {
    const { dir, victim } = shared();
    const path = join(dir, 'out.trace');
    symlinkSync(victim, path);
    expect(() => openTraceOutput(path, noStdout)).toThrow(MidiDeviceError);
    expect(() => openTraceOutput(path, noStdout)).toThrow(/symbolic link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it("refuses another user's file at the trace path and leaves it alone", () => {
    const { dir } = shared();
    const path = join(dir, 'out.trace');
    foreignFile(path);
    expect(() => openTraceOutput(path, noStdout)).toThrow(/belongs to another user/);
    expect(readFileSync(path, 'utf8')).toBe('theirs\n');
  });

  it('still traces into /dev/null', () => {
    const output = openTraceOutput('/dev/null', noStdout);
    output.send([0x90, 60, 1]);
    output.close();
  });
});
