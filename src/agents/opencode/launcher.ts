import { createServer } from 'node:net';
import { hex32 } from '../shared/hex32.js';
import { leasedRunExtras, type LauncherContext } from '../shared/launcher-context.js';
import { launcherChildEnv, leaseMetadata, runLeasedChild } from '../shared/leased-run.js';
import { LauncherUsageError, parseLauncherArgs, type LauncherOptions } from '../shared/launcher-options.js';
import { noteOnStderr } from '../shared/never-harm.js';
import { placeholderIdentity } from '../shared/placeholder.js';
import { launcherSocketPath } from '../shared/socket-path.js';
import { OPENCODE_BACKEND, OpencodeBridge } from './bridge.js';
import { OpencodeServer } from './server.js';

/** opencode's own subcommands: everything but the TUI runs without the server the bridge talks to. */
const SUBCOMMANDS = new Set([
  'acp',
  'agent',
  'attach',
  'auth',
  'completion',
  'db',
  'debug',
  'export',
  'github',
  'import',
  'mcp',
  'models',
  'plug',
  'plugin',
  'pr',
  'providers',
  'run',
  'serve',
  'session',
  'stats',
  'uninstall',
  'upgrade',
  'web',
]);

/** The TUI's server options the launcher sets itself. */
const SERVER_OPTIONS = ['--port', '--hostname', '--mdns'];

/** What the launcher takes from its process. */
export type OpencodeLauncherContext = LauncherContext;

/**
 * `pad-lattice opencode [options] [--] [opencode args…]`: starts the opencode
 * TUI with its server on a loopback port of the launcher's choosing, behind
 * a password, and bridges that server to the pad (bridge.ts) while holding
 * the session lease. Nothing is installed and no hook is needed. Returns
 * opencode's exit status, 2 for a usage error, 1 when the launch fails.
 */
export async function runOpencodeLauncher(args: readonly string[], context: OpencodeLauncherContext): Promise<number> {
  let options: LauncherOptions;
  try {
    options = parseLauncherArgs(args, 'opencode');
    checkOpencodeArgs(options.agentArgs);
  } catch (error) {
    if (!(error instanceof LauncherUsageError)) throw error;
    noteOnStderr(context.stderr, error.message);
    return 2;
  }
  const socket = launcherSocketPath(context.env, options.socket);
  const port = await freeLoopbackPort();
  const password = nonEmpty(context.env['OPENCODE_SERVER_PASSWORD']) ?? hex32();
  const server = new OpencodeServer(`http://127.0.0.1:${port}`, password, nonEmpty(context.env['OPENCODE_SERVER_USERNAME']) ?? 'opencode');
  const leaseId = hex32();
  const placeholder = placeholderIdentity(OPENCODE_BACKEND, leaseId);
  const metadata = leaseMetadata(context.cwd, options.label);
  const bridge = OpencodeBridge.start({ server, socketPath: socket, leaseId, placeholder, metadata, approvalTimeoutSeconds: options.approvalTimeout });
  const env = launcherChildEnv(context.env, { leaseId, socket, label: options.label });
  env['OPENCODE_SERVER_PASSWORD'] = password;
  if (options.terminalTitle) env['OPENCODE_DISABLE_TERMINAL_TITLE'] = '1';
  try {
    return await runLeasedChild({
      socketPath: socket,
      leaseId,
      metadata,
      agent: placeholder,
      command: options.agentBin,
      executableOption: '--opencode',
      args: ['--port', String(port), '--hostname', '127.0.0.1', ...options.agentArgs],
      env,
      unavailableNote: 'daemon unavailable; opencode will start (approvals stay in the terminal) and the lease will retry',
      stderr: context.stderr,
      ...leasedRunExtras(context, options.terminalTitle),
    });
  } finally {
    await bridge.close();
  }
}

function checkOpencodeArgs(opencodeArgs: readonly string[]): void {
  const first = opencodeArgs[0];
  if (first !== undefined && SUBCOMMANDS.has(first)) {
    throw new LauncherUsageError(`pad-lattice opencode runs opencode's terminal UI; run 'opencode ${first}' on its own`);
  }
  const taken = opencodeArgs.find((arg) => SERVER_OPTIONS.some((option) => arg === option || arg.startsWith(`${option}=`)));
  if (taken !== undefined)
    throw new LauncherUsageError(`${taken.split('=')[0]} cannot be combined with pad-lattice opencode: it chooses the TUI's server port itself`);
}

/** A TCP port free on 127.0.0.1 right now, for the TUI's server (the kernel picks it). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}
