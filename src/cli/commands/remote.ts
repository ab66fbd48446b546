import { loadSoPeerCred } from '../../unix-socket/so-peercred.js';
import { hostNameFromDestination, hostNameProblem } from '../../remote/host-namespace.js';
import { relayDirectory } from '../../remote/private-directory.js';
import type { RemoteEvent } from '../../remote/remote-events.js';
import { DEFAULT_BACKOFF, MISSED_BEATS, RemoteLinkError, runRemoteLink } from '../../remote/remote-link.js';
import { remoteDirectoryArgument } from '../../remote/ssh-command.js';
import { stringifyJsonSafely } from '../../support/untrusted-text.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { withDaemon } from '../daemon-errors.js';
import { SOCKET_HELP, SOCKET_OPTION, clientFor } from '../daemon-options.js';
import { interruptSignal } from '../interrupt.js';
import { parseCommandArgs } from '../parse-args.js';
import { describeRemoteEvent } from '../remote-text.js';

const DEFAULT_REMOTE_DIR = '.pad-lattice';
const DEFAULT_KEEPALIVE_SECONDS = 5;

const HELP = `Usage: pad-lattice remote HOST [options] [-- SSH_OPTIONS…]

Shows agents that run on HOST (a dev box, a cloud VM, WSL, a container with
sshd) on this computer's pad, over an SSH connection you already trust.
OpenSSH forwards a private socket on HOST (in a folder only your account
there can enter) to this daemon; on HOST, 'pad-lattice claude', 'codex',
'send-state' or any Wire Protocol 1 client use it through
PAD_LATTICE_SOCKET. The command prints the line to use and keeps the link up
until Ctrl-C, reconnecting with growing pauses (1 s up to 30 s) when it drops.

The pad shows those sessions with " @NAME" after their label; their ids are
kept apart from this computer's and every other host's, so equal session
ids never collide. When the link drops (ssh ends, or HOST stays silent for
${MISSED_BEATS} keepalive intervals) or the command stops, every session that
came from HOST leaves the pad, with or without a lease, and no press reaches
HOST. Once the link returns, agents holding a lease ('pad-lattice claude',
'codex') come back by themselves; one-shot reporters ('send-state', hooks,
the reference client) show again with their next report. The drop message
says why the link ended: ssh's exit status or signal (with its last words),
or the missed heartbeats. Anyone who can use your account on HOST can put
sessions on your pad and receive the presses meant for them.

Options:
  --name NAME            how the pad names HOST (default: HOST without user@ and
                         port, up to the first dot); one link per name
  --remote-dir DIR       folder on HOST for the socket, made with mode 0700
                         (default: ${DEFAULT_REMOTE_DIR} in the remote home folder)
  --keepalive SECONDS    heartbeat interval, whole seconds (default: ${DEFAULT_KEEPALIVE_SECONDS})
  --ssh BIN              the ssh executable (default: ssh)
${SOCKET_HELP}
  --json                 one JSON object per event on stdout: {"event":"connecting"|
                         "connected"|"dropped"|"connect_failed"|"action_dropped"|
                         "daemon_unreachable"|"daemon_reachable"|"relay_error"|
                         "sessions_not_ended", …}
  -h, --help

Everything after '--' goes to ssh before HOST (e.g. -- -p 2222 -i ~/.ssh/dev).
Use key authentication: ssh connects twice per link (setup, then forward).

Exit status: 0 after Ctrl-C, 1 when the first connection fails or the name
is taken, 2 for a usage error, 3 when no daemon is running here.
`;

export const remoteCommand: Command = {
  name: 'remote',
  summary: 'Show agents of another machine on this pad, over SSH',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const split = args.indexOf('--');
    const own = split === -1 ? args : args.slice(0, split);
    const sshArgs = split === -1 ? [] : args.slice(split + 1);
    const { values, positionals } = parseCommandArgs(
      own,
      {
        ...SOCKET_OPTION,
        name: { type: 'string' },
        'remote-dir': { type: 'string', default: DEFAULT_REMOTE_DIR },
        keepalive: { type: 'string' },
        ssh: { type: 'string', default: 'ssh' },
        json: { type: 'boolean', default: false },
      },
      true,
    );
    const destination = hostArgument(positionals);
    const name = values.name ?? hostNameFromDestination(destination);
    if (name === null) throw new UsageError(`no name can be made from ${JSON.stringify(destination)}; give one with --name`);
    const nameProblem = hostNameProblem(name);
    if (nameProblem !== null) throw new UsageError(`--name ${nameProblem}`);
    const remoteDir = remoteDirectoryArgument(values['remote-dir']);
    if ('problem' in remoteDir) throw new UsageError(`--remote-dir ${remoteDir.problem}`);
    const keepaliveSeconds = wholeSeconds(values.keepalive);
    if (values.ssh === '') throw new UsageError('--ssh must not be empty');
    const client = clientFor(values, io);
    const report = reporter(io, values.json === true);

    return withDaemon(io, 'remote', async () => {
      // A link to a pad that is not there helps nobody: say so now (exit 3).
      await client.ping();
      const interrupt = interruptSignal();
      try {
        await runRemoteLink({
          target: { ssh: values.ssh, destination, sshArgs },
          remoteDir: remoteDir.dir,
          name,
          keepaliveSeconds,
          daemonSocket: client.socketPath,
          relayDirectory: relayDirectory(io.env, process.getuid?.() ?? 0),
          peerCredentials: loadSoPeerCred(),
          backoff: DEFAULT_BACKOFF,
          report,
          signal: interrupt.signal,
        });
        return EXIT.ok;
      } catch (error) {
        if (!(error instanceof RemoteLinkError)) throw error;
        io.stderr.write(`pad-lattice remote: ${error.message}\n`);
        return EXIT.failure;
      } finally {
        interrupt.release();
      }
    });
  },
};

function hostArgument(positionals: readonly string[]): string {
  const [host, ...extra] = positionals;
  if (host === undefined) throw new UsageError('a HOST is required (an ssh destination such as devbox or user@devbox)');
  if (extra.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}; ssh options go after '--'`);
  if (host === '' || host.startsWith('-')) throw new UsageError(`HOST must be an ssh destination, got ${JSON.stringify(host)}`);
  return host;
}

function wholeSeconds(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_KEEPALIVE_SECONDS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 3600)
    throw new UsageError(`--keepalive must be whole seconds from 1 to 3600, got ${JSON.stringify(raw)}`);
  return value;
}

/** Events as JSON lines on stdout (--json), or as sentences on stderr. */
function reporter(io: CliIo, json: boolean): (event: RemoteEvent) => void {
  return json ? (event) => io.stdout.write(`${stringifyJsonSafely(event)}\n`) : (event) => io.stderr.write(`${describeRemoteEvent(event)}\n`);
}
