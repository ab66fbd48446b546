#!/usr/bin/env node
// Installs the real agent CLIs (Claude Code, Codex, Gemini CLI, Copilot CLI, opencode) that the
// real-agent tests (test/real-agents) drive,
// at the versions pinned in scripts/agent-clis.json, into a cache folder outside node_modules:
// $PAD_LATTICE_AGENT_CACHE, else ~/.cache/pad-lattice/agent-clis, one folder per
// <name>@<version>. They are not dependencies of the package: a user's `npm ci` never fetches them.
//
//   node scripts/install-agent-clis.mjs           install what is missing (progress on stderr)
//   node scripts/install-agent-clis.mjs --check   install nothing; exit 1 when something is missing
//   add --json to print {"cache", "clis": {claude: {version, bin, installed, env}, …}} on stdout
//
// One pin field carries more than a package (scripts/agent-clis.json):
//   cacheEnv      the CLI unpacks a large runtime on first run (Copilot: about 235 MB) into the
//                 folder this variable names; the script points it at <folder>/cache, fills it by
//                 running `--version` once, and reports it under `env` for the tests to pass on
// Every CLI installs and runs `--version` with HOME=<folder>/home (opencode's postinstall and
// first run create ~/.config/opencode and ~/.local/share/opencode, Gemini CLI writes its project
// list), never the user's own.
//
// Each CLI is installed into a staging folder and renamed into place only after its
// `--version` printed the pinned version, so an interrupted install never counts as installed,
// and a folder in place counts as installed when its bin and its package's version are there
// (running five CLIs' `--version` took 40 s on a loaded 2-core machine; reading two files takes none).
// Installing and `--version` run with HOME set to a folder of the CLI's own (<folder>/.home, no
// XDG_* variables): opencode's postinstall and first run write config and data folders into
// HOME, Copilot unpacks 235 MB into ~/.cache, and none of that belongs in the user's home.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pins = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'agent-clis.json'), 'utf8'));
const cache = process.env.PAD_LATTICE_AGENT_CACHE || join(homedir(), '.cache', 'pad-lattice', 'agent-clis');
const checkOnly = process.argv.includes('--check');
const json = process.argv.includes('--json');
const say = (line) => process.stderr.write(`install-agent-clis: ${line}\n`);

function folderOf(name, pin) {
  return join(cache, `${name}@${pin.version}`);
}

function binOf(folder, pin) {
  return join(folder, 'node_modules', '.bin', pin.bin);
}

/** True when the folder holds the pinned package with its bin (the folder is only renamed into place once `--version` ran). */
function isInstalled(folder, pin) {
  try {
    const manifest = JSON.parse(readFileSync(join(folder, 'node_modules', pin.package, 'package.json'), 'utf8'));
    return manifest.version === pin.version && existsSync(binOf(folder, pin));
  } catch {
    return false;
  }
}

/** The variables a pin's CLI runs with, in `folder`: its shared cache, its own HOME. */
function envOf(folder, pin) {
  const env = {};
  if (pin.cacheEnv) env[pin.cacheEnv] = join(folder, 'cache');
  // Every CLI runs with a HOME of its own here: opencode's postinstall and first run write into HOME, Gemini CLI its project list.
  env.HOME = join(folder, 'home');
  return env;
}

/** What a test passes on to the CLI: only the shared cache (its HOME is the test's own). */
function sharedEnvOf(folder, pin) {
  return pin.cacheEnv ? { [pin.cacheEnv]: join(folder, 'cache') } : {};
}

/** The version line the CLI prints, or null when it does not run. */
function versionOf(bin, env) {
  if (!existsSync(bin)) return null;
  for (const dir of Object.values(env)) mkdirSync(dir, { recursive: true });
  // Long enough for a first run that unpacks its runtime into the cache.
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return run.status === 0 ? run.stdout.trim() : null;
}

function install(name, pin) {
  const folder = folderOf(name, pin);
  const staging = `${folder}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const spec = `${pin.package}@${pin.version}`;
  say(`installing ${spec} into ${folder} (100 to 400 MB; usually under a minute)…`);
  const started = Date.now();
  // npm keeps the user's own config and cache; the CLI's postinstall gets a HOME of its own.
  const installEnv = {
    ...process.env,
    HOME: join(staging, 'home'),
    npm_config_userconfig: process.env.npm_config_userconfig || join(homedir(), '.npmrc'),
    npm_config_cache: process.env.npm_config_cache || join(homedir(), '.npm'),
  };
  mkdirSync(installEnv.HOME, { recursive: true });
  const npm = spawnSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    // npm's own output goes to stderr, so --json keeps stdout to the report.
    stdio: ['ignore', 2, 'inherit'],
    env: installEnv,
  });
  const version = npm.status === 0 ? versionOf(binOf(staging, pin), envOf(staging, pin)) : null;
  if (version === null || !version.includes(pin.version)) {
    rmSync(staging, { recursive: true, force: true });
    say(`failed: ${spec} did not install or its --version did not print ${pin.version}; check that the npm registry is reachable`);
    return false;
  }
  rmSync(folder, { recursive: true, force: true });
  renameSync(staging, folder);
  say(`${spec} ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${version}`);
  return true;
}

const report = { cache, clis: {} };
let complete = true;
for (const [name, pin] of Object.entries(pins)) {
  const folder = folderOf(name, pin);
  let installed = isInstalled(folder, pin);
  if (!installed && !checkOnly) installed = install(name, pin);
  else if (installed && !json) say(`${pin.package}@${pin.version} already installed in ${folder}`);
  if (!installed) complete = false;
  report.clis[name] = { package: pin.package, version: pin.version, bin: binOf(folder, pin), installed, env: sharedEnvOf(folder, pin) };
}
if (json) process.stdout.write(`${JSON.stringify(report)}\n`);
process.exitCode = complete ? 0 : 1;
