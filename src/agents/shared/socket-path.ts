import { statSync } from 'node:fs';
// The wire module alone: the light hook entry must not load the whole client on its no-daemon path.
import { defaultSocketPath } from '../../unix-socket/socket-path.js';

/**
 * The socket a hook talks to (agent-adapters.md §1.2): the launcher's
 * `PAD_LATTICE_SOCKET` wins over the hook's own `--socket`; an empty variable
 * counts as unset (the reference's empty-string quirk is not replicated).
 * Without either, the wire-protocol-1.md §2 default.
 */
export function hookSocketPath(env: NodeJS.ProcessEnv, socketOption: string | undefined): string {
  const fromLauncher = env['PAD_LATTICE_SOCKET'];
  if (fromLauncher !== undefined && fromLauncher !== '') return fromLauncher;
  if (socketOption !== undefined && socketOption !== '') return socketOption;
  return defaultSocketPath(env);
}

/** The socket of a launcher or `codex-exec`: `--socket` as given, else the wire-protocol-1.md §2 default. */
export function launcherSocketPath(env: NodeJS.ProcessEnv, socketOption: string | undefined): string {
  return socketOption !== undefined && socketOption !== '' ? socketOption : defaultSocketPath(env);
}

/** True when `path` (symlinks followed) is a Unix socket right now: the hook's cheap "is a daemon there" check. */
export function isUnixSocket(path: string): boolean {
  try {
    return statSync(path).isSocket();
  } catch {
    return false;
  }
}
