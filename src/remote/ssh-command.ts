/**
 * The two OpenSSH invocations behind `pad-lattice remote` and the POSIX sh
 * they run on the remote host. Everything the remote shell sees is built
 * here, from a folder name limited to a plain alphabet, so no quoting of
 * user text is ever needed (the remote login shell may be sh, bash, zsh,
 * fish or csh; all of them pass a single-quoted string without \ or ' on
 * unchanged).
 */

/** The forwarded socket's file name inside the remote folder. */
export const REMOTE_SOCKET_NAME = 'pad-lattice.sock';
/** Lines the remote scripts print, so they can be told from anything a login script prints. */
const MARK = 'pad-lattice-remote';
export const READY_LINE = `${MARK} ready`;
export const ALIVE_LINE = `${MARK} alive`;
/** Followed by the process id of the remote sshd that serves the link (or nothing when ps could not tell). */
export const SSHD_LINE = `${MARK} sshd=`;

export interface SshTarget {
  /** The ssh executable. */
  readonly ssh: string;
  /** HOST as given: an ssh_config alias, host name or user@host. */
  readonly destination: string;
  /** The user's own ssh options (after `--`), placed after ours: ssh takes the first value of each option. */
  readonly sshArgs: readonly string[];
}

const REMOTE_DIR = /^[A-Za-z0-9._+/-]{1,200}$/;

/** True when a path can go into the remote command line and an `-R` spec as it is. */
export function plainPath(path: string): boolean {
  return REMOTE_DIR.test(path);
}

/**
 * The remote folder as the scripts use it: `~/x` becomes `x` (a remote
 * command starts in the home folder), and only a plain alphabet is allowed.
 * Returns the problem when there is one.
 */
export function remoteDirectoryArgument(dir: string): { dir: string } | { problem: string } {
  const relative = dir.startsWith('~/') ? dir.slice(2) : dir;
  if (!REMOTE_DIR.test(relative)) return { problem: 'may hold only letters, digits and . _ + / - (at most 200), optionally after ~/' };
  return { dir: relative };
}

/** Options for both connections: a connection of our own whose end we see, and a bounded connect. */
const COMMON_OPTIONS = ['-T', '-o', 'ControlMaster=no', '-o', 'ControlPath=none', '-o', 'ConnectTimeout=15'];

/**
 * The setup connection: creates the folder (mode 0700, refused when it
 * belongs to someone else), removes a socket left by an earlier link (sshd
 * does not, and its StreamLocalBindUnlink is off by default), and prints the
 * folder's physical path.
 *
 * `staleSshd` is the remote sshd of our previous link, which we gave up on.
 * After a stall it may still be alive on the remote host and hold the
 * connections of agents there, which would then wait on a dead link instead
 * of reconnecting through the new one; so it is ended, but only if that
 * process id still is an sshd serving a command without a terminal, as ours
 * did (a reused id is left alone).
 */
export function setupCommand(target: SshTarget, remoteDir: string, staleSshd: number | null): string[] {
  const script = [
    'umask 077',
    'stale=$2',
    'mkdir -p -- "$1" || exit 10',
    'cd -- "$1" || exit 10',
    'set -- $(ls -ldn .)',
    `[ "$3" = "$(id -u)" ] || { echo "pad-lattice: $(pwd -P) belongs to another user" >&2; exit 11; }`,
    'chmod 700 . || exit 11',
    'if [ -n "$stale" ]; then case "$(ps -o args= -p "$stale" 2>/dev/null)" in sshd*@notty*) kill -9 "$stale" 2>/dev/null;; esac; fi',
    `rm -f -- ${REMOTE_SOCKET_NAME}`,
    `echo "${MARK} dir=$(pwd -P)"`,
  ].join('; ');
  const stale = staleSshd === null ? '' : ` ${staleSshd}`;
  return [...COMMON_OPTIONS, ...target.sshArgs, '--', target.destination, `/bin/sh -c '${script}' ${MARK} ${remoteDir}${stale}`];
}

/**
 * The forwarding connection. `-R` binds the remote socket to the local relay;
 * ExitOnForwardFailure ends ssh when the bind fails, before the script runs.
 * (The client's StreamLocalBindUnlink does not apply to `-R`: only the
 * server's does, hence the clean-up in the setup script.)
 * The script confirms the socket exists, prints READY, then ALIVE every
 * `keepaliveSeconds` so the relay can tell a live link from a silent one; it
 * reads stdin so that the remote side ends as soon as our ssh's stdin closes
 * (also when this process is killed), and then ends its whole process group.
 */
export function forwardCommand(target: SshTarget, remoteSocket: string, relaySocket: string, keepaliveSeconds: number): string[] {
  // The nearest sshd above this shell serves the link; the next setup may have to end it (see setupCommand).
  const findSshd =
    'p=$PPID; for i in 1 2 3; do case "$(ps -o args= -p "$p" 2>/dev/null)" in sshd*) break;; esac; ' +
    'p=$(ps -o ppid= -p "$p" 2>/dev/null | tr -d " "); [ -n "$p" ] || break; done';
  const beat = `{ while sleep ${keepaliveSeconds}; do echo "${ALIVE_LINE}" || exit; done; }`;
  const script = `[ -S "$1" ] || exit 12; ${findSshd}; echo "${SSHD_LINE}$p"; echo "${READY_LINE}"; ${beat} & cat >/dev/null; kill 0`;
  return [
    ...COMMON_OPTIONS,
    '-o',
    'ExitOnForwardFailure=yes',
    '-o',
    `ServerAliveInterval=${keepaliveSeconds}`,
    '-o',
    'ServerAliveCountMax=3',
    '-R',
    `${remoteSocket}:${relaySocket}`,
    ...target.sshArgs,
    '--',
    target.destination,
    `/bin/sh -c '${script}' ${MARK} ${remoteSocket}`,
  ];
}

export interface SetupResult {
  /** The folder's physical path on the remote host. */
  readonly dir: string;
}

/** The setup script's line, wherever a login script put other output around it; null when missing. */
export function parseSetupOutput(stdout: string): SetupResult | null {
  const prefix = `${MARK} dir=`;
  const line = stdout.split('\n').findLast((candidate) => candidate.startsWith(prefix));
  const dir = line?.slice(prefix.length);
  return dir === undefined || !dir.startsWith('/') ? null : { dir };
}
