import { SESSION_TOKEN_KEY, forgetStoredCredentials, normalizePin, type KeyValueStore } from './credentials.js';
import {
  parseServerMessage,
  type Command,
  type ExperienceStateMessage,
  type OverflowMessage,
  type PairingMessage,
  type PerformanceFrameMessage,
  type PromptMessage,
  type ServerMessage,
  type SurfaceMessage,
  type WebExtension,
} from './messages.js';
import type { ExperienceBlock } from '../../domain/surface-view.js';
import { situationOf, type Situation } from './feedback-scope.js';
import type { ActionName, Feedback } from './press-feedback.js';
import { NO_PRESSES, PRESS_ANSWER_TIMEOUT_MS, PressTracker, type PressView } from './press-tracker.js';

export const RECONNECT_DELAY_MS = 1_200;

const situation = (state: SessionState): Situation => situationOf(state.surface, state.prompt, state.experience);

/**
 * `link_required`: a page on this computer without a valid admin token (none
 * stored, or the daemon now has another one). A PIN cannot help there: only
 * the admin link can. `pairing_required`: a phone or tablet that needs a PIN.
 */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'pairing_required' | 'link_required';

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
  /** Agents without a Scene (our `overflow` extension), or null when the daemon does not send them. */
  readonly overflow: OverflowMessage | null;
  /** What the selected agent asks (our `prompts` extension), or null when the daemon does not send it. */
  readonly prompt: PromptMessage | null;
  /** Why the daemon would refuse a Demo or Show start now (our `experience_block` extension); null: it would start, or it does not say. */
  readonly experienceBlock: ExperienceBlock | null;
  /** Extensions the daemon agreed to on this connection. */
  readonly extensions: readonly WebExtension[];
  readonly presses: PressView;
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
  /**
   * Ask for our protocol extensions (press results, the overflow list) after
   * authenticating. Off, the session speaks exactly the reference protocol.
   */
  readonly useExtensions?: boolean;
  /** The page was opened on this computer (127.0.0.1, localhost): a refused credential asks for the admin link, not a PIN. */
  readonly loopbackPage?: boolean;
}

const WANTED_EXTENSIONS: WebExtension[] = ['press_results', 'overflow', 'prompts', 'holds', 'experience_block'];

const INITIAL: SessionState = {
  status: 'connecting',
  admin: false,
  lanEnabled: false,
  surface: null,
  experience: null,
  performance: null,
  pairing: null,
  error: null,
  overflow: null,
  prompt: null,
  experienceBlock: null,
  extensions: [],
  presses: NO_PRESSES,
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
  readonly #presses = new PressTracker();

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

  /**
   * An action press. With press results it goes dark at once and is sent at
   * most once until answered; the answer becomes the feedback line.
   */
  press(action: ActionName): void {
    this.#track(action, { type: 'action', action });
  }

  /** True while Approve answers a destructive command and the daemon takes holds: only a hold approves it. */
  needsHold(action: ActionName): boolean {
    const prompt = this.#state.prompt?.prompt;
    return action === 'approve' && this.#state.extensions.includes('holds') && prompt?.kind === 'approval' && prompt.tier === 'destructive';
  }

  /**
   * An action button held down (`down`) or let go, for hold to approve: false
   * when the action needs no hold (needsHold), and the page then sends a
   * plain press on click instead. The press is tracked like one; letting go
   * is not.
   */
  hold(action: ActionName, down: boolean): boolean {
    if (down && !this.needsHold(action)) return false;
    if (down) this.#track(action, { type: 'action_hold', action, down });
    else this.send({ type: 'action_hold', action, down });
    return true;
  }

  /** Selects an agent without a Scene by the ref of the overflow list. */
  selectAgent(ref: number): void {
    this.#track('select', { type: 'select_agent', agent: ref });
  }

  /** Answers question `question` of the prompt `ref` with option `option` (0-based): the daemon takes the first answer only. */
  answer(ref: number, question: number, option: number): void {
    this.#track('answer', { type: 'answer_option', ref, question, option });
  }

  /** Feedback the page decided on itself (a key for a dark action). */
  note(feedback: Feedback): void {
    this.#presses.note(feedback, situation(this.#state));
    this.#update({ presses: this.#presses.view() });
  }

  /** Opens a fresh connection with the PIN; false (with an error line) when the entry is not six digits. */
  submitPin(entry: string): boolean {
    const pin = normalizePin(entry);
    if (pin === null) {
      this.#update({ error: 'Enter the six-digit PIN shown on the computer.' });
      return false;
    }
    this.useCredential(pin);
    return true;
  }

  /** Starts over with a new credential (a PIN, or an admin link pasted into this tab), dropping any current connection. */
  useCredential(credential: string): void {
    this.#credential = credential;
    const previous = this.#socket;
    // Forgotten first, so its close is not taken for a dropped connection.
    this.#socket = null;
    previous?.close();
    this.#presses.reset();
    this.#update({ error: null, extensions: [], presses: this.#presses.view() });
    this.connect();
  }

  #track(press: ActionName | 'select' | 'answer', command: Command): void {
    if (this.#socket === null || this.#state.status !== 'connected') return;
    if (!this.#state.extensions.includes('press_results')) return this.send(command);
    const serial = this.#presses.begin(press);
    if (serial === null) return;
    this.send(command);
    this.#update({ presses: this.#presses.view() });
    this.#environment.schedule(() => {
      if (this.#presses.expire(serial, situation(this.#state))) this.#update({ presses: this.#presses.view() });
    }, PRESS_ANSWER_TIMEOUT_MS);
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
        if (this.#environment.useExtensions === true && this.#socket !== null) {
          this.#transmit(this.#socket, { type: 'use_extensions', extensions: WANTED_EXTENSIONS });
        }
        return this.#update({ status: 'connected', admin: message.admin, lanEnabled: message.lan_enabled, error: null });
      case 'surface':
        this.#presses.surfaceArrived();
        return this.#update({ surface: message, presses: this.#presses.view() });
      case 'extensions':
        return this.#update({ extensions: message.extensions });
      case 'overflow':
        return this.#update({ overflow: message });
      case 'prompt':
        return this.#update({ prompt: message });
      case 'experience_block':
        return this.#update({ experienceBlock: message.reason });
      case 'press_result':
        this.#presses.settle(message, situation(this.#state));
        return this.#update({ presses: this.#presses.view() });
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
          const presented = this.#credential !== null;
          forgetStoredCredentials(this.#environment.storage);
          this.#credential = null;
          // On this computer the page explains how to get the admin link instead of showing the refusal.
          if (this.#environment.loopbackPage === true) return this.#update({ status: 'link_required', error: null });
          // A first visit presented nothing, so nothing was refused: the page just asks for the PIN.
          return this.#update({ status: 'pairing_required', error: presented ? message.error : null });
        }
        return this.#update({ error: message.error });
    }
  }

  #closed(socket: SocketConnection): void {
    if (socket !== this.#socket) return;
    this.#socket = null;
    this.#presses.reset();
    if (this.#state.status === 'pairing_required' || this.#state.status === 'link_required') return;
    this.#update({ status: 'disconnected', extensions: [], prompt: null, experienceBlock: null, presses: this.#presses.view() });
    this.#environment.schedule(() => {
      if (this.#socket === null && this.#state.status === 'disconnected') this.connect();
    }, RECONNECT_DELAY_MS);
  }

  #update(changes: Partial<SessionState>): void {
    let next: SessionState = { ...this.#state, ...changes };
    // A new frame, request or experience may be something the feedback line never described.
    const shown = 'surface' in changes || 'prompt' in changes || 'experience' in changes;
    if (shown && this.#presses.observe(situation(next))) next = { ...next, presses: this.#presses.view() };
    this.#state = next;
    this.#onChange(next);
  }
}
