import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfilesFrom, parseDeviceProfile } from '../../src/profiles/index.js';
import { proMk1 } from './helpers.js';
import { tempDir } from './temp-roots.js';

/*
 * Profile folders a user (or another user) can put anything into: a link to
 * a secret file, a device, a FIFO named like a profile, a huge document.
 * Each is refused with a message that names the file and never shows what
 * is inside it, and none can stall the daemon.
 */

const messagesOf = (problems: readonly { source: string; issues: readonly { message: string }[] }[], source: string) =>
  problems.filter((problem) => problem.source === source).flatMap((problem) => problem.issues.map((issue) => issue.message));

describe('profile files that are not what they seem', () => {
  it('a parse error says where, and quotes nothing of the file', async () => {
    const root = await tempDir();
    const secret = join(root, 'secret.txt');
    writeFileSync(secret, 'root:$6$s3cr3tHash:19000:0:99999:7:::\n');
    const linked = join(root, 'shadow.json');
    symlinkSync(secret, linked);
    const broken = join(root, 'broken.json');
    writeFileSync(broken, '{\n  "id": "x",\n  "name": oops-s3cr3t\n}\n');
    const { problems } = await loadProfilesFrom([root]);
    expect(messagesOf(problems, linked)).toEqual(['invalid JSON: at line 1, column 1']);
    expect(messagesOf(problems, broken)).toEqual(['invalid JSON: at line 3, column 11']);
    expect(JSON.stringify(problems)).not.toContain('s3cr3t');
  });

  it('a device or a FIFO named *.json is refused with a message, not read and not skipped in silence', async () => {
    const root = await tempDir();
    const zero = join(root, 'zero.json');
    symlinkSync('/dev/zero', zero);
    const fifo = join(root, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const { problems } = await loadProfilesFrom([root]);
    expect(messagesOf(problems, zero)).toEqual(['is not a regular file (a device); a profile is read only from a regular file']);
    expect(messagesOf(problems, fifo)).toEqual(['is not a regular file (a FIFO); a profile is read only from a regular file']);
  });

  it('a file over the size bound is refused before it is read', async () => {
    const root = await tempDir();
    const huge = join(root, 'huge.json');
    writeFileSync(huge, `{"pad": "${'x'.repeat(2 * 1024 * 1024)}"}`);
    const { problems } = await loadProfilesFrom([root]);
    expect(messagesOf(problems, huge)).toEqual(['is 2,097,163 bytes; a profile may have at most 1,048,576']);
  });

  it('100,000 unknown keys are reported in one bounded message', () => {
    const doc = proMk1((d) => {
      for (let index = 0; index < 100_000; index += 1) d[`junk_${index}`] = 1;
    });
    const result = parseDeviceProfile(doc);
    const issues = result.ok ? [] : result.issues;
    const unknown = issues.find((issue) => issue.message.startsWith('unknown keys'));
    expect(unknown?.message.length).toBeLessThan(2_000);
    expect(unknown?.message).toMatch(/ and 99,9\d\d more$/);
  });
});
