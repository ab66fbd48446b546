#!/usr/bin/env node
// Builds the browser pad into dist/web-app (or the folder given with --out):
// the app's TypeScript through its own tsconfig (DOM, ES modules), then the
// static HTML, CSS and images copied beside it, the packaged Demo and Show
// manifests under experiences/, and the browser's earcons and Show soundtrack
// rendered into experiences/audio/ by the main build's compiled src/audio (so
// run `tsc -p tsconfig.json` first; `npm run build` does). No bundler: the
// browser loads the compiled ES modules directly. When none of its inputs changed since the
// last build and its outputs are all still there, it does nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1] ?? '') : join(root, 'dist', 'web-app');
const appDir = join(root, 'src', 'web', 'app');
const publicIndex = process.argv.indexOf('--public-out');
const publicOut = publicIndex > 0 ? resolve(process.argv[publicIndex + 1] ?? '') : join(dirname(out), 'web-public');

// The bundle's experiences/ folder (web-surface-protocol-1.md §3.5) at the public paths of
// experiences.md §11.5 and §13, filled with the files src/experiences/packaged.ts names.
// A Show's audio asset is relative to this folder. The live app fetches neither manifest
// (the daemon plays them); they are there for an offline build of the app and for tools.
const EXPERIENCE_FILES = [
  ['demos/three-agents.demo.json', 'experiences/demo-v1.json'],
  ['shows/night-shift.performance.json', 'experiences/constellation-v1.json'],
];

// ---- Browser copies of bare-imported packages (the offline app's manifest loaders use zod) ----
// Browsers resolve only relative module paths and the page's CSP forbids an inline import map,
// so zod's own ES modules (relative imports only) are copied under assets/vendor/zod/ and every
// compiled `from 'zod'` is rewritten to point there.
function moduleGraph(entry) {
  const files = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\1/g)) {
      pending.push(resolve(dirname(file), match[2]));
    }
  }
  return [...files];
}

function jsFilesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsFilesUnder(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );
}

function vendorZod(assets) {
  const zodRoot = dirname(createRequire(import.meta.url).resolve('zod/package.json'));
  const vendor = join(assets, 'vendor', 'zod');
  const compiled = jsFilesUnder(assets);
  for (const file of moduleGraph(join(zodRoot, 'index.js'))) {
    const target = join(vendor, relative(zodRoot, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  cpSync(join(zodRoot, 'LICENSE'), join(vendor, 'LICENSE'));
  for (const file of compiled) {
    const text = readFileSync(file, 'utf8');
    let path = relative(dirname(file), join(vendor, 'index.js')).split(sep).join('/');
    if (!path.startsWith('.')) path = `./${path}`;
    const rewritten = text.replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])zod\2/g, (_match, lead, quote) => `${lead}${quote}${path}${quote}`);
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}
// ---- end of the vendored packages step ----

// ---- The public static bundle (experiences.md §13) ----
// A copy of the finished app for any plain static host: its config.json selects the offline
// runtime (Demo, Sandbox, Show played in the page). The daemon's bridge serves dist/web-app and
// shadows config.json with live mode; nothing serves this copy, it is what a static site hosts.
// Default location: beside the app folder (dist/web-public); --public-out overrides it.
function writePublicBundle(app, target) {
  rmSync(target, { recursive: true, force: true });
  cpSync(app, target, { recursive: true });
  writeFileSync(join(target, 'config.json'), '{"mode":"demo"}\n');
  console.log(`build-web: public static bundle written to ${target}`);
}
// ---- end of the public bundle step ----

// ---- Skipping an unchanged build ----
// `npm ci` builds (prepare) and `npm test` builds again: the second build must cost nothing.
// The inputs are everything the steps read: all of src/ (the app imports across it, and the
// audio is rendered by the compiled src/audio), the packaged manifests, this script, the
// lockfile (zod, TypeScript) and the output folders. A stamp beside the app folder records
// their digest and every output file's size; a build is skipped only when both still hold.
const stampFile = join(dirname(out), `${basename(out)}.build-inputs.json`);

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

function inputsDigest() {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ out, publicOut, node: process.version }));
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
  return Object.fromEntries([out, publicOut].flatMap((dir) => filesUnder(dir)).map((file) => [file, statSync(file).size]));
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

rmSync(out, { recursive: true, force: true });
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json'), '--outDir', join(out, 'assets')], {
  stdio: 'inherit',
});
if (result.status !== 0) {
  console.error('build-web: compiling the browser app failed');
  process.exit(result.status ?? 1);
}
vendorZod(join(out, 'assets'));
cpSync(join(appDir, 'static'), out, { recursive: true });
mkdirSync(join(out, 'experiences'), { recursive: true });
for (const [source, target] of EXPERIENCE_FILES) cpSync(join(root, source), join(out, target));

// experiences.md §11.5: the WAV files are generated, never committed, from the code the host plays.
const audioGenerator = join(root, 'dist', 'src', 'audio', 'generate-assets.js');
if (!existsSync(audioGenerator)) {
  console.error(`build-web: ${audioGenerator} is missing; compile the project first (tsc -p tsconfig.json, or npm run build)`);
  process.exit(1);
}
const audio = spawnSync(process.execPath, [audioGenerator, join(out, 'experiences')], { stdio: 'inherit' });
if (audio.status !== 0) {
  console.error('build-web: generating the browser audio failed');
  process.exit(audio.status ?? 1);
}
if (!existsSync(join(out, 'assets', 'web', 'app', 'main.js'))) {
  console.error(`build-web: ${join(out, 'assets', 'web', 'app', 'main.js')} was not produced`);
  process.exit(1);
}
console.log(`build-web: browser app written to ${out}`);
// Last, so the public copy holds everything the steps above wrote.
writePublicBundle(out, publicOut);
writeFileSync(stampFile, `${JSON.stringify({ digest, outputs: outputSizes() })}\n`);
