import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { runClaudeLauncher, type ClaudeLauncherContext } from '../../../src/agents/claude/launcher.js';
import { STAND_IN_HOOK } from '../shared/fake-agent.js';
import { privateTempDir } from '../shared/fake-daemon.js';

/** The fake `claude` of test/fixtures (agent-adapters.md Part C "fake agent"). */
export const FAKE_CLAUDE = fileURLToPath(new URL('../../fixtures/agents/claude/fake-claude.mjs', import.meta.url));

/** What the fake recorded about its own run. */
export interface FakeClaudeRecord {
  readonly argv: string[];
  readonly env: Record<string, string>;
  readonly hooks: { event: string; registered: boolean; status?: number; stdout?: string; stderr?: string }[];
  readonly signal: string | null;
}

export interface LauncherRun {
  readonly code: number;
  readonly stderr: string;
  readonly titles: string[];
  readonly record: FakeClaudeRecord | null;
}

export interface LauncherSetup {
  readonly runtimeDir: string;
  /** Managed Claude Code settings (empty unless a test writes one). */
  readonly managedDir: string;
  readonly recordPath: string;
  readonly cwd: string;
}

/** A private runtime directory, HOME, managed-settings folder and record file for one launcher test. */
export function launcherSetup(): LauncherSetup {
  chmodSync(FAKE_CLAUDE, 0o755);
  return {
    runtimeDir: privateTempDir('pl-claude-rt-'),
    managedDir: privateTempDir('pl-claude-managed-'),
    recordPath: join(privateTempDir('pl-claude-rec-'), 'record.json'),
    cwd: privateTempDir('pl-claude-cwd-'),
  };
}

/** The launcher context of a test: private folders, the stand-in hook, no real terminal or signals. */
export function testContext(setup: LauncherSetup, env: NodeJS.ProcessEnv): ClaudeLauncherContext & { env: NodeJS.ProcessEnv } {
  return {
    // HOME is the working directory: a user settings file there is the test's own.
    env: { PATH: process.env['PATH'], HOME: setup.cwd, XDG_RUNTIME_DIR: setup.runtimeDir, FAKE_CLAUDE_RECORD: setup.recordPath, ...env },
    cwd: setup.cwd,
    hookEntry: STAND_IN_HOOK,
    managedSettingsDir: setup.managedDir,
    stderr: new PassThrough(),
    titleSink: () => undefined,
    signals: new EventEmitter(),
    leaseRetryMs: 50,
  };
}

/** Runs `pad-lattice claude <args>` in process with a private environment, a title sink and a fake signal source. */
export async function runLauncher(setup: LauncherSetup, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<LauncherRun> {
  const titles: string[] = [];
  const stderr = new PassThrough();
  const err: string[] = [];
  stderr.on('data', (chunk: Buffer) => err.push(chunk.toString('utf8')));
  const code = await runClaudeLauncher(args, { ...testContext(setup, env), stderr, titleSink: (bytes) => titles.push(bytes) });
  return { code, stderr: err.join(''), titles, record: readRecord(setup.recordPath) };
}

export function readRecord(path: string): FakeClaudeRecord | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as FakeClaudeRecord) : null;
}

/** The settings file the fake was given with `--settings`. */
export function settingsPathOf(record: FakeClaudeRecord | null): string {
  const argv = record?.argv ?? [];
  const path = argv[argv.indexOf('--settings') + 1];
  if (path === undefined) throw new Error('the fake claude got no --settings');
  return path;
}
