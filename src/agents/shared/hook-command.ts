import { realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { findOnPath } from '../../support/find-on-path.js';
import { formatLikePythonG, shellQuote } from './python-format.js';

/** Which agent a hook command serves; `codex` keeps the reference command line unchanged. */
export type HookAgent = 'codex' | 'claude';

/** The executable could not be found; the launcher prints `pad-lattice: <message>` and exits 1. */
export class ExecutableNotFoundError extends Error {
  override readonly name = 'ExecutableNotFoundError';
  constructor(readonly argv0: string) {
    super(`could not resolve Pad-Lattice executable: ${argv0}`);
  }
}

export interface HookCommandInput {
  /** The path the CLI was started as (`process.argv[1]` for the Node build). */
  readonly argv0: string;
  /** The `--socket` value (expanded, made absolute and symlink-resolved here). */
  readonly socketPath: string;
  /** Seconds, already validated positive. */
  readonly approvalTimeout: number;
  readonly agent: HookAgent;
  /** For `PATH` and `HOME`. */
  readonly env: NodeJS.ProcessEnv;
  /** Working directory against which relative paths resolve. */
  readonly cwd: string;
}

/**
 * The shell command an agent runs for every hook event (agent-adapters.md
 * §A.7.1, §B.8.3): the light `pad-lattice-hook` entry when it sits next to
 * the executable, otherwise `pad-lattice codex-hook` / `claude-hook`. The
 * result is deterministic for one executable, socket and timeout, because
 * Codex remembers hook trust per exact command.
 */
export function hookCommand(input: HookCommandInput): string {
  const invoked = findExecutable(input.argv0, input.env, input.cwd);
  const executable = realpathSync(invoked);
  const hook = hookSibling(executable) ?? hookSibling(invoked);
  const socket = shellQuote(resolveLenient(expandHome(input.socketPath, input.env), input.cwd));
  const tail = `--socket ${socket} --approval-timeout ${formatLikePythonG(input.approvalTimeout)}`;
  if (hook !== null) {
    const agentFlag = input.agent === 'codex' ? '' : ` --agent ${input.agent}`;
    return `${shellQuote(hook)}${agentFlag} ${tail}`;
  }
  return `${shellQuote(executable)} ${input.agent}-hook ${tail}`;
}

/** Seconds the agent gives one hook: the approval wait plus a margin, or 5 for a plain state report (§A.7.2). */
export function hookTimeoutSeconds(permissionRequest: boolean, approvalTimeout: number): number {
  return permissionRequest ? Math.ceil(approvalTimeout) + 5 : 5;
}

/** The started-as path if it is an existing file, else that name on PATH. */
function findExecutable(argv0: string, env: NodeJS.ProcessEnv, cwd: string): string {
  const direct = resolve(cwd, argv0);
  if (isFile(direct)) return direct;
  const onPath = argv0.includes('/') ? null : findOnPath(argv0, env, cwd);
  if (onPath !== null) return onPath;
  throw new ExecutableNotFoundError(argv0);
}

/**
 * `pad-lattice-hook` (`.exe` for a `.exe` executable) in the executable's
 * directory. The npm layout puts both bins side by side as symlinks, so the
 * launcher looks next to the resolved file and next to the path it was
 * started as; the command names the hook by its resolved path.
 */
function hookSibling(executable: string): string | null {
  const name = basename(executable).endsWith('.exe') ? 'pad-lattice-hook.exe' : 'pad-lattice-hook';
  const candidate = join(dirname(executable), name);
  if (!isFile(candidate)) return null;
  try {
    return realpathSync(candidate);
  } catch {
    return null;
  }
}

function expandHome(path: string, env: NodeJS.ProcessEnv): string {
  if (path !== '~' && !path.startsWith('~/')) return path;
  const home = env['HOME'] !== undefined && env['HOME'] !== '' ? env['HOME'] : homedir();
  return `${home}${path.slice(1)}`;
}

/** Like Python's `os.path.realpath`: resolves symlinks in the part that exists and keeps the missing rest. */
function resolveLenient(path: string, cwd: string): string {
  const absolute = isAbsolute(path) ? resolve(path) : resolve(cwd, path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    if (parent === absolute) return absolute;
    return join(resolveLenient(parent, cwd), basename(absolute));
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
