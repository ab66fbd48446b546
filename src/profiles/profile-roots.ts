import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter as platformDelimiter, join } from 'node:path';
import { PACKAGE_ROOT } from '../support/package-info.js';

/** The packaged built-in profiles; PACKAGE_ROOT resolves the same from src/ (tests) and dist/. */
export const BUILTIN_PROFILE_ROOT = join(PACKAGE_ROOT, 'profiles');

/** What decides where user profiles live; injected so tests never read the real home. */
export interface UserRootsEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  /** Path-list separator of PAD_LATTICE_PROFILE_PATH (`:` on POSIX, `;` on Windows). */
  readonly delimiter?: string;
}

function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(home, path.slice(2));
  return path;
}

/**
 * The user profile roots, in load order (spec §7.1): `$XDG_CONFIG_HOME/pad-lattice/profiles`
 * when XDG_CONFIG_HOME is set and non-empty, otherwise `~/.config/pad-lattice/profiles`
 * (one or the other, never both), then every non-empty PAD_LATTICE_PROFILE_PATH entry.
 */
export function userProfileRoots({ env, home, delimiter = platformDelimiter }: UserRootsEnvironment): string[] {
  const xdg = env['XDG_CONFIG_HOME'];
  const configHome = xdg !== undefined && xdg !== '' ? expandHome(xdg, home) : join(home, '.config');
  const roots = [join(configHome, 'pad-lattice', 'profiles')];
  for (const entry of (env['PAD_LATTICE_PROFILE_PATH'] ?? '').split(delimiter)) {
    if (entry !== '') roots.push(expandHome(entry, home));
  }
  return roots;
}

export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Every `*.json` entry at any depth below `root` that is not a folder,
 * sorted by full path; [] when the root is not a directory. Hidden entries
 * (editor swap and lock files) are skipped, and so are directories whose
 * names end in `.json`. Links, FIFOs and devices are listed: reading them
 * (readProfileText) refuses what is not a regular file, with a message,
 * rather than leaving them out in silence.
 */
export async function listProfileFiles(root: string): Promise<string[]> {
  if (!(await isDirectory(root))) return [];
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.json') && !(await isDirectory(path))) files.push(path);
    }
  };
  await walk(root);
  return files.sort();
}
/** The home directory as an environment says, so tests can point it at a temporary folder. */
export function homeFrom(env: Readonly<Record<string, string | undefined>>): string {
  return env['HOME'] || env['USERPROFILE'] || homedir();
}

/** The user profile roots of a process environment. */
export function userRootsOf(env: Readonly<Record<string, string | undefined>>): string[] {
  return userProfileRoots({ env, home: homeFrom(env) });
}
