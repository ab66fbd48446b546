import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentTypeFor } from '../../../src/web/http/static-assets.js';
import { CONTENT_SECURITY_POLICY } from '../../../src/web/http/responses.js';

/** What `npm run build` writes (scripts/build-web.mjs): the one bundle the daemon serves and a static host hosts as it is. */
export const PUBLIC_BUNDLE = fileURLToPath(new URL('../../../dist/web-app/', import.meta.url));

export interface StaticSite {
  readonly url: string;
  /** Paths requested so far, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A plain static web server, as any static host would be: files under
 * `root`, nothing else — no `/config.json` route, no WebSocket. It sends the
 * bridge's Content-Security-Policy, so the offline app is proven to run under
 * it. `overrides` replace single files (a path → the body to send instead).
 */
export async function serveStaticSite(root: string, overrides: ReadonlyMap<string, string> = new Map()): Promise<StaticSite> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname);
    requests.push(path);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'Content-Type': type, 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    const override = overrides.get(path);
    if (override !== undefined) return send(200, contentTypeFor(path), override);
    const file = join(root, normalize(path === '/' ? '/index.html' : path));
    if (!file.startsWith(root)) return send(404, 'text/plain', 'Not found\n');
    stat(file)
      .then((info) => (info.isFile() ? readFile(file).then((body) => send(200, contentTypeFor(file), body)) : send(404, 'text/plain', 'Not found\n')))
      .catch(() => send(404, 'text/plain', 'Not found\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
