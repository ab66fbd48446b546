import { setTimeout as sleep } from 'node:timers/promises';
import { effectiveUid, type PeerCredentialSource } from '../daemon/socket/index.js';
import type { ActionMessage } from '../wire/index.js';
import { DaemonUnavailableError } from '../client/index.js';
import { errorMessage } from '../support/error-message.js';
import { HostNamespace } from './host-namespace.js';
import { endHostSessions } from './host-sessions.js';
import { LinkWatch } from './link-watch.js';
import { ensureRelayDirectory } from './private-directory.js';
import type { RemoteEvent } from './remote-events.js';
import { RelayServer } from './relay-server.js';
import {
  ALIVE_LINE,
  READY_LINE,
  REMOTE_SOCKET_NAME,
  SSHD_LINE,
  forwardCommand,
  parseSetupOutput,
  plainPath,
  setupCommand,
  type SetupResult,
  type SshTarget,
} from './ssh-command.js';
import { runSsh, type SshExit, type SshProcess } from './ssh-process.js';

/** Missed heartbeats after which the link counts as dropped (as ssh's own ServerAliveCountMax). */
export const MISSED_BEATS = 3;
/** Longest socket path a remote host surely accepts (macOS: 104 bytes with the NUL; Linux: 108). */
const MAX_REMOTE_SOCKET_BYTES = 103;
const MAX_LOCAL_SOCKET_BYTES = 107;

export interface Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = Object.freeze({ initialMs: 1_000, maxMs: 30_000 });

export interface RemoteLinkOptions {
  readonly target: SshTarget;
  /** The remote folder (see remoteDirectoryArgument). */
  readonly remoteDir: string;
  /** How the pad names the host (see hostNameFromDestination for the default). */
  readonly name: string;
  readonly keepaliveSeconds: number;
  readonly daemonSocket: string;
  /** The private folder for the relay socket (created 0700 if missing). */
  readonly relayDirectory: string;
  readonly peerCredentials: PeerCredentialSource;
  readonly backoff: Backoff;
  readonly report: (event: RemoteEvent) => void;
  /** Aborting ends the link and the relay; runRemoteLink then resolves. */
  readonly signal: AbortSignal;
  /** Monotonic milliseconds; injectable for tests. */
  readonly now?: () => number;
}

/** A failure the user must fix (the first connection failed, the name is taken …): the command exits 1. */
export class RemoteLinkError extends Error {
  override readonly name = 'RemoteLinkError';
}

/** One attempt failed; later attempts may succeed. */
class AttemptError extends Error {}

interface OpenLink {
  readonly ssh: SshProcess;
  readonly remoteSocket: string;
  /** The remote sshd serving the link, when the remote script could tell. */
  readonly remoteSshd: number | null;
}

/**
 * Keeps the SSH link up until `signal` aborts: start the relay (once, so a
 * name already in use fails before any ssh runs), set up the remote folder,
 * forward the remote socket to the relay, then watch the
 * heartbeat. When the link drops — ssh ends, or the heartbeat stops for
 * MISSED_BEATS intervals — every relayed connection is closed at once, so
 * the daemon forgets the host's subscriptions and ends its leased sessions,
 * then every other session of the host is ended too, and the link is tried
 * again with a doubling pause; stopping the link does the same. The first
 * connection must succeed (a typo in HOST fails fast); after that, failures
 * only retry.
 */
export async function runRemoteLink(options: RemoteLinkOptions): Promise<void> {
  const now = options.now ?? (() => performance.now());
  const watch = new LinkWatch(MISSED_BEATS * options.keepaliveSeconds * 1000, now);
  // Claimed before any ssh runs: a second link for the same name must not touch the remote folder.
  const namespace = new HostNamespace(options.name);
  const relay = await startRelay(options, namespace, watch).catch((error: unknown) => {
    throw error instanceof RemoteLinkError ? error : new RemoteLinkError(errorMessage(error));
  });
  let connectedBefore = false;
  /** The remote sshd of the link we last gave up on; the next setup ends it if it still runs. */
  let staleSshd: number | null = null;
  let delayMs = options.backoff.initialMs;
  const nextDelay = () => {
    const current = delayMs;
    delayMs = Math.min(delayMs * 2, options.backoff.maxMs);
    return current;
  };
  try {
    for (let attempt = 1; !options.signal.aborted; attempt += 1) {
      options.report({ event: 'connecting', destination: options.target.destination, attempt });
      let link: OpenLink;
      try {
        const setup = await setUp(options, staleSshd);
        staleSshd = null;
        link = await openForward(options, setup, relay.path, watch);
      } catch (error) {
        if (options.signal.aborted) break;
        if (!connectedBefore || !(error instanceof AttemptError)) throw error instanceof RemoteLinkError ? error : new RemoteLinkError(errorMessage(error));
        const retryMs = nextDelay();
        options.report({ event: 'connect_failed', destination: options.target.destination, reason: error.message, retry_in_seconds: retryMs / 1000 });
        await pause(retryMs, options.signal);
        continue;
      }
      options.report({
        event: 'connected',
        destination: options.target.destination,
        host: relay.host,
        remote_socket: link.remoteSocket,
        relay_socket: relay.path,
        ssh_pid: link.ssh.pid,
        reconnected: connectedBefore,
      });
      connectedBefore = true;
      delayMs = options.backoff.initialMs;
      const reason = await untilDropped(link.ssh, watch, options);
      watch.down();
      staleSshd = link.remoteSshd;
      // The daemon must see the host's connections close now, not whenever ssh gets round to it.
      relay.closeConnections();
      // Before any retry, so no ending can reach a session that a new link already brought back.
      await takeSessionsOff(options, namespace);
      if (options.signal.aborted) break;
      const retryMs = nextDelay();
      options.report({ event: 'dropped', host: relay.host, reason, retry_in_seconds: retryMs / 1000 });
      await pause(retryMs, options.signal);
    }
  } finally {
    await relay.close();
    if (connectedBefore) await takeSessionsOff(options, namespace);
  }
}

/** Ends every session of the host on the daemon (see host-sessions.ts); a daemon that is not running has none. */
async function takeSessionsOff(options: RemoteLinkOptions, namespace: HostNamespace): Promise<void> {
  try {
    await endHostSessions(options.daemonSocket, namespace);
  } catch (error) {
    if (error instanceof DaemonUnavailableError) return;
    options.report({ event: 'sessions_not_ended', host: namespace.host, reason: errorMessage(error) });
  }
}

/** Runs the setup script; its result names the remote folder. */
async function setUp(options: RemoteLinkOptions, staleSshd: number | null): Promise<SetupResult> {
  const lines: string[] = [];
  const command = setupCommand(options.target, options.remoteDir, staleSshd);
  const ssh = runSsh(options.target.ssh, command, (line) => lines.length < 1_000 && lines.push(line), false);
  const exit = await killOnAbort(ssh, options.signal);
  if (exit.code !== 0) throw new AttemptError(`setting up ${options.remoteDir} on ${options.target.destination} failed: ${exit.reason}`);
  const setup = parseSetupOutput(lines.join('\n'));
  if (setup === null) {
    throw new AttemptError(`${options.target.destination} did not run the setup script; the account must allow commands and have /bin/sh`);
  }
  const socket = `${setup.dir}/${REMOTE_SOCKET_NAME}`;
  if (!plainPath(setup.dir) || Buffer.byteLength(socket) > MAX_REMOTE_SOCKET_BYTES) {
    throw new RemoteLinkError(
      `the remote socket path ${JSON.stringify(socket)} is too long or has unusual characters; choose a short plain --remote-dir such as /tmp/pl-$USER`,
    );
  }
  return setup;
}

async function startRelay(options: RemoteLinkOptions, namespace: HostNamespace, watch: LinkWatch): Promise<RelayServer> {
  const { host } = namespace;
  await ensureRelayDirectory(options.relayDirectory, effectiveUid());
  const path = `${options.relayDirectory}/${host}.sock`;
  if (Buffer.byteLength(path) > MAX_LOCAL_SOCKET_BYTES || path.includes(':')) {
    throw new RemoteLinkError(`the relay socket path ${JSON.stringify(path)} is too long or holds ":"; set XDG_RUNTIME_DIR to a short folder`);
  }
  const admitAction = (action: ActionMessage): boolean => {
    if (watch.live) return true;
    options.report({
      event: 'action_dropped',
      host,
      action: action.action,
      agent: { backend: namespace.outward(action.agent).backend, session_id: action.agent.sessionId },
      silent_seconds: Math.round(watch.silentMs() / 1000),
    });
    return false;
  };
  return RelayServer.start({
    path,
    daemonSocket: options.daemonSocket,
    namespace,
    peerCredentials: options.peerCredentials,
    link: watch,
    admitAction,
    onDaemonReachable: (reachable, error) =>
      options.report(
        reachable
          ? { event: 'daemon_reachable', socket: options.daemonSocket }
          : { event: 'daemon_unreachable', socket: options.daemonSocket, reason: errorMessage(error) },
      ),
    onError: (error) => options.report({ event: 'relay_error', reason: errorMessage(error) }),
  });
}

/** Starts the forwarding ssh and resolves once the remote script says the socket is bound. */
function openForward(options: RemoteLinkOptions, setup: SetupResult, relaySocket: string, watch: LinkWatch): Promise<OpenLink> {
  const remoteSocket = `${setup.dir}/${REMOTE_SOCKET_NAME}`;
  return new Promise((resolve, reject) => {
    let ready = false;
    let remoteSshd: number | null = null;
    const ssh = runSsh(
      options.target.ssh,
      forwardCommand(options.target, remoteSocket, relaySocket, options.keepaliveSeconds),
      (line) => {
        if (line.startsWith(SSHD_LINE) && !ready) {
          remoteSshd = processId(line.slice(SSHD_LINE.length));
        } else if (line === READY_LINE && !ready) {
          ready = true;
          // From here on, ssh's last message is about this link, not about connecting.
          ssh.forgetMessages();
          watch.beat();
          resolve({ ssh, remoteSocket, remoteSshd });
        } else if (line === ALIVE_LINE) {
          watch.beat();
        }
      },
      true,
    );
    void killOnAbort(ssh, options.signal).then((exit) => {
      if (!ready) reject(new AttemptError(`forwarding ${remoteSocket} on ${options.target.destination} failed: ${exit.reason}`));
    });
  });
}

function processId(text: string): number | null {
  const id = Number(text);
  return /^[0-9]{1,10}$/.test(text) && id > 1 ? id : null;
}

/** Resolves with why the link ended: ssh's exit, or a heartbeat that stopped (then ssh is ended here). */
async function untilDropped(ssh: SshProcess, watch: LinkWatch, options: RemoteLinkOptions): Promise<string> {
  let silence: string | null = null;
  const check = setInterval(
    () => {
      if (watch.live) return;
      silence = `no word from the host for ${Math.round(watch.silentMs() / 1000)} s`;
      ssh.kill();
    },
    Math.min(1_000, (options.keepaliveSeconds * 1000) / 2),
  );
  try {
    const exit = await killOnAbort(ssh, options.signal);
    return silence ?? exit.reason;
  } finally {
    clearInterval(check);
  }
}

/** ssh's exit; aborting `signal` ends it first. */
async function killOnAbort(ssh: SshProcess, signal: AbortSignal): Promise<SshExit> {
  const kill = () => ssh.kill();
  signal.addEventListener('abort', kill, { once: true });
  if (signal.aborted) kill();
  try {
    return await ssh.exited;
  } finally {
    signal.removeEventListener('abort', kill);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return sleep(ms, undefined, { signal }).catch(() => undefined);
}
