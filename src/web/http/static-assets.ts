import { readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { NOT_FOUND, type BridgeResponse } from './responses.js';

/** A fixed table (§3.3): the host's MIME database must not decide what a browser executes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
  '.png': 'image/png',
  '.ico': 'image/vnd.microsoft.icon',
  '.woff2': 'font/woff2',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The bundle-relative file a request path names, or null (§3.5): percent-
 * decoded, leading slashes stripped, empty and `.` segments dropped; any `..`,
 * NUL or undecodable escape is refused.
 */
export function assetPathFor(requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\u0000')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return null;
  return segments.length === 0 ? 'index.html' : segments.join('/');
}

/** 200 with the whole file, or 404 for anything missing, a directory or unreadable. */
export async function serveAsset(assetRoot: string, requestPath: string): Promise<BridgeResponse> {
  const relative = assetPathFor(requestPath);
  if (relative === null) return NOT_FOUND;
  const absolute = join(assetRoot, relative);
  try {
    if (!(await stat(absolute)).isFile()) return NOT_FOUND;
    return { status: 200, contentType: contentTypeFor(absolute), body: await readFile(absolute) };
  } catch {
    return NOT_FOUND;
  }
}
