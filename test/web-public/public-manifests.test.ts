import { describe, expect, it } from 'vitest';
import { ManifestError } from '../../src/experiences/index.js';
import { PUBLIC_DEMO_URL, PUBLIC_SHOW_URL, browserFetchJson, loadPublicManifests, type FetchJson, type FetchLike } from '../../src/web/app/public-manifests.js';
import { DEMO_PATH, SHOW_PATH, clone, readJson } from '../experiences/helpers/files.js';

/** Serves the packaged manifests at the public URLs, with optional replacements. */
function packagedFiles(replace: Partial<Record<string, unknown>> = {}): { fetchJson: FetchJson; asked: string[] } {
  const asked: string[] = [];
  const files: Record<string, unknown> = { [PUBLIC_DEMO_URL]: readJson(DEMO_PATH), [PUBLIC_SHOW_URL]: readJson(SHOW_PATH), ...replace };
  return {
    asked,
    fetchJson: async (url) => {
      asked.push(url);
      if (!(url in files)) throw new Error(`${url}: HTTP 404`);
      return files[url];
    },
  };
}

describe('offline app manifests (experiences.md §13)', () => {
  it('loads ./experiences/demo-v1.json and ./experiences/constellation-v1.json through the full loaders', async () => {
    const { fetchJson, asked } = packagedFiles();
    const manifests = await loadPublicManifests(fetchJson);
    expect(asked.sort()).toEqual(['./experiences/constellation-v1.json', './experiences/demo-v1.json']);
    expect(manifests.demo.initialStage).toBe('select_reviewer');
    expect(manifests.show.timeline.cueIndexAt(manifests.show.manifest.durationMs - 1)).toBe(manifests.show.manifest.cues.length - 1);
  });

  it('refuses a Demo whose headers are fine but whose graph is not (an unreachable stage)', async () => {
    const demo = clone(readJson(DEMO_PATH)) as { stages: Record<string, unknown>[] };
    demo.stages.push({ ...clone(demo.stages.at(-1)!), id: 'orphan' });
    const failure = loadPublicManifests(packagedFiles({ [PUBLIC_DEMO_URL]: demo }).fetchJson);
    await expect(failure).rejects.toBeInstanceOf(ManifestError);
    await expect(failure).rejects.toThrow(/^demo-v1\.json\.stages: .*unreachable/);
  });

  it('refuses a Show whose cue timeline does not add up, naming the file', async () => {
    const show = clone(readJson(SHOW_PATH)) as { cues: { duration_ms: number }[] };
    show.cues[0]!.duration_ms += 1;
    await expect(loadPublicManifests(packagedFiles({ [PUBLIC_SHOW_URL]: show }).fetchJson)).rejects.toThrow(
      /^constellation-v1\.json\.duration_ms: .*cue timeline/,
    );
  });

  it('a missing file fails the load', async () => {
    const { fetchJson } = packagedFiles();
    await expect(loadPublicManifests((url) => (url === PUBLIC_SHOW_URL ? Promise.reject(new Error(`${url}: HTTP 404`)) : fetchJson(url)))).rejects.toThrow(
      'constellation-v1.json: HTTP 404',
    );
  });

  it('fetches without the cache and treats a non-2xx answer as missing', async () => {
    const calls: [string, unknown][] = [];
    const fake =
      (status: number, body: string): FetchLike =>
      async (url, init) => {
        calls.push([url, init]);
        return new Response(body, { status });
      };
    expect(await browserFetchJson(fake(200, '{"a":1}'))('./x.json')).toEqual({ a: 1 });
    expect(calls[0]).toEqual(['./x.json', { cache: 'no-store' }]);
    await expect(browserFetchJson(fake(404, 'Not found\n'))('./y.json')).rejects.toThrow('./y.json: HTTP 404');
  });
});
