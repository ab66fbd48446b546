import { chmod, lstat } from 'node:fs/promises';
import { lstatSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { ERROR_CODES, ERROR_TEXTS, encodeServerMessage } from '../wire/index.js';
import { claimSocketPath } from './claim-path.js';
import { Connection, type ConnectionHandler } from './connection.js';
import { UNAVAILABLE_PEER_CREDENTIALS, effectiveUid, peerAllowed, type PeerCredentialSource } from './peer-credentials.js';
import { errnoOf } from './socket-errors.js';

export interface SocketServerOptions {
  readonly path: string;
  readonly handler: ConnectionHandler;
  /** Defaults to the unavailable source (mode-0600 fallback). */
  readonly peerCredentials?: PeerCredentialSource;
  /** Listener-level errors after startup (for example EMFILE on accept); the server keeps running. */
  readonly onError?: (error: Error) => void;
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

  private constructor(options: SocketServerOptions) {
    this.path = options.path;
    this.peerCredentials = options.peerCredentials ?? UNAVAILABLE_PEER_CREDENTIALS;
    this.#handler = options.handler;
    this.#server = createServer((socket) => this.#accept(socket));
  }

  /** Runs the startup sequence of §3.2 and resolves once the socket accepts connections. */
  static async start(options: SocketServerOptions): Promise<SocketServer> {
    await claimSocketPath(options.path);
    const instance = new SocketServer(options);
    await listenRestricted(instance.#server, options.path);
    // From now on a listener error (for example EMFILE on accept) is reported, not fatal.
    instance.#server.on('error', (error) => options.onError?.(error));
    try {
      // Step 4: the file already has mode 0600 from the umask; chmod states it explicitly, as the reference does.
      await chmod(options.path, SOCKET_MODE);
      instance.#inode = (await lstat(options.path)).ino;
    } catch (error) {
      // Step 6: undo. Closing a bound pipe server also unlinks its path (libuv does this).
      await instance.close();
      throw error;
    }
    return instance;
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
    const connection = new Connection(this.#nextId++, socket, {
      onLine: (from, line) => this.#handler.onLine(from, line),
      onClose: (from) => {
        this.#connections.delete(from.id);
        this.#handler.onClose(from);
      },
    }, OVERFLOW_LINE);
    this.#connections.set(connection.id, connection);
  }

  /** Closes every connection and the listener; removes our socket file. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const connection of [...this.#connections.values()]) connection.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#removeSocketFile();
  }

  /**
   * For exit paths that cannot wait (uncaught error, process 'exit'): drop the
   * connections and remove the socket file synchronously.
   */
  closeSync(): void {
    if (!this.#closed) {
      this.#closed = true;
      for (const connection of [...this.#connections.values()]) connection.destroy();
      this.#server.close();
    }
    this.#removeSocketFile();
  }

  #removeSocketFile(): void {
    if (this.#inode === null) return;
    try {
      if (lstatSync(this.path).ino === this.#inode) unlinkSync(this.path);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw error;
    }
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
