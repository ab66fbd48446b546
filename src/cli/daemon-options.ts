import { PadLatticeClient } from '../client/index.js';
import { AGENT_STATES, isAgentState, makeIdentity, type AgentIdentity, type AgentState } from '../domain/index.js';
import { UsageError, type CliIo } from './command.js';
import { numberOption } from './parse-args.js';

/**
 * Options shared by the commands that talk to a running daemon. The names and
 * defaults are the reference CLI's, so scripts written for it keep working.
 */
export const SOCKET_OPTION = { socket: { type: 'string' } } as const;

export const AGENT_OPTIONS = {
  backend: { type: 'string', default: 'local' },
  'session-id': { type: 'string', default: 'default' },
} as const;

export const SOCKET_HELP =
  '  --socket PATH        daemon socket (default: $PAD_LATTICE_SOCKET, else $XDG_RUNTIME_DIR/pad-lattice.sock,\n                       else /tmp/pad-lattice-<uid>/pad-lattice.sock)';

export const AGENT_HELP = `  --backend NAME       agent backend of the identity (default: local)
  --session-id ID      agent session id of the identity (default: default)`;

export const DAEMON_EXIT_HELP = 'Exit status: 0 ok, 1 failure (daemon error or timeout), 2 usage error, 3 no daemon is running.';

/** A client for `--socket` (or the default path from the command's environment). */
export function clientFor(values: { socket?: string | undefined }, io: CliIo, timeoutSeconds?: number): PadLatticeClient {
  if (values.socket === '') throw new UsageError('--socket must not be empty');
  return new PadLatticeClient({
    socketPath: values.socket,
    env: io.env,
    timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
  });
}

export function identityFrom(values: { backend?: string | undefined; 'session-id'?: string | undefined }): AgentIdentity {
  const backend = values.backend ?? 'local';
  const sessionId = values['session-id'] ?? 'default';
  if (backend === '') throw new UsageError('--backend must not be empty');
  if (sessionId === '') throw new UsageError('--session-id must not be empty');
  return makeIdentity(backend, sessionId);
}

/** The single STATE positional of send-state / hook-state. */
export function stateArgument(positionals: readonly string[]): AgentState {
  const [state, ...extra] = positionals;
  if (state === undefined) throw new UsageError(`a STATE is required: ${AGENT_STATES.join(', ')}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  if (!isAgentState(state)) throw new UsageError(`unknown state ${JSON.stringify(state)}; expected one of ${AGENT_STATES.join(', ')}`);
  return state;
}

/** A strictly positive seconds option (`--interval`, `--hold`, `--timeout`). */
export function positiveSeconds(flag: string, raw: string | undefined, fallback: number): number {
  const value = numberOption(flag, raw, fallback);
  if (!(value > 0)) throw new UsageError(`${flag} must be a positive number of seconds, got ${JSON.stringify(raw)}`);
  return value;
}
