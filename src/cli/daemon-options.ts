import { PadLatticeClient } from '../client/index.js';
import { AGENT_STATES, isAgentState, makeIdentity, type AgentIdentity, type AgentState } from '../domain/index.js';
import { UsageError, type CliIo } from './command.js';
import { numberOption } from './parse-args.js';
import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS } from '../render/index.js';

/**
 * Options shared by the commands that talk to a running daemon. The names and
 * defaults are the reference CLI's, so scripts written for it keep working.
 */
export const SOCKET_OPTION = { socket: { type: 'string' } } as const;

export const AGENT_OPTIONS = {
  backend: { type: 'string', default: 'local' },
  'session-id': { type: 'string', default: 'default' },
} as const;

export const SOCKET_HELP = '  --socket PATH        daemon socket (default: $PAD_LATTICE_SOCKET, else $XDG_RUNTIME_DIR/pad-lattice.sock,\n                       else /tmp/pad-lattice-<uid>.sock)';

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

/** The daemon's MIDI controller options (parsed by `daemon`; see openControllers). */
export const DAEMON_MIDI_OPTIONS = {
  profile: { type: 'string' },
  'profile-file': { type: 'string' },
  input: { type: 'string' },
  output: { type: 'string' },
  'no-greeting': { type: 'boolean', default: false },
  'greeting-delay': { type: 'string' },
} as const;

export const DAEMON_MIDI_HELP = `Controllers:
  --profile ID            drive controllers of this profile (experimental ones too)
  --profile-file FILE     drive controllers of the profile in FILE
  --input NAME            the MIDI input port (as 'pad-lattice ports' lists it), or
                          file:PATH to read presses as hex lines from a file or FIFO
  --output NAME           the MIDI output port, or trace:PATH to write every message
                          as a hex line (trace:- = stdout); file:/trace: need --profile
  --no-greeting           skip the "${DEFAULT_GREETING}" scroll on new controllers
  --greeting-delay SEC    seconds per greeting frame (default ${DEFAULT_GREETING_DELAY_SECONDS})

Without --profile the daemon opens every controller that a supported profile,
or one checked against the manufacturer's documents, matches ('pad-lattice
devices' shows them). It looks again as soon as the system reports hardware
coming or going (and a few seconds later), and about once a second besides:
one plugged in later shows the current view at once, one unplugged is dropped
and repainted when it returns; several can run at once. Each controller gets
at most 60 frames a second, always the newest. Without any controller, or
without MIDI on the machine, the daemon keeps running.`;
