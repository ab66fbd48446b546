#!/usr/bin/env node
// Builds the browser pad into dist/web-app (or the folder given with --out): the app's
// TypeScript type-checked through its own tsconfig (DOM, ES modules), then bundled and
// minified by vite into a few files under assets/ (one entry for the page, one chunk the
// offline mode loads on demand), the static HTML, CSS and images copied beside it, and the
// packaged Demo and Show manifests under experiences/; file-page.ts becomes a classic script of its own
// (the one thing that runs when the page is opened from disk). No audio file is written: the page
// renders its earcons and the Show soundtrack itself with the bundled src/audio. The same
// folder serves the daemon (which shadows config.json with live mode) and any static host
// (whose config.json says demo). When none of its inputs changed since the last build and
// its outputs are all still there, it does nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1] ?? '') : join(root, 'dist', 'web-app');
const appDir = join(root, 'src', 'web', 'app');

// The bundle's experiences/ folder (web-surface-protocol-1.md §3.5) at the public paths of
// experiences.md §11.5 and §13, filled with the files src/experiences/packaged.ts names.
// The offline app plays both; the live app reads the Show's cues to render its soundtrack.
const EXPERIENCE_FILES = [
  ['demos/three-agents.demo.json', 'experiences/demo-v1.json'],
  ['shows/night-shift.performance.json', 'experiences/constellation-v1.json'],
];

/** The page's entry module, named in static/index.html. */
const ENTRY = 'assets/app.js';
/** A classic script beside it, the only code that runs when the page is opened from a file (file-page.ts). */
const FILE_PAGE = 'assets/file-page.js';

// ---- Skipping an unchanged build ----
// `npm ci` builds (prepare) and `npm test` builds again: the second build must cost nothing.
// The inputs are everything the steps read: all of src/ (the app imports across it), the
// packaged manifests, this script, the lockfile (vite, TypeScript, zod) and the output folder.
// A stamp beside the app folder records their digest and every output file's size; a build is
// skipped only when both still hold. The stamp is a build cache: package.json keeps it out of
// the package.
const stampFile = join(dirname(out), `${basename(out)}.build-inputs.json`);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

function inputsDigest() {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ out, node: process.version }));
  const inputs = [
    ...filesUnder(join(root, 'src')),
    ...EXPERIENCE_FILES.map(([source]) => join(root, source)),
    fileURLToPath(import.meta.url),
    join(root, 'package-lock.json'),
  ];
  for (const file of inputs) {
    hash.update(`\0${relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function outputSizes() {
  return Object.fromEntries(filesUnder(out).map((file) => [file, statSync(file).size]));
}

function upToDate(digest) {
  if (!existsSync(stampFile)) return false;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  if (stamp.digest !== digest) return false;
  return Object.entries(stamp.outputs).every(([file, size]) => existsSync(file) && statSync(file).size === size);
}

const digest = inputsDigest();
if (upToDate(digest)) {
  console.log(`build-web: ${out} is up to date (no input changed); nothing to do`);
  process.exit(0);
}
rmSync(stampFile, { force: true });
// ---- end of the skip step ----

// vite only strips types; the type check is tsc's, against the app's own tsconfig (DOM types).
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const check = spawnSync(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json'), '--noEmit'], { stdio: 'inherit' });
if (check.status !== 0) {
  console.error('build-web: type-checking the browser app failed');
  process.exit(check.status ?? 1);
}

rmSync(out, { recursive: true, force: true });
const { build } = await import('vite');
/** One vite build into `out`: minified, no source maps, nothing copied from a public folder. */
const bundle = (extra) =>
  build({
    configFile: false,
    root: appDir,
    publicDir: false,
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: false, sourcemap: false, minify: true, copyPublicDir: false, ...extra },
  });
try {
  await bundle({
    // The page's CSP allows no inline script, and every browser the pad supports preloads modules itself.
    modulePreload: false,
    rollupOptions: {
      input: join(appDir, 'main.ts'),
      output: { entryFileNames: ENTRY, chunkFileNames: 'assets/[name].js', assetFileNames: 'assets/[name][extname]' },
    },
  });
  await bundle({ lib: { entry: join(appDir, 'file-page.ts'), formats: ['iife'], name: 'padLatticeFilePage', fileName: () => FILE_PAGE } });
} catch (error) {
  console.error(`build-web: bundling the browser app failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
cpSync(join(appDir, 'static'), out, { recursive: true });
mkdirSync(join(out, 'experiences'), { recursive: true });
for (const [source, target] of EXPERIENCE_FILES) cpSync(join(root, source), join(out, target));
if (!readFileSync(join(out, 'index.html'), 'utf8').includes(`src="${ENTRY}"`) || !existsSync(join(out, ENTRY))) {
  console.error(`build-web: ${join(out, ENTRY)} was not produced or index.html does not load it`);
  process.exit(1);
}
writeFileSync(stampFile, `${JSON.stringify({ digest, outputs: outputSizes() })}\n`);
console.log(`build-web: browser app written to ${out} (${filesUnder(out).length} files)`);
