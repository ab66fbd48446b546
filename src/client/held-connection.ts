import type { ServerMessage, ServerMessageType } from '../wire/index.js';
import type { WireConnection } from './connection.js';
import { DaemonDisconnectedError } from './errors.js';
import { expectType } from './reply.js';

/**
 * A connection held open to hear one kind of message from the daemon (an
 * action subscription, a question request). Closing it is how the protocol
 * withdraws, so a close from this side ends `receiveOf` with null while a
 * close from the daemon's side is an error.
 */
export abstract class HeldConnection implements AsyncDisposable {
  #closedHere = false;

  /** `what` names the held thing in the disconnect error ("the action subscription"). */
  protected constructor(
    protected readonly connection: WireConnection,
    private readonly what: string,
  ) {}

  /** False once closed from either side. */
  get isOpen(): boolean {
    return this.connection.isOpen;
  }

  /**
   * The next message, which must be of `type`; null after `close()`. With
   * `timeoutMs`, rejects with DaemonTimeoutError if none arrives in time (the
   * connection stays open); an `error` line or another type becomes a
   * DaemonProtocolError, a closed connection a DaemonDisconnectedError.
   */
  protected async receiveOf<T extends ServerMessageType>(type: T, timeoutMs: number | null): Promise<Extract<ServerMessage, { type: T }> | null> {
    const inbound = await this.connection.receive(timeoutMs);
    if (inbound === null) {
      if (this.#closedHere) return null;
      throw new DaemonDisconnectedError(this.connection.socketPath, `the daemon closed ${this.what} (${this.connection.socketPath})`);
    }
    if (!inbound.ok) throw inbound.error;
    return expectType(inbound.message, type);
  }

  /** Closes the connection, which withdraws what it held. Idempotent. */
  async close(): Promise<void> {
    this.#closedHere = true;
    this.connection.close();
    await this.connection.closed;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
