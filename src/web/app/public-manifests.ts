import { parseDemoManifest } from '../../experiences/manifest/demo-loader.js';
import { parsePerformanceManifest } from '../../experiences/manifest/performance-loader.js';
import { prepareShow } from './public-show.js';
import type { PublicManifests } from './public-runtime.js';

/** Where the public bundle keeps the two manifests (experiences.md §11.5, §13), relative to the page. */
export const PUBLIC_DEMO_URL = './experiences/demo-v1.json';
export const PUBLIC_SHOW_URL = './experiences/constellation-v1.json';

/** Fetches one URL's JSON; a browser passes `fetch` with `cache: 'no-store'`, tests pass a stand-in. */
export type FetchJson = (url: string) => Promise<unknown>;

/** The part of `fetch` used here, so the same code type-checks against the DOM and against Node. */
export type FetchLike = (url: string, init: { cache: 'no-store' }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** `fetch` without the cache, failing on any status but 2xx so a missing file reads as missing, not as bad JSON. */
export function browserFetchJson(fetchImpl: FetchLike): FetchJson {
  return async (url) => {
    const response = await fetchImpl(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  };
}

/**
 * Both manifests through the same full loaders the daemon uses (the
 * reference browser checked only their headers); the first problem throws,
 * naming the file and the JSON location.
 */
export async function loadPublicManifests(fetchJson: FetchJson): Promise<PublicManifests> {
  const [demo, show] = await Promise.all([fetchJson(PUBLIC_DEMO_URL), fetchJson(PUBLIC_SHOW_URL)]);
  return { demo: parseDemoManifest(demo, 'demo-v1.json'), show: prepareShow(parsePerformanceManifest(show, 'constellation-v1.json')) };
}
