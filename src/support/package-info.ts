import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root: the nearest folder above this file with our package.json (works from src/ and from dist/src/). */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
      if (pkg.name === 'pad-lattice') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('pad-lattice package root not found');
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot();

export const PACKAGE_VERSION: string = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
