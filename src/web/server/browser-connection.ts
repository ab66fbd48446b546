import {
  actionPressed,
  actionReleased,
  agentSelected,
  experienceRequested,
  experienceStopRequested,
  optionPressed,
  sessionSelected,
} from '../../domain/index.js';
import type { CredentialAuthority } from '../auth/credential-authority.js';
import type { Peer } from '../auth/peer-address.js';
import { MAX_BUFFERED_OUTBOUND_BYTES } from '../limits.js';
import { decodeClientMessage, type ClientCommand } from '../protocol/client-message.js';
import { WEB_ERRORS, type WebError } from '../protocol/errors.js';
import type { WebExtension } from '../protocol/extension-messages.js';
import { ConnectionExtensions } from './connection-extensions.js';
import { REMOTE_REVOKED_MESSAGE, authenticatedMessage, errorMessage, pairingMessage, type PairingOffer } from '../protocol/server-messages.js';
import { encodeServerMessage } from '../protocol/wire-json.js';
import type { ClientRegistry, TrackedClient } from './client-registry.js';
import { CommandRate } from './command-rate.js';
import type { SurfaceEventQueue } from './event-queue.js';
import type { Publisher } from './publisher.js';
import type { WebLogger } from './web-logger.js';
import type { BrowserSocket, InboundFrame } from './ws-adapter.js';
import { errorMessage as describeThrown } from '../../support/error-message.js';

/** What every connection of one bridge shares. */
export interface ConnectionContext {
  readonly authority: CredentialAuthority;
  readonly registry: ClientRegistry;
  readonly publisher: Publisher;
  readonly events: SurfaceEventQueue;
  readonly now: () => number;
  readonly authenticationTimeoutMs: number;
  readonly logger: WebLogger;
  lanEnabled(): boolean;
  /** A fresh pairing, or null when LAN access is not configured. */
  createPairing(): PairingOffer | null;
  revokeRemote(): void;
}

const NORMAL_CLOSE = 1000;
const POLICY_CLOSE = 1008;

/**
 * One browser WebSocket through its lifecycle (§6): capacity reservation,
 * a 10 s window for `authenticate`, the snapshot, then rate-limited commands.
 * Everything runs synchronously on the event loop, so registration and the
 * snapshot cannot interleave with a broadcast.
 */
export class BrowserConnection implements TrackedClient {
  readonly remote: boolean;
  readonly peerKey: string;
  readonly #socket: BrowserSocket;
  readonly #peer: Peer;
  readonly #context: ConnectionContext;
  readonly #rate = new CommandRate();
  #state: 'pending' | 'registered' | 'closing' = 'pending';
  readonly #extensions: ConnectionExtensions;
  #authenticationTimer: NodeJS.Timeout | null = null;

  constructor(socket: BrowserSocket, peer: Peer, peerKey: string, context: ConnectionContext) {
    this.#socket = socket;
    this.#peer = peer;
    this.#context = context;
    this.remote = !peer.loopback;
    this.peerKey = peerKey;
    this.#extensions = new ConnectionExtensions((text) => this.deliver(text), context.events, context.publisher, this.remote);
  }

  start(): void {
    this.#socket.onClose(() => this.#ended());
    if (!this.#context.registry.admit(this)) {
      this.#refuse(WEB_ERRORS.connectionLimit);
      return;
    }
    this.#socket.onMessage((frame) => this.#received(frame));
    this.#authenticationTimer = setTimeout(() => this.#refuse(WEB_ERRORS.authenticationTimeout), this.#context.authenticationTimeoutMs);
  }

  /** Past the output budget nothing more is queued: the close frame goes out, and the transport cuts the peer 1 s later. */
  deliver(text: string): boolean {
    if (this.#state !== 'registered') return false;
    if (this.#socket.bufferedAmount > MAX_BUFFERED_OUTBOUND_BYTES) {
      this.#context.logger.warn(`web: closed a browser at ${this.#peer.ip} that stopped reading: more than ${MAX_BUFFERED_OUTBOUND_BYTES} bytes waited for it`);
      this.closeWith(POLICY_CLOSE, 'too slow to read the updates');
      return false;
    }
    return this.#socket.send(text);
  }

  wants(extension: WebExtension): boolean {
    return this.#extensions.wants(extension);
  }

  displace(): void {
    this.#refuse(WEB_ERRORS.connectionLimit);
  }

  closeWith(code: number, reason: string): void {
    this.#state = 'closing';
    this.#socket.close(code, reason);
  }

  /** A failure inside one connection's handling closes that connection (1011), never the daemon (§6.7). */
  #received(frame: InboundFrame): void {
    try {
      if (this.#state === 'pending') this.#authenticate(frame);
      else if (this.#state === 'registered') this.#command(frame);
    } catch (error) {
      this.#context.logger.error(`web: browser message handling failed: ${describeThrown(error)}`);
      this.closeWith(1011, 'internal error');
    }
  }

  #authenticate(frame: InboundFrame): void {
    this.#clearTimer();
    const decoded = decodeClientMessage(frame.bytes);
    if (!decoded.ok) return this.#refuse(decoded.error);
    if (decoded.command.type !== 'authenticate') return this.#refuse(WEB_ERRORS.authenticationRequired);
    const context = this.#context;
    const verdict = context.authority.evaluate(this.#peer, decoded.command.credential, context.now());
    if (!verdict.ok) return this.#refuse(WEB_ERRORS.forbidden);
    this.#state = 'registered';
    context.registry.register(this);
    if (verdict.sessionToken !== null) context.logger.info(`web: paired a browser at ${this.#peer.ip}`);
    const admin = this.#peer.loopback;
    this.#send(authenticatedMessage(admin, verdict.sessionToken, context.lanEnabled()));
    const replay = admin ? context.authority.pairingReplay(context.now()) : null;
    if (replay !== null) this.#send(pairingMessage(replay));
    for (const text of context.publisher.snapshot()) this.#socket.send(text);
  }

  #command(frame: InboundFrame): void {
    if (!this.#rate.allow(this.#context.now())) {
      this.#send(errorMessage(WEB_ERRORS.rateLimited));
      this.closeWith(POLICY_CLOSE, 'command rate exceeded');
      return;
    }
    const decoded = decodeClientMessage(frame.bytes);
    if (!decoded.ok) return this.#sendError(decoded.error);
    this.#dispatch(decoded.command);
  }

  /** Field validation already happened, so a well-formed admin command from a paired client is `admin_required` (§11). */
  #dispatch(command: ClientCommand): void {
    const { events } = this.#context;
    switch (command.type) {
      case 'authenticate':
        return this.#sendError(WEB_ERRORS.alreadyAuthenticated);
      case 'action':
        return this.#extensions.press(command.action, (receipt) => actionPressed(command.action, receipt));
      case 'action_hold':
        if (!command.down) return void events.push(actionReleased(command.action));
        return this.#extensions.press(command.action, (receipt) => actionPressed(command.action, receipt));
      case 'select_session':
        return void events.push(sessionSelected(command.slot));
      case 'select_agent':
        return this.#extensions.press('select', (receipt) => agentSelected(command.agent, receipt));
      case 'answer_option':
        return this.#extensions.press('answer', (receipt) => optionPressed(command.ref, command.question, command.option, receipt));
      case 'use_extensions':
        return this.#extensions.use(command.extensions);
      default:
        return this.#adminCommand(command);
    }
  }

  #adminCommand(
    command: Exclude<
      ClientCommand,
      { type: 'authenticate' | 'action' | 'action_hold' | 'select_session' | 'select_agent' | 'answer_option' | 'use_extensions' }
    >,
  ): void {
    if (!this.#peer.loopback) return this.#sendError(WEB_ERRORS.adminRequired);
    const context = this.#context;
    switch (command.type) {
      case 'create_pairing': {
        const offer = context.createPairing();
        return offer === null ? this.#sendError(WEB_ERRORS.lanDisabled) : this.#send(pairingMessage(offer));
      }
      case 'revoke_remote':
        context.revokeRemote();
        return this.#send(REMOTE_REVOKED_MESSAGE);
      case 'start_experience':
        return void context.events.push(experienceRequested(command.kind));
      case 'stop_experience':
        return void context.events.push(experienceStopRequested());
      case 'share_details':
        context.publisher.shareDetails(command.enabled);
        return context.logger.info(`web: paired phones ${command.enabled ? 'now see' : 'no longer see'} what agents ask`);
    }
  }

  /** Any failure before authentication: the error, then a normal close (§6.2). */
  #refuse(error: WebError): void {
    this.#clearTimer();
    this.#sendError(error);
    this.closeWith(NORMAL_CLOSE, '');
  }

  #sendError(error: WebError): void {
    this.#send(errorMessage(error));
  }

  #send(message: { readonly type: string }): void {
    const text = encodeServerMessage(message);
    if (text !== null) this.#socket.send(text);
  }

  #ended(): void {
    this.#clearTimer();
    this.#state = 'closing';
    this.#context.registry.forget(this);
  }

  #clearTimer(): void {
    if (this.#authenticationTimer !== null) clearTimeout(this.#authenticationTimer);
    this.#authenticationTimer = null;
  }
}
