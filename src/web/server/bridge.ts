import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { adminUrlOf } from '../auth/admin-token-file.js';
import { CredentialAuthority } from '../auth/credential-authority.js';
import { classifyPeer } from '../auth/peer-address.js';
import { CRYPTO_SECRETS, type SecretSource } from '../auth/secrets.js';
import { AdvertisedOriginError, parseAdvertisedOrigin, type AdvertisedOrigin } from '../http/advertised-origin.js';
import type { HostPolicy } from '../http/host-header.js';
import { AUTHENTICATION_TIMEOUT_MS, DEFAULT_WEB_PORT, LOOPBACK_HOST, MAX_CREDENTIAL_LENGTH, TOKEN_BYTES } from '../limits.js';
import type { PairingOffer } from '../protocol/server-messages.js';
import { QR_MAX_BYTES } from '../qr/qr-code.js';
import { qrSvgDataUri } from '../qr/qr-svg.js';
import { defaultAssetRoot, WebAppMissingError } from './asset-root.js';
import { BrowserConnection, type ConnectionContext } from './browser-connection.js';
import { ClientRegistry } from './client-registry.js';
import { loopbackOwnerLookup } from './loopback-owner.js';
import { SurfaceEventQueue } from './event-queue.js';
import { ConnectionCap, type ConnectionPeer } from './connection-cap.js';
import { createListener, listen, stopListening } from './listeners.js';
import { Publisher } from './publisher.js';
import { WebSurface } from './web-surface.js';
import { SILENT_WEB_LOGGER, type WebLogger } from './web-logger.js';
import { createWebSocketTransport, type WebSocketTransport } from './ws-adapter.js';

export { LOOPBACK_HOST };

export interface WebBridgeOptions {
  /** Default 8765; 0 lets the OS choose. */
  readonly port?: number;
  /** LAN mode: a second listener on `bindHost` (same port), advertised as `http://<advertiseHost>:<port>`. */
  readonly lan?: { readonly bindHost: string; readonly advertiseHost?: string } | null;
  /** The admin token kept from an earlier run (the CLI's token file), or a test's fixed one; default a fresh random one. */
  readonly adminToken?: string;
  /** The built browser app; default `dist/web-app` of the package. */
  readonly assetRoot?: string;
  /** Monotonic clock in seconds; tests inject one. */
  readonly now?: () => number;
  readonly secrets?: SecretSource;
  readonly logger?: WebLogger;
  readonly authenticationTimeoutMs?: number;
  /**
   * Where a connection comes from. Always the TCP source address in
   * production; tests substitute one to play several LAN peers on loopback.
   */
  readonly peerAddressOf?: (request: IncomingMessage) => string | undefined;
  /**
   * The user owning the client end of a loopback connection (null: unknown).
   * The kernel's answer in production (see loopback-owner.ts); tests play
   * other users of the machine.
   */
  readonly loopbackOwnerOf?: (request: IncomingMessage) => number | null;
  /** Whom an accepted TCP connection counts against, for the open-connection cap; tests play other users. */
  readonly connectionPeerOf?: ConnectionPeer;
}

const tcpPeerAddress = (request: IncomingMessage) => request.socket.remoteAddress;
const kernelLoopbackOwner = (request: IncomingMessage) => loopbackOwnerLookup()?.(request.socket) ?? null;
/** A connection's user on this machine where the kernel tells (loopback), else its address: as admission counts pending ones. */
const kernelConnectionPeer: ConnectionPeer = (socket) => {
  const owner = loopbackOwnerLookup()?.(socket) ?? null;
  return owner === null ? (socket.remoteAddress ?? 'unknown') : `uid ${owner}`;
};
/** `<base>/#pair=` plus the 32-character secret, in UTF-8 bytes. */
const pairingUrlLength = (baseUrl: string) => Buffer.byteLength(`${baseUrl}/#pair=`) + 32;
const monotonicSeconds = () => performance.now() / 1000;

/**
 * The HTTP + WebSocket server of the browser pad (web-surface-protocol-1.md).
 * `WebBridge.start` binds the listeners; `surface` is the ControlSurface the
 * daemon renders to and polls; `close` revokes, disconnects and unbinds.
 */
export class WebBridge {
  readonly surface: WebSurface;
  readonly #options: WebBridgeOptions;
  readonly #adminToken: string;
  readonly #now: () => number;
  readonly #authority: CredentialAuthority;
  readonly #registry = new ClientRegistry();
  readonly #events = new SurfaceEventQueue();
  readonly #publisher: Publisher;
  readonly #transport: WebSocketTransport = createWebSocketTransport();
  readonly #logger: WebLogger;
  readonly #listeners: Server[] = [];
  readonly #connectionContext: ConnectionContext;
  #port = -1;
  #origin: AdvertisedOrigin | null = null;
  #closing: Promise<void> | null = null;

  private constructor(options: WebBridgeOptions, adminToken: string) {
    this.#options = options;
    this.#adminToken = adminToken;
    this.#now = options.now ?? monotonicSeconds;
    const secrets = options.secrets ?? CRYPTO_SECRETS;
    this.#authority = new CredentialAuthority({ adminToken, secrets, qrDataUri: qrSvgDataUri });
    this.#logger = options.logger ?? SILENT_WEB_LOGGER;
    this.#publisher = new Publisher(this.#registry, this.#logger);
    this.surface = new WebSurface(this.#publisher, this.#events, () => {
      this.close().catch(() => undefined);
    });
    this.#connectionContext = {
      authority: this.#authority,
      registry: this.#registry,
      publisher: this.#publisher,
      events: this.#events,
      now: this.#now,
      authenticationTimeoutMs: options.authenticationTimeoutMs ?? AUTHENTICATION_TIMEOUT_MS,
      logger: this.#logger,
      lanEnabled: () => this.lanEnabled,
      createPairing: () => (this.lanEnabled ? this.createPairing() : null),
      revokeRemote: () => this.revokeRemoteAccess(),
    };
  }

  /** Binds loopback (and in LAN mode the bind host on the same port); any failure unbinds everything (§2). */
  static async start(options: WebBridgeOptions = {}): Promise<WebBridge> {
    const assetRoot = options.assetRoot ?? defaultAssetRoot();
    if (!existsSync(join(assetRoot, 'index.html'))) throw new WebAppMissingError(assetRoot);
    const adminToken = options.adminToken ?? (options.secrets ?? CRYPTO_SECRETS).token(TOKEN_BYTES);
    if (adminToken.length === 0 || adminToken.length > MAX_CREDENTIAL_LENGTH) {
      throw new RangeError(`admin token must be 1..${MAX_CREDENTIAL_LENGTH} characters`);
    }
    const bridge = new WebBridge(options, adminToken);
    try {
      await bridge.#bind(assetRoot);
    } catch (error) {
      await Promise.all(bridge.#listeners.map(stopListening));
      throw error;
    }
    return bridge;
  }

  get port(): number {
    return this.#port;
  }

  /** `http://127.0.0.1:<port>/#admin=<token>`: the token travels in the fragment, never in a request (§4). */
  get adminUrl(): string {
    return adminUrlOf(this.#port, this.#adminToken);
  }

  get lanEnabled(): boolean {
    return this.#origin !== null;
  }

  /** The advertised LAN origin phones open, or null on a loopback-only bridge. */
  get advertisedBaseUrl(): string | null {
    return this.#origin?.baseUrl ?? null;
  }

  /** Validates and stores the advertised origin (§2.1); throws AdvertisedOriginError. */
  configureLan(baseUrl: string): void {
    const origin = parseAdvertisedOrigin(baseUrl, this.#port);
    if (pairingUrlLength(origin.baseUrl) > QR_MAX_BYTES) {
      throw new AdvertisedOriginError('advertised LAN URL is too long for a pairing QR code');
    }
    this.#origin = origin;
  }

  /** A new one-use pairing replacing any previous one; LAN must be configured. */
  createPairing(): PairingOffer {
    if (this.#origin === null) throw new Error('LAN access is not enabled');
    return this.#authority.createPairing(this.#origin.baseUrl, this.#now());
  }

  /** The pairing an admin connecting now would be shown, if any. */
  currentPairing(): PairingOffer | null {
    return this.#authority.pairingReplay(this.#now());
  }

  /** Failed attempts absorbed by the live pairing, or null when there is none. */
  get pairingFailedAttempts(): number | null {
    return this.#authority.pairingFailedAttempts;
  }

  /** Authenticated browsers right now. */
  get connectedClients(): number {
    return this.#registry.registeredCount;
  }

  /** §7.4: forget every reconnect token and the pairing, and close every paired browser. */
  revokeRemoteAccess(): void {
    this.#authority.revokeRemote();
    const remotes = this.#registry.registeredRemotes();
    for (const client of remotes) client.closeWith(1008, 'authorization revoked');
    if (remotes.length > 0) this.#logger.info(`web: revoked remote access, closed ${remotes.length} paired browser(s)`);
  }

  /** §17: paired clients get the revoke close, everyone else 1001, then the listeners stop. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.revokeRemoteAccess();
      for (const client of this.#registry.all()) client.closeWith(1001, 'server shutting down');
      await Promise.all(this.#listeners.map(stopListening));
    })();
    return this.#closing;
  }

  async #bind(assetRoot: string): Promise<void> {
    const handlers = {
      logger: this.#logger,
      cap: new ConnectionCap(this.#options.connectionPeerOf ?? kernelConnectionPeer, this.#logger, this.#now),
      router: { assetRoot, hostPolicy: (): HostPolicy => ({ port: this.#port, lanHostname: this.#origin?.hostname ?? null }) },
      webSocket: (request: IncomingMessage, socket: Duplex, head: Buffer) => this.#acceptWebSocket(request, socket, head),
    };
    this.#listeners.push(createListener(handlers));
    this.#port = await listen(this.#listeners[0]!, this.#options.port ?? DEFAULT_WEB_PORT, LOOPBACK_HOST);
    const lan = this.#options.lan;
    if (!lan) return;
    this.#listeners.push(createListener(handlers));
    await listen(this.#listeners[1]!, this.#port, lan.bindHost);
    this.configureLan(`http://${lan.advertiseHost ?? lan.bindHost}:${this.#port}`);
    this.createPairing();
  }

  #acceptWebSocket(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.#closing !== null) {
      socket.destroy();
      return;
    }
    const peer = classifyPeer((this.#options.peerAddressOf ?? tcpPeerAddress)(request));
    const owner = peer.loopback ? (this.#options.loopbackOwnerOf ?? kernelLoopbackOwner)(request) : null;
    // Pending budgets count per user on this machine where the kernel says who it is, else per address.
    const peerKey = owner === null ? peer.ip : `uid ${owner}`;
    this.#transport.upgrade(request, socket, head, (browserSocket) => {
      new BrowserConnection(browserSocket, peer, peerKey, this.#connectionContext).start();
    });
  }
}

export const startWebBridge = (options?: WebBridgeOptions): Promise<WebBridge> => WebBridge.start(options);
