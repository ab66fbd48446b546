import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
/** The folders of package.json `files` besides the build output; the daemon reads them at start. */
const PACKAGED_DATA = ['profiles', 'schemas', 'shows', 'demos'];

/** A compiled copy of the CLI, startable the two ways users start it. */
export interface BuiltCli {
  readonly root: string;
  /** The built `src/cli/main.js`, for running a command (the daemon) with `node`. */
  readonly main: string;
  /** As npm installs it: a `pad-lattice` bin link to the (executable) entry file. */
  readonly npmBin: readonly string[];
  /** As a checkout runs it: `node dist/src/cli/main.js`. */
  readonly checkout: readonly string[];
}

/**
 * Compiles src/cli/main.ts and the light hook entry (and what they import)
 * into `root`, so the end-to-end test runs the real programs as Claude
 * Code would: each hook is its own process started through `sh -c`. The
 * compiler's exit status is not checked, because other parts of the tree
 * may be mid-edit; the entry files must exist and run.
 */
export function buildCli(root: string): BuiltCli {
  const out = join(root, 'out');
  const tsconfig = join(root, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(REPO, 'tsconfig.json'),
      compilerOptions: { rootDir: REPO, outDir: out, sourceMap: false, noEmitOnError: false },
      include: [],
      files: [join(REPO, 'src/cli/main.ts'), join(REPO, 'src/agents/shared/hook-bin.ts')],
    }),
  );
  const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], { encoding: 'utf8' });
  const main = join(out, 'src/cli/main.js');
  const hookMain = join(out, 'src/agents/shared/hook-bin.js');
  if (!existsSync(main) || !existsSync(hookMain)) throw new Error(`building the CLI failed:\n${tsc.stdout}${tsc.stderr}`);
  // Bare imports resolve through this link; package-info finds the package by name.
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  // The packaged data (built-in profiles, schemas, shows, demos) sits next to package.json, as in the published package.
  for (const data of PACKAGED_DATA) symlinkSync(join(REPO, data), join(root, data));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'pad-lattice', version: '0.0.0-test', type: 'module' }));
  // The bin link needs an executable file; the hook entry stays 0644, as tsc writes it: hooks run
  // through `node`, so they work whatever its mode.
  chmodSync(main, 0o755);
  const bin = join(root, 'bin');
  mkdirSync(bin);
  symlinkSync(main, join(bin, 'pad-lattice'));
  return { root, main, npmBin: [join(bin, 'pad-lattice')], checkout: [process.execPath, main] };
}
