import { linkSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One accepted connection of the fake daemon. */
export interface FakeConnection {
  readonly index: number;
  readonly socket: Socket;
  /** Parsed lines the client sent, in order. */
  readonly received: Record<string, unknown>[];
  /** True once the client's side ended (end-of-stream, reset or close). */
  ended: boolean;
  send(message: object): void;
  /** Writes text as is (add the LF yourself). */
  writeRaw(text: string): void;
  /** Closes from the daemon's side. */
  close(): void;
}

export type FakeEvent = { readonly kind: 'accept' | 'end'; readonly connection: number; readonly at: number };

/** Called for each line; may answer on the connection. */
export type FakeHandler = (message: Record<string, unknown>, connection: FakeConnection) => void;

export interface FakeDaemonOptions {
  /** Acknowledge every `session_lease` as the real daemon does (default true). */
  readonly ackLeases?: boolean;
  /** Called when a connection's client side ends. */
  readonly onEnd?: (connection: FakeConnection) => void;
}

/**
 * The fake daemon of agent-adapters.md Part C: a Unix socket server in a
 * private temporary directory that records every line and the order of
 * accepts and ends, closes a fire-and-forget connection once the client
 * half-closed, and otherwise answers only what a test scripts.
 */
export class FakeDaemon {
  readonly connections: FakeConnection[] = [];
  readonly events: FakeEvent[] = [];
  /** Every received line with the index of its connection, in arrival order across connections. */
  readonly lines: { readonly connection: number; readonly message: Record<string, unknown> }[] = [];
  handler: FakeHandler = () => undefined;
  readonly #server: Server;

  private constructor(
    readonly socketPath: string,
    private readonly options: FakeDaemonOptions,
  ) {
    this.#server = createServer((socket) => this.#accept(socket));
  }

  static async start(socketPath: string = tempSocketPath(), options: FakeDaemonOptions = {}): Promise<FakeDaemon> {
    const daemon = new FakeDaemon(socketPath, options);
    await new Promise<void>((resolve, reject) => {
      daemon.#server.once('error', reject);
      daemon.#server.listen(socketPath, () => resolve());
    });
    RUNNING.push(daemon);
    return daemon;
  }

  /** Every received message, in arrival order across connections. */
  messages(): Record<string, unknown>[] {
    return this.lines.map((line) => line.message);
  }

  ofType(type: string): Record<string, unknown>[] {
    return this.messages().filter((message) => message['type'] === type);
  }

  /** The first connection whose first line has `type`, if any. */
  connectionOf(type: string): FakeConnection | undefined {
    return this.connectionsOf(type)[0];
  }

  /** Every connection whose first line has `type`, in accept order (e.g. each `subscribe_actions` waiter). */
  connectionsOf(type: string): FakeConnection[] {
    return this.connections.filter((connection) => connection.received[0]?.['type'] === type);
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(socket: Socket): void {
    const index = this.connections.length;
    this.events.push({ kind: 'accept', connection: index, at: performance.now() });
    const connection: FakeConnection = {
      index,
      socket,
      received: [],
      ended: false,
      writeRaw: (text) => {
        if (!socket.destroyed) socket.write(text);
      },
      send: (message) => connection.writeRaw(`${JSON.stringify(message)}\n`),
      close: () => socket.destroy(),
    };
    this.connections.push(connection);
    const markEnded = () => {
      if (connection.ended) return;
      connection.ended = true;
      this.events.push({ kind: 'end', connection: index, at: performance.now() });
      this.options.onEnd?.(connection);
    };
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        this.#handle(line, connection);
      }
    });
    socket.on('end', () => {
      markEnded();
      socket.end();
    });
    socket.on('close', markEnded);
  }

  #handle(line: string, connection: FakeConnection): void {
    const message = JSON.parse(line) as Record<string, unknown>;
    connection.received.push(message);
    this.lines.push({ connection: connection.index, message });
    if (message['type'] === 'session_lease' && this.options.ackLeases !== false) {
      connection.send({ protocol: 1, type: 'session_lease_ack', lease_id: message['lease_id'] });
    }
    this.handler(message, connection);
  }
}

const RUNNING: FakeDaemon[] = [];
const TEMP_DIRS: string[] = [];

/** A private temporary directory (mode 0700, as mkdtemp creates it), removed by `cleanUpFakes`. */
export function privateTempDir(prefix = 'pl-agents-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  TEMP_DIRS.push(dir);
  return dir;
}

export function tempSocketPath(): string {
  return join(privateTempDir(), 'pad-lattice.sock');
}

/** A socket file nobody listens on: connects are refused (Part C "dead socket"). */
export async function deadSocketPath(): Promise<string> {
  const live = await FakeDaemon.start();
  const dead = join(privateTempDir(), 'dead.sock');
  // A hard link keeps the socket inode after the server unlinks its own path on close.
  linkSync(live.socketPath, dead);
  await live.close();
  return dead;
}

/** Closes every fake daemon and removes every temporary directory of this module. */
export async function cleanUpFakes(): Promise<void> {
  for (const daemon of RUNNING.splice(0)) await daemon.close();
  for (const dir of TEMP_DIRS.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` holds (it may ask a real daemon, hence the promise); fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000, pollMs = 5): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await delay(pollMs);
  }
}

/** A `state_ack` as the daemon sends it (wire-protocol-1.md §7.1), usable as a lease notification's `session`. */
export function stateAck(
  backend: string,
  sessionId: string,
  fields: { scene: number | null; accent: string | null; label: string; state?: string },
): Record<string, unknown> {
  return {
    protocol: 1,
    type: 'state_ack',
    backend,
    session_id: sessionId,
    state: fields.state ?? 'waiting_for_reply',
    slot: fields.scene === null ? null : fields.scene - 1,
    scene: fields.scene,
    accent: fields.accent,
    selected: false,
    leased: true,
    label: fields.label,
  };
}

/** A complete `status` reply (wire-protocol-1.md §7.5) listing `sessions` (state_ack-shaped entries with metadata). */
export function statusWith(...sessions: Record<string, unknown>[]): Record<string, unknown> {
  return {
    protocol: 1,
    type: 'status',
    profile: 'virtual',
    visual_protocol: 1,
    input: '',
    output: '',
    surfaces: [],
    selected: null,
    overflow_count: 0,
    activity_motion: true,
    audio_feedback: false,
    experience: null,
    preview_active: false,
    session_ttl: 0,
    sessions,
  };
}
