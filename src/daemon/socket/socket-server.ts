import { chmod, lstat } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { RateLimitedLog } from '../../support/rate-limited-log.js';
import { ERROR_CODES, ERROR_TEXTS, encodeServerMessage } from '../../wire/index.js';
import { claimSocketPath } from './claim-path.js';
import { Connection, type ConnectionHandler } from './connection.js';
import { clientCapacity, openFileLimit, RESERVED_DESCRIPTORS } from './descriptor-limit.js';
import { DEFAULT_OUTPUT_LIMITS, type OutputLimits } from './output-budget.js';
import { UNAVAILABLE_PEER_CREDENTIALS, effectiveUid, peerAllowed, type PeerCredentialSource } from '../../unix-socket/peer-credentials.js';
import { errnoCode } from '../../support/file-errors.js';
import { aboutPublicPath, assertSocketPathFits, bindingPathFor, publishSocket, removeIfStillOurs } from './socket-file.js';

export interface SocketServerOptions {
  readonly path: string;
  readonly handler: ConnectionHandler;
  /** Defaults to the unavailable source (mode-0600 fallback). */
  readonly peerCredentials?: PeerCredentialSource;
  /** Listener-level errors after startup other than running out of descriptors (a warning); the server keeps running. */
  readonly onError?: (error: Error) => void;
  /** One log line when a client is disconnected for leaving its replies unread, or refused at the descriptor limit. */
  readonly onClientWarning?: (message: string) => void;
  /** Per-client output budget; the defaults of output-budget.ts unless a test needs small ones. */
  readonly outputLimits?: OutputLimits;
  /** The descriptor limit clients are counted against (descriptor-limit.ts); default: this process's soft RLIMIT_NOFILE. */
  readonly descriptorLimit?: number | null;
}

/** Restrictive umask while binding, so the socket never exists with looser permissions (§3.2 quirk). */
const BIND_UMASK = 0o177;
const SOCKET_MODE = 0o600;

const OVERFLOW_LINE = encodeServerMessage({ type: 'error', code: ERROR_CODES.frameTooLarge, message: ERROR_TEXTS.frameTooLarge });

/**
 * The daemon's Unix socket listener (wire-protocol-1.md §3): claims the path,
 * binds it 0600, checks each peer, and owns the open connections. Closing
 * closes every connection (each runs the handler's clean-up), stops
 * listening and removes the socket file if it is still the one we bound.
 *
 * It exists (and can look up connections) before it listens, so a client that
 * connects the instant the socket appears is served like any other.
 */
export class SocketServer {
  readonly path: string;
  readonly peerCredentials: PeerCredentialSource;
  readonly #server: Server;
  readonly #handler: ConnectionHandler;
  readonly #effectiveUid = effectiveUid();
  readonly #connections = new Map<number, Connection>();
  #nextId = 1;
  /** The inode we bound, so shutdown never removes a file another daemon put there since. */
  #inode: number | null = null;
  #closed = false;
  readonly #onError: ((error: Error) => void) | undefined;
  readonly #onClientWarning: ((message: string) => void) | undefined;
  readonly #outputLimits: OutputLimits;
  /** Refused clients and failed accepts, logged at most every 10 s however many there are. */
  readonly #capacityWarnings: RateLimitedLog;

  constructor(options: SocketServerOptions) {
    this.path = options.path;
    this.peerCredentials = options.peerCredentials ?? UNAVAILABLE_PEER_CREDENTIALS;
    this.#handler = options.handler;
    this.#onError = options.onError;
    this.#onClientWarning = options.onClientWarning;
    this.#outputLimits = options.outputLimits ?? DEFAULT_OUTPUT_LIMITS;
    this.#capacityWarnings = new RateLimitedLog((message) => this.#onClientWarning?.(message));
    this.#server = createServer((socket) => this.#accept(socket));
    this.#refuseBeyondCapacity(options.descriptorLimit === undefined ? openFileLimit() : options.descriptorLimit);
  }

  /**
   * Past the capacity Node accepts a new client and closes it at once (its
   * 'drop' event), so it learns right away instead of waiting in the backlog,
   * and the reserved descriptors stay free for the browser pad and devices.
   */
  #refuseBeyondCapacity(limit: number | null): void {
    const capacity = clientCapacity(limit);
    if (capacity === null) return;
    this.#server.maxConnections = capacity;
    this.#server.on('drop', () =>
      this.#capacityWarnings.note(
        `refused a client: ${capacity} are connected, the most the file descriptor limit (${limit}) allows with ${RESERVED_DESCRIPTORS} kept for the browser pad and devices; raise it with 'ulimit -n'`,
      ),
    );
  }

  /**
   * Runs the startup sequence of §3.2 and resolves once the socket accepts
   * connections: a path too long for a socket is refused first, then the
   * path is claimed, the socket bound at a private sibling name (see
   * socket-file.ts), made 0600 and linked into place.
   */
  async listen(): Promise<void> {
    assertSocketPathFits(this.path);
    await claimSocketPath(this.path);
    const binding = bindingPathFor(this.path);
    await listenRestricted(this.#server, binding).catch((error: unknown) => {
      throw aboutPublicPath(error, binding, this.path);
    });
    // From now on a listener error is reported, not fatal; running out of descriptors is a warning, rate-limited.
    this.#server.on('error', (error) => {
      const code = errnoCode(error);
      if (code === 'EMFILE' || code === 'ENFILE')
        this.#capacityWarnings.note(`cannot accept a client: this process is out of file descriptors (${code}); raise the limit with 'ulimit -n'`);
      else this.#onError?.(error);
    });
    try {
      // Step 4: the file already has mode 0600 from the umask; chmod states it explicitly, as the reference does.
      await chmod(binding, SOCKET_MODE);
      const inode = (await lstat(binding)).ino;
      await publishSocket(binding, this.path);
      this.#inode = inode;
    } catch (error) {
      // Step 6: undo. Closing unlinks the binding name if it is still there.
      await this.close();
      throw aboutPublicPath(error, binding, this.path);
    }
  }

  /** Currently open connections. */
  get connectionCount(): number {
    return this.#connections.size;
  }

  connection(id: number): Connection | undefined {
    return this.#connections.get(id);
  }

  #accept(socket: Socket): void {
    // Before anything is read: a foreign peer is closed with zero bytes sent (§3.4).
    if (this.#closed || !peerAllowed(this.peerCredentials, socket, this.#effectiveUid)) {
      socket.destroy();
      return;
    }
    const connection = new Connection(
      this.#nextId++,
      socket,
      {
        onLine: (from, line) => this.#handler.onLine(from, line),
        onClose: (from) => {
          this.#connections.delete(from.id);
          this.#handler.onClose(from);
        },
        onEvicted: (from, reason) => this.#onClientWarning?.(`client ${from.id} disconnected: ${reason}`),
      },
      OVERFLOW_LINE,
      this.#outputLimits,
    );
    this.#connections.set(connection.id, connection);
  }

  /** Closes every connection and the listener; removes our socket file. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const connection of [...this.#connections.values()]) connection.destroy();
    this.#removeSocketFile();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /**
   * For exit paths that cannot wait (uncaught error, process 'exit'): drop the
   * connections and remove the socket file synchronously.
   */
  closeSync(): void {
    this.#removeSocketFile();
    if (this.#closed) return;
    this.#closed = true;
    for (const connection of [...this.#connections.values()]) connection.destroy();
    this.#server.close();
  }

  #removeSocketFile(): void {
    if (this.#inode !== null) removeIfStillOurs(this.path, this.#inode);
  }
}

/** Steps 3 and 5 of §3.2: bind under a restrictive umask and listen (the remote relay binds its socket the same way). */
export function listenRestricted(server: Server, path: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const previous = process.umask(BIND_UMASK);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(previous);
    }
  });
}
