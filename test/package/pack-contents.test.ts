import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What `npm pack --dry-run --json` says of one tarball. */
interface PackReport {
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

/*
 * The package a user installs, as npm would pack this checkout after `npm run build`
 * (`npm test` builds first). Scripts are skipped: the build is not under test here,
 * what `files` in package.json lets into the tarball is.
 */
describe('the npm package (npm pack --dry-run)', () => {
  let pack: PackReport;
  beforeAll(() => {
    const json = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    pack = (JSON.parse(json) as PackReport[])[0]!;
  }, 60_000);

  it('carries no source map, build cache, build stamp or audio file', () => {
    const unwanted = pack.files.filter(({ path }) => /\.(map|tsbuildinfo|wav)$|\.build-inputs\.json$|(^|\/)\.tsbuildinfo\//.test(path));
    expect(unwanted.map(({ path }) => path)).toEqual([]);
  });

  it('carries the browser app once, bundled into a few modules', () => {
    expect(pack.files.some(({ path }) => path.startsWith('dist/web-public/'))).toBe(false);
    const app = pack.files.filter(({ path }) => path.startsWith('dist/web-app/'));
    expect(app.some(({ path }) => path === 'dist/web-app/index.html')).toBe(true);
    expect(app.filter(({ path }) => path.endsWith('.js')).length).toBeLessThanOrEqual(8);
    expect(app.length).toBeLessThanOrEqual(15);
  });

  it('holds no file twice, but for the two packaged manifests the static app carries beside the daemon’s', () => {
    const byDigest = new Map<string, string[]>();
    for (const { path } of pack.files) {
      const digest = createHash('sha256')
        .update(readFileSync(join(REPO, path)))
        .digest('hex');
      byDigest.set(digest, [...(byDigest.get(digest) ?? []), path]);
    }
    const repeated = [...byDigest.values()].filter((paths) => paths.length > 1).map((paths) => paths.sort());
    expect(repeated.sort()).toEqual([
      ['demos/three-agents.demo.json', 'dist/web-app/experiences/demo-v1.json'],
      ['dist/web-app/experiences/constellation-v1.json', 'shows/night-shift.performance.json'],
    ]);
  });

  it('stays small: under 1.5 MB packed and 4 MB installed', () => {
    expect(pack.size).toBeLessThan(1.5 * 1024 * 1024);
    expect(pack.unpackedSize).toBeLessThan(4 * 1024 * 1024);
  });
});
