import { resolve } from 'node:path';
import WebSocket from 'ws';

/*
 * The one file of the Codex adapter that imports `ws` (ARCHITECTURE.md rule 1):
 * Codex's app-server serves its JSON-RPC on a Unix socket as WebSocket, one
 * message per text frame, after an HTTP/1.1 upgrade on any path. The browser
 * pad's adapter (src/web/server/ws-adapter.ts) is the library's server half;
 * this is its client half, and the two share no code.
 */

/** The app-server announces 16 MiB (`x-codex-websocket-max-unfragmented-message-bytes`); nothing we read comes near it. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** The only view of the connection the rest of the adapter has. */
export interface TextSocket {
  /** Sends one text frame; false once the socket is no longer open. */
  send(text: string): boolean;
  /** Every text frame, in order (binary frames are dropped: the protocol has none). */
  onText(listener: (text: string) => void): void;
  /** Called once, however the connection ended. */
  onClose(listener: () => void): void;
  close(): void;
}

/**
 * Opens a WebSocket on the Unix socket at `socketPath` (made absolute: the
 * library reads `ws+unix://<path>:<request path>`). Rejects when the socket
 * cannot be reached or the upgrade is refused within `timeoutMs`.
 */
export function openUnixTextSocket(socketPath: string, timeoutMs: number): Promise<TextSocket> {
  return new Promise((resolvePromise, reject) => {
    const ws = new WebSocket(`ws+unix://${resolve(socketPath)}:/`, { handshakeTimeout: timeoutMs, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
    const failed = (error: Error) => reject(error);
    ws.once('error', failed);
    ws.once('open', () => {
      ws.off('error', failed);
      // Later transport errors end in a close, which onClose reports.
      ws.on('error', () => undefined);
      resolvePromise(wrap(ws));
    });
  });
}

function wrap(ws: WebSocket): TextSocket {
  return {
    send(text) {
      if (ws.readyState !== WebSocket.OPEN) return false;
      ws.send(text);
      return true;
    },
    onText(listener) {
      ws.on('message', (data, isBinary) => {
        if (!isBinary) listener(data.toString());
      });
    },
    onClose(listener) {
      if (ws.readyState === WebSocket.CLOSED) listener();
      else ws.once('close', () => listener());
    },
    close() {
      ws.terminate();
    },
  };
}
