import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * What another local user can plant where Pad-Lattice writes (issue 21.2).
 * Tests run as root (as on the CI machine), so "another user" is uid 65534.
 */
export const FOREIGN_UID = 65534;

/** A folder anyone may write to, as /tmp is, inside `root`; and a victim file of ours outside it (mode 0644). */
export function sharedFolder(root: string): { dir: string; victim: string } {
  const dir = join(root, 'shared');
  mkdirSync(dir);
  chmodSync(dir, 0o777);
  const victim = join(root, 'victim.txt');
  writeFileSync(victim, 'precious\n', { mode: 0o644 });
  return { dir, victim };
}

/** A file at `path` owned by another user. */
export function foreignFile(path: string, text: string | Uint8Array = 'theirs\n'): void {
  writeFileSync(path, text, { mode: 0o644 });
  chownSync(path, FOREIGN_UID, FOREIGN_UID);
}
