import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FIXTURE_INDEX = '<!doctype html><title>fixture pad</title>\n';

/** A stand-in for the built browser app, so HTTP tests do not depend on `npm run build`. */
export function createAppFixture(): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'pad-lattice-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), FIXTURE_INDEX);
  writeFileSync(join(root, 'assets', 'app.js'), 'export {};\n');
  writeFileSync(join(root, 'assets', 'tone.wav'), Buffer.from([0x52, 0x49, 0x46, 0x46]));
  writeFileSync(join(root, 'config.json'), '{"mode":"demo"}\n');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
