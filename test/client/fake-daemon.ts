import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One accepted connection of the fake daemon. */
export interface FakeConnection {
  readonly socket: Socket;
  /** Parsed lines this connection sent, in order. */
  readonly received: unknown[];
  /** The same lines as raw text, without the LF. */
  readonly rawLines: string[];
  /** True once the client closed or reset the connection. */
  readonly ended: () => boolean;
  /** Writes raw text (the caller adds the LF when it wants one). */
  writeRaw(text: string): void;
  send(message: object): void;
}

/** Decides the reply to one parsed client line: an object to send, raw text, or nothing. */
export type FakeHandler = (message: Record<string, unknown>, connection: FakeConnection) => object | string | undefined;

/**
 * A tiny NDJSON server on a temporary Unix socket. It stands in for the daemon
 * where a test needs to control the daemon's bytes exactly (silence, garbage,
 * oversize lines) rather than its behaviour.
 */
export class FakeDaemon {
  readonly connections: FakeConnection[] = [];
  private readonly server: Server;

  private constructor(
    readonly socketPath: string,
    private handler: FakeHandler,
  ) {
    this.server = createServer((socket) => this.accept(socket));
  }

  static async start(handler: FakeHandler = () => undefined, socketPath = tempSocketPath()): Promise<FakeDaemon> {
    const fake = new FakeDaemon(socketPath, handler);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject);
      fake.server.listen(socketPath, () => resolve());
    });
    return fake;
  }

  setHandler(handler: FakeHandler): void {
    this.handler = handler;
  }

  /** All parsed lines from every connection, in connection order. */
  allReceived(): unknown[] {
    return this.connections.flatMap((c) => c.received);
  }

  /** Resolves once `count` connections have been accepted. */
  async waitForConnections(count: number): Promise<void> {
    while (this.connections.length < count) await delay(5);
  }

  /** Resolves once the total number of received lines reaches `count`. */
  async waitForLines(count: number): Promise<void> {
    while (this.allReceived().length < count) await delay(5);
  }

  /** Stops listening, destroys open connections and removes the socket file. */
  async close(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    let ended = false;
    socket.on('close', () => {
      ended = true;
    });
    const connection: FakeConnection = {
      socket,
      received: [],
      rawLines: [],
      ended: () => ended,
      writeRaw: (text) => {
        if (!socket.destroyed) socket.write(text);
      },
      send: (message) => connection.writeRaw(`${JSON.stringify(message)}\n`),
    };
    this.connections.push(connection);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim() !== '') this.handleLine(line, connection);
        newline = buffer.indexOf('\n');
      }
    });
  }

  private handleLine(line: string, connection: FakeConnection): void {
    connection.rawLines.push(line);
    const message = JSON.parse(line) as Record<string, unknown>;
    connection.received.push(message);
    const reply = this.handler(message, connection);
    if (typeof reply === 'string') connection.writeRaw(reply);
    else if (reply !== undefined) connection.send(reply);
  }
}

/** A fresh socket path in its own temporary directory (removed by `removeTempSocketDirs`). */
export function tempSocketPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pl-client-'));
  TEMP_DIRS.push(dir);
  return join(dir, 'daemon.sock');
}

const TEMP_DIRS: string[] = [];

export function removeTempSocketDirs(): void {
  for (const dir of TEMP_DIRS.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
