import { SESSION_TOKEN_KEY, forgetStoredCredentials, normalizePin, type KeyValueStore } from './credentials.js';
import { parseServerMessage, type Command, type ExperienceStateMessage, type PairingMessage, type PerformanceFrameMessage, type ServerMessage, type SurfaceMessage } from './messages.js';

export const RECONNECT_DELAY_MS = 1_200;

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'pairing_required';

/** What the page shows, rebuilt from messages (§8). */
export interface SessionState {
  readonly status: ConnectionStatus;
  readonly admin: boolean;
  readonly lanEnabled: boolean;
  readonly surface: SurfaceMessage | null;
  readonly experience: ExperienceStateMessage | null;
  readonly performance: PerformanceFrameMessage | null;
  readonly pairing: PairingMessage | null;
  readonly error: string | null;
}

export interface SocketHandlers {
  opened(): void;
  received(data: unknown): void;
  closed(): void;
}

export interface SocketConnection {
  readonly isOpen: boolean;
  send(text: string): void;
  close(): void;
}

/** What the session needs from its surroundings: a browser gives WebSocket, localStorage and setTimeout. */
export interface SessionEnvironment {
  readonly socketUrl: string;
  readonly storage: KeyValueStore;
  openSocket(url: string, handlers: SocketHandlers): SocketConnection;
  schedule(callback: () => void, delayMs: number): void;
}

const INITIAL: SessionState = {
  status: 'connecting',
  admin: false,
  lanEnabled: false,
  surface: null,
  experience: null,
  performance: null,
  pairing: null,
  error: null,
};

/**
 * One live connection to the bridge and the state it yields. Authenticates on
 * open, keeps the newest surface, experience, Show frame and pairing, and
 * reconnects 1200 ms after an ordinary close; a refused credential wipes the
 * stored ones and waits for a PIN instead.
 */
export class LiveSession {
  readonly #environment: SessionEnvironment;
  readonly #onChange: (state: SessionState) => void;
  #credential: string | null;
  #socket: SocketConnection | null = null;
  #state: SessionState = INITIAL;

  constructor(environment: SessionEnvironment, credential: string | null, onChange: (state: SessionState) => void) {
    this.#environment = environment;
    this.#credential = credential;
    this.#onChange = onChange;
  }

  get state(): SessionState {
    return this.#state;
  }

  connect(): void {
    this.#update({ status: 'connecting' });
    const socket = this.#environment.openSocket(this.#environment.socketUrl, {
      opened: () => this.#transmit(socket, this.#credential === null ? { type: 'authenticate' } : { type: 'authenticate', credential: this.#credential }),
      received: (data) => this.#received(socket, data),
      closed: () => this.#closed(socket),
    });
    this.#socket = socket;
  }

  /** Sends while connected; otherwise the command is dropped, as a pad press on a dead pad would be. */
  send(command: Command): void {
    if (this.#socket !== null && this.#state.status === 'connected') this.#transmit(this.#socket, command);
  }

  /** Opens a fresh connection with the PIN; false (with an error line) when the entry is not six digits. */
  submitPin(entry: string): boolean {
    const pin = normalizePin(entry);
    if (pin === null) {
      this.#update({ error: 'Enter the six-digit PIN shown on the computer.' });
      return false;
    }
    this.#credential = pin;
    this.#update({ error: null });
    this.connect();
    return true;
  }

  #transmit(socket: SocketConnection, message: { type: string } & Record<string, unknown>): void {
    if (socket.isOpen) socket.send(JSON.stringify({ protocol: 1, ...message }));
  }

  #received(socket: SocketConnection, data: unknown): void {
    if (socket !== this.#socket) return;
    const message = parseServerMessage(data);
    if (message === null) return this.#update({ error: 'The pad received a message it does not understand.' });
    this.#apply(message);
  }

  #apply(message: ServerMessage): void {
    switch (message.type) {
      case 'authenticated':
        if (message.session_token) {
          this.#credential = message.session_token;
          this.#environment.storage.setItem(SESSION_TOKEN_KEY, message.session_token);
        }
        return this.#update({ status: 'connected', admin: message.admin, lanEnabled: message.lan_enabled, error: null });
      case 'surface':
        return this.#update({ surface: message });
      case 'experience_state': {
        const ended = message.status === 'idle' || message.status === 'blocked';
        return this.#update({ experience: message, ...(ended ? { performance: null } : {}) });
      }
      case 'performance_frame':
        return this.#update({ performance: message });
      case 'pairing':
        return this.#update({ pairing: message });
      case 'remote_revoked':
        return this.#update({ pairing: null });
      case 'error':
        if (message.code === 'forbidden' || message.code === 'authentication_timeout') {
          forgetStoredCredentials(this.#environment.storage);
          this.#credential = null;
          this.#update({ status: 'pairing_required' });
        }
        return this.#update({ error: message.error });
    }
  }

  #closed(socket: SocketConnection): void {
    if (socket !== this.#socket) return;
    this.#socket = null;
    if (this.#state.status === 'pairing_required') return;
    this.#update({ status: 'disconnected' });
    this.#environment.schedule(() => {
      if (this.#socket === null && this.#state.status === 'disconnected') this.connect();
    }, RECONNECT_DELAY_MS);
  }

  #update(changes: Partial<SessionState>): void {
    this.#state = { ...this.#state, ...changes };
    this.#onChange(this.#state);
  }
}
