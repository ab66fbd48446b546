import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Byte-identical to the contract (§3.3): the app has no inline script or style; the QR is a data: image. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** A response the bridge builds itself; it always leaves with the security headers. */
export interface BridgeResponse {
  readonly status: number;
  /** Full media type including any charset parameter. */
  readonly contentType: string;
  readonly body: Buffer;
}

export function textResponse(status: number, text: string): BridgeResponse {
  return { status, contentType: 'text/plain; charset=utf-8', body: Buffer.from(text, 'utf8') };
}

export const INVALID_HOST = textResponse(400, 'Invalid Host\n');
export const ORIGIN_REJECTED = textResponse(403, 'WebSocket origin rejected\n');
export const NOT_FOUND = textResponse(404, 'Not found\n');
export const METHOD_NOT_ALLOWED = textResponse(405, 'Method not allowed\n');
export const BAD_REQUEST = textResponse(400, 'Bad request\n');
export const UPGRADE_REQUIRED = textResponse(426, 'Upgrade required\n');

/** Exactly the seven headers of §3.3, in that order. */
export function securityHeaders(response: BridgeResponse): [string, string][] {
  return [
    ['Content-Type', response.contentType],
    ['Content-Length', String(response.body.byteLength)],
    ['Cache-Control', 'no-store'],
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
}

/** One response per connection: no Date, no Server, no keep-alive. */
export function sendResponse(res: ServerResponse, response: BridgeResponse): void {
  res.sendDate = false;
  res.shouldKeepAlive = false;
  res.writeHead(response.status, Object.fromEntries(securityHeaders(response)));
  res.end(response.body);
}

/** The same response written by hand on a socket that asked to upgrade (Node gives no ServerResponse there). */
export function sendRawResponse(socket: Duplex, response: BridgeResponse): void {
  const head = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`,
    ...securityHeaders(response).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), response.body]));
}
