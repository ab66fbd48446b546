import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionCap } from './connection-cap.js';
import { CLOSE_TIMEOUT_MS, MAX_HEADER_BYTES, MAX_REQUEST_HEADERS, REQUEST_DEADLINE_CHECK_MS, REQUEST_TIMEOUT_MS } from '../limits.js';
import { routeRequest, type RouterContext } from '../http/request-router.js';
import { NOT_FOUND, sendRawResponse, sendResponse } from '../http/responses.js';
import type { WebLogger } from './web-logger.js';
import { errorMessage } from '../../support/error-message.js';

export interface ListenerHandlers {
  readonly router: RouterContext;
  readonly logger: WebLogger;
  /** Counts every accepted connection against its peer and closes one over the peer's limit. */
  readonly cap: ConnectionCap;
  /** A `/ws` upgrade the router approved. */
  webSocket(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * One HTTP server running the shared handler (§1: both listeners are
 * identical; the peer address alone decides roles). Host-header checks are
 * the bridge's own, so Node's built-in Host requirement is off; the other
 * limits match the reference's library (§3.1): a request, or a connection
 * that never sends one, is closed 10 s (at most 11 s) after it began.
 */
export function createListener(handlers: ListenerHandlers): Server {
  const server = createServer({
    requireHostHeader: false,
    maxHeaderSize: MAX_HEADER_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    headersTimeout: REQUEST_TIMEOUT_MS,
    // Node checks those two only this often (30 s by default), so a slow request outlived them by up to 30 s.
    connectionsCheckingInterval: REQUEST_DEADLINE_CHECK_MS,
  });
  server.maxHeadersCount = MAX_REQUEST_HEADERS;
  server.on('connection', (socket: Socket) => handlers.cap.admit(socket));
  // A connection that sends nothing at all starts no request; inactivity ends it. The WebSocket library lifts this on upgrade.
  server.timeout = REQUEST_TIMEOUT_MS;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    routeRequest(request, false, handlers.router)
      // Without an upgrade, routing never chooses the WebSocket path.
      .then((route) => sendResponse(response, route.kind === 'respond' ? route.response : NOT_FOUND))
      .catch((error: unknown) => failRequest(handlers.logger, error, () => sendResponse(response, NOT_FOUND)));
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    routeRequest(request, true, handlers.router)
      .then((route) => {
        if (route.kind === 'websocket') handlers.webSocket(request, socket, head);
        else sendRawResponse(socket, route.response);
      })
      .catch((error: unknown) => failRequest(handlers.logger, error, () => sendRawResponse(socket, NOT_FOUND)));
  });
  return server;
}

function failRequest(logger: WebLogger, error: unknown, answer: () => void): void {
  logger.error(`web: request failed: ${errorMessage(error)}`);
  try {
    answer();
  } catch {
    // The connection is already gone.
  }
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', failed);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/** Stops accepting; connections still open once WebSocket close handshakes had their time are cut. */
export function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const cutoff = setTimeout(() => server.closeAllConnections(), CLOSE_TIMEOUT_MS);
    server.close(() => {
      clearTimeout(cutoff);
      resolve();
    });
    server.closeIdleConnections();
  });
}
