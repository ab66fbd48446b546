import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { TraceDaemon } from '../agents/claude/trace-daemon.js';
import { AdminPage } from './admin-page.js';
import type { Layout } from './layouts.js';
import { startPad } from './pad.js';

/* Steps the real-Codex tests share: the pad with its admin page, the approval scripts, programs without a terminal. */

/** Made-up secrets of shapes the redactor knows (README "Questions and approval details"): a GitHub token, a bearer credential. */
export const GITHUB_TOKEN = 'ghp_PadLatticeFakeGithubToken0123456789x';
export const BEARER = 'PadLatticeFakeBearerCredential0123456789';

/** An edit (touch) and a destructive (rm) command for `project`, each carrying a secret, and the marker each would make. */
export function secretCommands(project: string) {
  const marker = (name: string) => join(project, `${name}.marker`);
  return {
    marker,
    approveCommand: `echo ${GITHUB_TOKEN} && touch ${marker('approved')}`,
    rejectCommand: `rm -f ${join(project, 'scratch.txt')} && echo 'Authorization: Bearer ${BEARER}' > ${marker('rejected')}`,
  };
}

/** The pad (a real daemon with the browser pad) and its admin page, both closed after the tests. */
export async function startPadWithAdmin(layout: Layout, afterAllTests: (cleanup: () => void) => void): Promise<{ pad: TraceDaemon; admin: AdminPage }> {
  const pad = await startPad(layout, { web: true });
  afterAllTests(() => pad.kill());
  const admin = await AdminPage.open(pad.adminUrl!);
  afterAllTests(() => admin.close());
  return { pad, admin };
}

export interface ProgramRun {
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Runs a program without a terminal (codex-exec is non-interactive); `afterAllTests` kills it if it still runs then. */
export function runProgram(command: readonly string[], cwd: string, env: Record<string, string>, afterAllTests: (cleanup: () => void) => void): ProgramRun {
  const [program = '', ...args] = command;
  const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  afterAllTests(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { done: new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr }))) };
}
