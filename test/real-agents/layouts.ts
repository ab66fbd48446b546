import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateTempDir } from '../agents/shared/fake-daemon.js';

/*
 * The two ways users run Pad-Lattice: from a checkout (`node dist/src/cli/main.js …`, with
 * whatever file modes the build left) and as npm installs it (`npm pack`, then the tarball
 * installed into a prefix, with `bin` links).
 */

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export interface Layout {
  readonly name: string;
  /** The program and leading arguments that run `pad-lattice`. */
  readonly cli: readonly string[];
  /** Package root (built-in profiles) and its `dist/src/cli/main.js`, for the daemon. */
  readonly root: string;
  readonly main: string;
}

/** This checkout, as built by `npm run build` (npm test builds first). */
export function checkoutLayout(): Layout {
  const main = join(REPO, 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  return { name: 'checkout', cli: [process.execPath, main], root: REPO, main };
}

/** `npm pack` of this checkout installed with `npm install -g --prefix` into a temporary prefix (dependencies from the npm cache where it has them). */
export function npmInstalledLayout(): Layout {
  const work = privateTempDir('pl-ra-npm-');
  const quiet: ExecFileSyncOptionsWithStringEncoding = { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' };
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], quiet);
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error(`npm pack left no tarball in ${work}`);
  const prefix = join(work, 'prefix');
  execFileSync(
    'npm',
    ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)],
    quiet,
  );
  const root = join(prefix, 'lib', 'node_modules', 'pad-lattice');
  return { name: 'npm-installed', cli: [join(prefix, 'bin', 'pad-lattice')], root, main: join(root, 'dist', 'src', 'cli', 'main.js') };
}
