import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type ServerOptions, type WebSocket } from 'ws';
import { CLOSE_TIMEOUT_MS, KEEPALIVE_INTERVAL_MS, MAX_WEB_MESSAGE_BYTES } from '../limits.js';

/** One inbound WebSocket message as the transport delivered it. */
export interface InboundFrame {
  readonly bytes: Buffer;
  readonly binary: boolean;
}

/** The only view of a WebSocket the rest of the bridge has; `ws` stays inside this file. */
export interface BrowserSocket {
  /** Queues one text frame; false when the socket is no longer open. */
  send(text: string): boolean;
  close(code: number, reason?: string): void;
  /** Drops the TCP connection without a close handshake. */
  terminate(): void;
  /** Bytes queued for this peer and not yet written. */
  readonly bufferedAmount: number;
  onMessage(listener: (frame: InboundFrame) => void): void;
  /** Called once, however the socket ended. */
  onClose(listener: () => void): void;
}

export interface WebSocketTransport {
  /** Completes (or, for a malformed handshake, refuses with 4xx) an upgrade the router approved. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, accepted: (socket: BrowserSocket) => void): void;
}

/**
 * §5.2: no compression, no subprotocol (the library would otherwise pick the
 * first offered), 16384-byte messages (larger closes with 1009), a 1 s close
 * handshake. Messages are handled synchronously as they arrive, so no unread
 * backlog builds up on the server side.
 */
export function createWebSocketTransport(): WebSocketTransport {
  const options: ServerOptions & { closeTimeout: number } = {
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: MAX_WEB_MESSAGE_BYTES,
    handleProtocols: () => false,
    closeTimeout: CLOSE_TIMEOUT_MS,
  };
  const server = new WebSocketServer(options);
  return {
    upgrade(request, socket, head, accepted) {
      server.handleUpgrade(request, socket, head, (ws) => accepted(wrapSocket(ws)));
    },
  };
}

function wrapSocket(ws: WebSocket): BrowserSocket {
  const closeListeners: (() => void)[] = [];
  const keepalive = startKeepalive(ws);
  // Transport errors (oversize frame, bad UTF-8 in a text frame) are followed by a close the library performs.
  ws.on('error', () => undefined);
  ws.on('close', () => {
    clearInterval(keepalive);
    for (const listener of closeListeners) listener();
  });
  return {
    send(text) {
      if (ws.readyState !== ws.OPEN) return false;
      ws.send(text, (error) => {
        if (error) ws.terminate();
      });
      return true;
    },
    close: (code, reason) => ws.close(code, reason),
    terminate: () => ws.terminate(),
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    onMessage(listener) {
      ws.on('message', (data: RawData, isBinary: boolean) => listener({ bytes: toBuffer(data), binary: isBinary }));
    },
    onClose(listener) {
      closeListeners.push(listener);
    },
  };
}

/** Pings every 20 s and drops a peer that did not answer the previous ping. */
function startKeepalive(ws: WebSocket): NodeJS.Timeout {
  let answered = true;
  ws.on('pong', () => {
    answered = true;
  });
  return setInterval(() => {
    if (!answered) {
      ws.terminate();
      return;
    }
    answered = false;
    ws.ping();
  }, KEEPALIVE_INTERVAL_MS);
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
