import { homedir } from 'node:os';
import { join } from 'node:path';

const STORE_RELATIVE_PATH = join('pad-lattice', 'identities.json');

/** Expands a leading `~` or `~/` (the current user only; `~name` stays literal). */
function expandHome(path: string, homeDir: string): string {
  if (path === '~') return homeDir;
  if (path.startsWith('~/')) return join(homeDir, path.slice(2));
  return path;
}

/**
 * Default location of the accent store (control-plane.md §15.1):
 * `$XDG_STATE_HOME/pad-lattice/identities.json` when that variable is set and
 * non-empty, else `~/.local/state/pad-lattice/identities.json`. The home
 * directory comes from `HOME`, falling back to the account database.
 */
export function defaultAccentStorePath(env: Readonly<Record<string, string | undefined>> = process.env, homeDir: string = env['HOME'] || homedir()): string {
  const stateHome = env['XDG_STATE_HOME'];
  const base = stateHome ? expandHome(stateHome, homeDir) : join(homeDir, '.local', 'state');
  return join(base, STORE_RELATIVE_PATH);
}
