import { createConnection, type Socket } from 'node:net';
import { ERROR_CODES, ERROR_TEXTS, LineSplitter, encodeClientMessage, encodeServerMessage, type ActionMessage } from '../wire/index.js';
import { checkPeer, checkSocketBeforeConnecting } from '../client/server-check.js';
import type { HostNamespace } from './host-namespace.js';
import { towardDaemon, towardRemote } from './relay-translation.js';

const LF = '\n';
/** What the daemon itself answers to an unterminated line over the cap before it closes (wire-protocol-1.md §4.3). */
const OVERFLOW_LINE = encodeServerMessage({ type: 'error', code: ERROR_CODES.frameTooLarge, message: ERROR_TEXTS.frameTooLarge });

export interface RelayConnectionOptions {
  readonly daemonSocket: string;
  readonly namespace: HostNamespace;
  /** Asked for every `action` on its way out; false drops it (the link cannot be trusted to deliver it now). */
  readonly admitAction: (action: ActionMessage) => boolean;
  /** Whether the link delivers presses now: what the first line to the daemon says (see `announce`). */
  readonly linkLive: () => boolean;
  /** The daemon could not be reached for this connection (the remote client sees its connection close). */
  readonly onDaemonError: (error: Error) => void;
  readonly onDaemonConnected: () => void;
}

/**
 * One forwarded client: its own connection to the daemon, so leases,
 * subscriptions and previews keep their per-connection meaning. Lines are
 * passed on one by one through the host namespace; reading pauses while the
 * other side is not taking data, so a stuck peer cannot grow the relay's
 * memory beyond one line and one socket buffer each way. An end of stream
 * is passed on; a reset or error on either side closes both.
 */
export class RelayConnection {
  readonly #remote: Socket;
  readonly #daemon: Socket;
  readonly #options: RelayConnectionOptions;
  readonly #up = new LineSplitter();
  readonly #down = new LineSplitter();
  #connected = false;
  readonly closed: Promise<void>;

  constructor(remote: Socket, options: RelayConnectionOptions) {
    this.#remote = remote;
    this.#options = options;
    // Nothing is read from the client until the daemon side is there to take it.
    remote.pause();
    this.#daemon = createConnection({ path: options.daemonSocket, allowHalfOpen: true });
    this.#daemon.once('connect', () => {
      // The relay is a client of the daemon like any other: nothing from the remote host reaches a socket another user serves.
      try {
        checkSocketBeforeConnecting(options.daemonSocket);
        checkPeer(options.daemonSocket, this.#daemon);
      } catch (error) {
        options.onDaemonError(error as Error);
        this.destroy();
        return;
      }
      this.#connected = true;
      // First of all, the daemon learns whom this connection speaks for (it refuses anything else) and whether the link delivers.
      this.announce(options.linkLive());
      options.onDaemonConnected();
      remote.resume();
    });
    this.#daemon.once('error', (error) => {
      if (!this.#connected) options.onDaemonError(error);
    });
    this.closed = Promise.all([closedOf(remote), closedOf(this.#daemon)]).then(() => undefined);

    remote.on('data', (chunk: Buffer) => this.#fromRemote(chunk));
    this.#daemon.on('data', (chunk: Buffer) => this.#fromDaemon(chunk));
    remote.on('end', () => this.#daemon.end());
    this.#daemon.on('end', () => remote.end());
    for (const socket of [remote, this.#daemon]) socket.on('error', () => this.destroy());
    // A side that is gone for good takes the other with it once its last bytes are out.
    remote.on('close', () => this.#daemon.end());
    this.#daemon.on('close', () => remote.end());
  }

  /** Tells the daemon the link's state (a `relay` line); before the daemon connection is up, the first line will. */
  announce(live: boolean): void {
    if (this.#connected && !this.#daemon.destroyed) this.#daemon.write(encodeClientMessage({ type: 'relay', host: this.#options.namespace.host, live }));
  }

  /** Closes both sides at once, dropping what is still queued (the link or the relay went away). */
  destroy(): void {
    this.#remote.destroy();
    this.#daemon.destroy();
  }

  #fromRemote(chunk: Buffer): void {
    const usable = this.#up.push(chunk, (line) => {
      const relayed = towardDaemon(line, this.#options.namespace);
      if (typeof relayed === 'string' || Buffer.isBuffer(relayed)) this.#daemon.write(withLf(relayed));
      else this.#remote.write(withLf(relayed.refusal));
    });
    if (!usable) {
      this.#daemon.destroy();
      this.#remote.end(OVERFLOW_LINE);
      return;
    }
    holdWhileFull(this.#remote, this.#daemon);
  }

  #fromDaemon(chunk: Buffer): void {
    const usable = this.#down.push(chunk, (line) => {
      const relayed = towardRemote(line, this.#options.namespace);
      if (relayed.action !== null && !this.#options.admitAction(relayed.action)) return;
      this.#remote.write(withLf(relayed.line));
    });
    // The daemon never sends an unterminated line over the cap; if it does, the stream is not Wire Protocol 1.
    if (!usable) this.destroy();
    else holdWhileFull(this.#daemon, this.#remote);
  }
}

function withLf(line: Buffer | string): Buffer | string {
  return typeof line === 'string' ? line + LF : Buffer.concat([line, Buffer.from(LF)]);
}

/** Backpressure: stop reading `source` until `target` has drained. */
function holdWhileFull(source: Socket, target: Socket): void {
  if (!target.writableNeedDrain || source.isPaused()) return;
  source.pause();
  target.once('drain', () => source.resume());
}

function closedOf(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.closed) resolve();
    else socket.once('close', () => resolve());
  });
}
