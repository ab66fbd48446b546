import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliInvocation } from '../../src/support/cli-invocation.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pl-invocation-'));
  dirs.push(dir);
  return dir;
}

describe('how hints name the pad-lattice program', () => {
  it('as pad-lattice when it is on PATH', () => {
    const bin = folder();
    writeFileSync(join(bin, 'pad-lattice'), '#!/bin/sh\n');
    chmodSync(join(bin, 'pad-lattice'), 0o755);
    expect(cliInvocation({ PATH: `/nowhere:${bin}` }, '/opt/pad lattice')).toEqual({ command: 'pad-lattice', putOnPath: null });
  });

  it('otherwise as node with the bin file of this checkout, quoted for a shell, and says how to put it on PATH', () => {
    const empty = folder();
    const invocation = cliInvocation({ PATH: empty }, '/opt/pad lattice');
    expect(invocation.command).toBe("node '/opt/pad lattice/dist/src/cli/bin.js'");
    expect(invocation.putOnPath).toBe(
      "'pad-lattice' is not on PATH; to type it as 'pad-lattice', run 'npm install -g .' (or 'npm link') in '/opt/pad lattice'",
    );
  });

  it('does not count a pad-lattice file that cannot be run', () => {
    const bin = folder();
    writeFileSync(join(bin, 'pad-lattice'), 'not a program\n');
    chmodSync(join(bin, 'pad-lattice'), 0o644);
    expect(cliInvocation({ PATH: bin }).command).toMatch(/^node \S+\/dist\/src\/cli\/bin\.js$/);
  });
});
