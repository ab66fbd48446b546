import { join } from 'node:path';
import { quote } from 'shell-quote';
import { findOnPath } from './find-on-path.js';
import { PACKAGE_ROOT } from './package-info.js';

/** How a hint names the `pad-lattice` program so the user can paste it. */
export interface CliInvocation {
  /** `pad-lattice` when it is on PATH, else `node /abs/…/dist/src/cli/bin.js`. */
  readonly command: string;
  /** Null when it is on PATH; else one sentence saying how to put it there. */
  readonly putOnPath: string | null;
}

/**
 * The program as it can really be run here. Hints that say `pad-lattice …`
 * answer "command not found" when it was started from a checkout (`npm
 * start`, `node dist/src/cli/bin.js`) that was never installed.
 */
export function cliInvocation(env: NodeJS.ProcessEnv, root: string = PACKAGE_ROOT): CliInvocation {
  if (findOnPath('pad-lattice', env) !== null) return { command: 'pad-lattice', putOnPath: null };
  return {
    command: quote(['node', join(root, 'dist', 'src', 'cli', 'bin.js')]),
    putOnPath: `'pad-lattice' is not on PATH; to type it as 'pad-lattice', run 'npm install -g .' (or 'npm link') in ${quote([root])}`,
  };
}
