#!/usr/bin/env node
// Builds the browser pad into dist/web-app (or the folder given with --out):
// the app's TypeScript through its own tsconfig (DOM, ES modules), then the
// static HTML, CSS and images copied beside it, and the packaged Demo and Show
// manifests under experiences/. No bundler: the browser loads the compiled ES
// modules directly.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? resolve(process.argv[outIndex + 1] ?? '') : join(root, 'dist', 'web-app');
const appDir = join(root, 'src', 'web', 'app');

// The bundle's experiences/ folder (web-surface-protocol-1.md §3.5) at the public paths of
// experiences.md §11.5 and §13, filled with the files src/experiences/packaged.ts names.
// A Show's audio asset is relative to this folder. The live app fetches neither manifest
// (the daemon plays them); they are there for an offline build of the app and for tools.
const EXPERIENCE_FILES = [
  ['demos/three-agents.demo.json', 'experiences/demo-v1.json'],
  ['shows/night-shift.performance.json', 'experiences/constellation-v1.json'],
];

rmSync(out, { recursive: true, force: true });
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-p', join(appDir, 'tsconfig.json'), '--outDir', join(out, 'assets')], {
  stdio: 'inherit',
});
if (result.status !== 0) {
  console.error('build-web: compiling the browser app failed');
  process.exit(result.status ?? 1);
}
cpSync(join(appDir, 'static'), out, { recursive: true });
mkdirSync(join(out, 'experiences'), { recursive: true });
for (const [source, target] of EXPERIENCE_FILES) cpSync(join(root, source), join(out, target));
if (!existsSync(join(out, 'assets', 'web', 'app', 'main.js'))) {
  console.error(`build-web: ${join(out, 'assets', 'web', 'app', 'main.js')} was not produced`);
  process.exit(1);
}
console.log(`build-web: browser app written to ${out}`);
