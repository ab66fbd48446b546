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

  it('writes the page, its stylesheet, the compiled modules and the static config', () => {
    for (const file of ['index.html', 'pad-lattice-logo.svg', 'assets/styles.css', 'assets/web/app/main.js']) {
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

  it('resolves every module import inside the bundle, so the browser loads it without a bundler', () => {
    const modules = filesUnder(join(out, 'assets')).filter((file) => file.endsWith('.js'));
    let checked = 0;
    for (const file of modules) {
      const specifiers = [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!);
      for (const specifier of specifiers) {
        expect(specifier.startsWith('.'), `${relative(out, file)} imports ${specifier}`).toBe(true);
        expect(existsSync(resolve(dirname(file), specifier)), `${relative(out, file)} imports ${specifier}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is served by the bridge with the live config shadowing the static one', async () => {
    const host = `Host: 127.0.0.1:${web.port}`;
    const page = await get(web.port, '/', [host]);
    expect(page.body).toContain('<script type="module" src="assets/web/app/main.js"></script>');
    const main = await get(web.port, '/assets/web/app/main.js', [host]);
    expect(main.status).toBe(200);
    expect(main.header('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get(web.port, '/config.json', [host])).body).toBe('{"mode":"live","protocol":1}');
  });
});
