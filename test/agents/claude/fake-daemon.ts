import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One accepted connection: what it sent, and a way to answer on it. */
export interface RecordedConnection {
  readonly index: number;
  readonly socket: Socket;
  readonly received: Record<string, unknown>[];
  /** True once the client's side ended (end-of-stream, reset or close). */
  ended: boolean;
  send(message: object): void;
  writeRaw(text: string): void;
  /** Closes from the daemon's side. */
  close(): void;
}

/** Accept/end events in the order the server saw them (agent-adapters.md Part C). */
export type ConnectionEvent = { readonly kind: 'accept' | 'end'; readonly connection: number };

export type Handler = (message: Record<string, unknown>, connection: RecordedConnection) => void;

/**
 * The fake daemon of Part C: a Unix socket server that records every line
 * and the order of accepts and ends, acknowledges leases like the real
 * daemon, closes fire-and-forget connections once the client has half-closed,
 * and otherwise answers only what a test scripts.
 */
export class RecordingDaemon {
  readonly connections: RecordedConnection[] = [];
  readonly events: ConnectionEvent[] = [];
  /** Every received line with the index of its connection, in arrival order. */
  readonly lines: { readonly connection: number; readonly message: Record<string, unknown> }[] = [];
  handler: Handler = () => undefined;
  #server: Server;

  private constructor(readonly socketPath: string) {
    this.#server = createServer((socket) => this.#accept(socket));
  }

  static async start(socketPath: string): Promise<RecordingDaemon> {
    const daemon = new RecordingDaemon(socketPath);
    await new Promise<void>((resolve, reject) => {
      daemon.#server.once('error', reject);
      daemon.#server.listen(socketPath, () => resolve());
    });
    return daemon;
  }

  messages(): Record<string, unknown>[] {
    return this.lines.map((line) => line.message);
  }

  ofType(type: string): Record<string, unknown>[] {
    return this.messages().filter((message) => message['type'] === type);
  }

  /** Connections whose first line was a `subscribe_actions`. */
  subscriptions(): RecordedConnection[] {
    return this.connections.filter((connection) => connection.received[0]?.['type'] === 'subscribe_actions');
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #accept(socket: Socket): void {
    const index = this.connections.length;
    this.events.push({ kind: 'accept', connection: index });
    const connection: RecordedConnection = {
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
      this.events.push({ kind: 'end', connection: index });
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
    // A client that half-closes after its one line expects the daemon to close too.
    socket.on('end', () => {
      markEnded();
      socket.end();
    });
    socket.on('close', markEnded);
  }

  #handle(line: string, connection: RecordedConnection): void {
    const message = JSON.parse(line) as Record<string, unknown>;
    connection.received.push(message);
    this.lines.push({ connection: connection.index, message });
    if (message['type'] === 'session_lease') {
      connection.send({ protocol: 1, type: 'session_lease_ack', lease_id: message['lease_id'] });
    }
    this.handler(message, connection);
  }
}

/** A private temporary directory (mode 0700, as mkdtemp creates it). */
export function privateTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  TEMP_DIRS.push(dir);
  return dir;
}

const TEMP_DIRS: string[] = [];

export function removeTempDirs(): void {
  for (const dir of TEMP_DIRS.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` holds; throws with `what` when it never does. */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await delay(5);
  }
}

/** The `session` member of a lease notification: a complete `state_ack` (wire-protocol-1.md §7.3). */
export function sessionObject(backend: string, sessionId: string, fields: { scene: number | null; accent: string | null; label: string }): Record<string, unknown> {
  return {
    protocol: 1,
    type: 'state_ack',
    backend,
    session_id: sessionId,
    state: 'waiting_for_reply',
    slot: fields.scene === null ? null : fields.scene - 1,
    scene: fields.scene,
    accent: fields.accent,
    selected: false,
    leased: true,
    label: fields.label,
  };
}
