import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from './helpers/raw-http.js';
import { startTestBridge, type TestBridge } from './helpers/test-bridge.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe('browser app bundle (scripts/build-web.mjs)', () => {
  let out: string;
  let web: TestBridge;

  beforeAll(async () => {
    out = join(mkdtempSync(join(tmpdir(), 'pad-lattice-app-')), 'web-app');
    execFileSync(process.execPath, [join(REPO, 'scripts', 'build-web.mjs'), '--out', out], { stdio: 'pipe' });
    web = await startTestBridge({ assetRoot: out });
  }, 60_000);
  afterAll(async () => {
    await web.stop();
    rmSync(dirname(out), { recursive: true, force: true });
  });

  it('writes the page, its stylesheet, the bundled entry module, the manifests and the static config', () => {
    for (const file of [
      'index.html',
      'pad-lattice-logo.svg',
      'assets/styles.css',
      'assets/app.js',
      'experiences/demo-v1.json',
      'experiences/constellation-v1.json',
    ]) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(out, 'config.json'), 'utf8'))).toEqual({ mode: 'demo', protocol: 1 });
  });

  it('has no inline script or style, as the Content-Security-Policy requires', () => {
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="[^"]+"/);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('never parses agent text as HTML', () => {
    const sources = filesUnder(join(REPO, 'src', 'web', 'app')).filter((file) => file.endsWith('.ts'));
    for (const file of sources) {
      expect(readFileSync(file, 'utf8'), relative(REPO, file)).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
  });

  it('bundles the app into a few minified modules whose imports all resolve, with no source map, build cache or audio file', () => {
    const files = filesUnder(out).map((file) => relative(out, file));
    const modules = files.filter((file) => file.endsWith('.js'));
    expect(modules.length, modules.join(' ')).toBeLessThanOrEqual(8);
    expect(files.length, files.join(' ')).toBeLessThanOrEqual(15);
    expect(files.filter((file) => /\.(map|tsbuildinfo|wav)$/.test(file))).toEqual([]);
    let checked = 0;
    for (const file of modules) {
      const text = readFileSync(join(out, file), 'utf8');
      for (const match of text.matchAll(/(?:\bfrom|\bimport\s*\()\s*["']([^"']+)["']/g)) {
        expect(match[1]!.startsWith('./'), `${file} imports ${match[1]}`).toBe(true);
        expect(existsSync(resolve(dirname(join(out, file)), match[1]!)), `${file} imports ${match[1]}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(2);
    // Minified: the compiled but unbundled modules came to about 1 MB.
    const bytes = modules.reduce((sum, file) => sum + readFileSync(join(out, file)).length, 0);
    expect(bytes).toBeLessThan(250 * 1024);
  });

  it('is served by the bridge with the live config shadowing the static one', async () => {
    const host = `Host: 127.0.0.1:${web.port}`;
    const page = await get(web.port, '/', [host]);
    expect(page.body).toContain('<script type="module" src="assets/app.js"></script>');
    const main = await get(web.port, '/assets/app.js', [host]);
    expect(main.status).toBe(200);
    expect(main.header('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get(web.port, '/config.json', [host])).body).toBe('{"mode":"live","protocol":1}');
  });
});
