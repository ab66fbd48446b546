import type { IncomingMessage } from 'node:http';
import { acceptedHost, headerValues, type HostPolicy } from './host-header.js';
import { isSameOrigin } from './origin-check.js';
import { BAD_REQUEST, INVALID_HOST, METHOD_NOT_ALLOWED, NOT_FOUND, ORIGIN_REJECTED, UPGRADE_REQUIRED, type BridgeResponse } from './responses.js';
import { serveAsset } from './static-assets.js';

/** What routing decided: answer with a response, or hand the socket to the WebSocket transport. */
export type Route = { readonly kind: 'respond'; readonly response: BridgeResponse } | { readonly kind: 'websocket' };

export interface RouterContext {
  /** Read per request: LAN configuration can arrive after the listeners started. */
  hostPolicy(): HostPolicy;
  readonly assetRoot: string;
}

const LIVE_CONFIG: BridgeResponse = {
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from('{"mode":"live","protocol":1}', 'utf8'),
};

function respond(response: BridgeResponse): Route {
  return { kind: 'respond', response };
}

/**
 * Routes one request in the normative order of §3.2, after the transport
 * rules of §3.1 (only body-less HTTP/1.1 GET is served; others get 405/400
 * and no content). `isUpgrade` is true when Node delivered the request as an
 * upgrade, the only way a WebSocket handshake can proceed.
 */
export async function routeRequest(request: IncomingMessage, isUpgrade: boolean, context: RouterContext): Promise<Route> {
  if (request.method !== 'GET') return respond(METHOD_NOT_ALLOWED);
  const carriesBody = headerValues(request.rawHeaders, 'content-length').length > 0 || headerValues(request.rawHeaders, 'transfer-encoding').length > 0;
  if (request.httpVersion !== '1.1' || carriesBody) return respond(BAD_REQUEST);
  if (acceptedHost(request.rawHeaders, context.hostPolicy()) === null) return respond(INVALID_HOST);
  const target = request.url ?? '';
  if (!target.startsWith('/')) return respond(NOT_FOUND);
  const path = target.split(/[?#]/, 1)[0]!;
  if (path === '/ws') {
    if (!isSameOrigin(request.rawHeaders)) return respond(ORIGIN_REJECTED);
    return isUpgrade ? { kind: 'websocket' } : respond(UPGRADE_REQUIRED);
  }
  if (path === '/config.json') return respond(LIVE_CONFIG);
  return respond(await serveAsset(context.assetRoot, path));
}
