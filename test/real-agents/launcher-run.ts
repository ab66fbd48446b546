import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { StatusSessionReport } from '../../src/client/index.js';
import { REJECT_MESSAGE } from '../../src/agents/shared/permission-decision.js';
import type { TraceDaemon } from '../agents/claude/trace-daemon.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { AdminPage, expectSecretsKept } from './admin-page.js';
import type { FakeModelApi, ScriptedReply, ScriptedTurn } from './fake-model-api.js';
import { checkoutLayout } from './layouts.js';
import { pressOnPad, startPad, tierFramed, untilSession } from './pad.js';
import { submit, type PromptGlyph } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * The steps the Gemini CLI, Copilot CLI and opencode tests share: one launcher run against a real
 * daemon with the browser pad's admin page, and the approve and reject turns each CLI must pass.
 */

/** Made-up secrets of shapes the redactor knows: a GitHub token, an Anthropic key. */
export const GITHUB_TOKEN = 'ghp_PadLatticeFakeGithubToken0123456789x';
export const ANTHROPIC_KEY = 'sk-ant-api03-PadLatticeFakeAnthropicKey0123456789';
/** Short, so the tests see the hand-over to the CLI's own dialog; long enough for a press under load. */
export const APPROVAL_TIMEOUT = 12;

/** The three turns every launcher test runs, made of the agent's shell tool call, each creating a marker file in the project. */
export interface MarkerTurns {
  readonly turns: ScriptedTurn[];
  readonly marker: (name: string) => string;
  readonly approveCommand: string;
  readonly rejectCommand: string;
}

export function markerTurns(project: string, shell: (command: string, description: string) => ScriptedReply): MarkerTurns {
  const marker = (name: string) => join(project, `${name}.marker`);
  // An edit (touch) and a destructive (rm) command, each carrying a secret.
  const approveCommand = `echo ${GITHUB_TOKEN} && touch ${marker('approved')}`;
  const rejectCommand = `rm -f ${join(project, 'scratch.txt')} && echo ${ANTHROPIC_KEY} > ${marker('rejected')}`;
  return {
    marker,
    approveCommand,
    rejectCommand,
    turns: [
      { prompt: 'approve-turn', replies: [shell(approveCommand, 'Create the approved marker'), { text: 'Approved marker made.' }] },
      { prompt: 'reject-turn', replies: [shell(rejectCommand, 'Create the rejected marker'), { text: 'Understood, not made.' }] },
      { prompt: 'timeout-turn', replies: [shell(`touch ${marker('terminal')}`, 'Create the terminal marker'), { text: 'Terminal marker made.' }] },
    ],
  };
}

export interface LauncherRun {
  readonly pad: TraceDaemon;
  readonly admin: AdminPage;
  readonly terminal: TmuxTerminal;
  readonly api: FakeModelApi;
  /** The title tmux shows before the launcher titled the terminal. */
  readonly untitled: string;
  readonly label: string;
  readonly glyph: PromptGlyph;
}

/** `pad-lattice <agent> --label real-<agent> …` of this checkout under tmux, with a pad (web admin page included) and the agent's environment. */
export async function startLauncherRun(options: {
  readonly agent: 'gemini' | 'copilot' | 'opencode';
  readonly bin: string;
  readonly api: FakeModelApi;
  readonly project: string;
  readonly env: Readonly<Record<string, string>>;
  readonly glyph: PromptGlyph;
  readonly cleanup: (close: () => void | Promise<void>) => void;
  readonly runtimeDir?: string;
}): Promise<LauncherRun> {
  const layout = checkoutLayout();
  const pad = await startPad(layout, { web: true });
  options.cleanup(() => pad.kill());
  const admin = await AdminPage.open(pad.adminUrl!);
  options.cleanup(() => admin.close());
  const label = `real-${options.agent}`;
  const terminal = TmuxTerminal.start({
    command: [
      ...layout.cli,
      options.agent,
      '--socket',
      pad.socket,
      '--label',
      label,
      '--approval-timeout',
      String(APPROVAL_TIMEOUT),
      `--${options.agent}`,
      options.bin,
    ],
    cwd: options.project,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: options.runtimeDir ?? privateTempDir('pl-ra-rt-'), ...options.env },
  });
  options.cleanup(() => terminal.close());
  return { pad, admin, terminal, api: options.api, untitled: terminal.defaultTitle(), label, glyph: options.glyph };
}

/** The session the launcher shows before the agent reports one (Copilot, opencode), and the title it gave the terminal. */
export async function expectPlaceholder(run: LauncherRun, backend: string): Promise<{ placeholder: StatusSessionReport; title: string }> {
  const placeholder = await untilSession(run.pad, (s) => s.identity.backend === backend, `the ${backend} session to appear at launch`, 30_000);
  expect(placeholder).toMatchObject({ state: 'waiting_for_reply', label: run.label, leased: true, selected: true });
  expect(placeholder.identity.sessionId).toMatch(/^starting-[0-9a-f]{32}$/);
  return { placeholder, title: await expectTitle(run, placeholder) };
}

/** Waits for the launcher's title for `session`, `[S<n> <ACCENT>] <label>`, and returns it. */
export async function expectTitle(run: LauncherRun, session: StatusSessionReport): Promise<string> {
  const title = `[S${(session.slot ?? 0) + 1} ${String(session.accent).toUpperCase()}] ${run.label}`;
  await until(() => run.terminal.title() === title, `the title ${title}`, 10_000);
  return title;
}

/**
 * The request of the approve turn reaches the pad with its redacted command and tier; Approve
 * runs it. `submitted`: the prompt was already typed (opencode's first). Returns the session.
 */
export async function approveTurn(
  run: LauncherRun,
  turns: MarkerTurns,
  tool: string,
  options: { readonly submitted?: boolean; readonly waitMs?: number; readonly meanwhile?: () => Promise<void> } = {},
): Promise<StatusSessionReport> {
  if (options.submitted !== true) await submit(run.terminal, run.glyph, 'approve-turn: please create the approved marker');
  const asking = await untilSession(run.pad, (s) => s.state === 'waiting_for_approval', 'the request to reach the pad', options.waitMs ?? 60_000);
  expect(await run.admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval’s details on the admin page')).toEqual({
    kind: 'approval',
    tier: 'edit',
    tool,
    description: `echo [REDACTED] && touch ${turns.marker('approved')}`,
  });
  await run.pad.untilLights(() => tierFramed(run.pad, 'edit'), 'the edit tier’s frame around the !');
  await options.meanwhile?.();
  await pressOnPad(run.pad, asking, 'approve');
  await until(() => existsSync(turns.marker('approved')), 'the approved command to run', 30_000);
  await run.terminal.waitFor(/Approved marker made\./, 'the final answer of the approved turn', 30_000);
  await untilSession(run.pad, (s) => s.state !== 'waiting_for_approval' && s.state !== 'running', 'the approved turn to end');
  return asking;
}

/** The destructive request of the reject turn; Reject keeps it from running and the model is told Pad-Lattice's message. No secret reached the pad. */
export async function rejectTurn(run: LauncherRun, turns: MarkerTurns, tool: string, project: string): Promise<void> {
  await submit(run.terminal, run.glyph, 'reject-turn: please create the rejected marker');
  const rejecting = await untilSession(run.pad, (s) => s.state === 'waiting_for_approval', 'the second request to reach the pad');
  expect(await run.admin.untilPrompt((p) => p?.['kind'] === 'approval' && p['tier'] === 'destructive', 'the second approval’s details')).toEqual({
    kind: 'approval',
    tier: 'destructive',
    tool,
    description: `rm -f ${join(project, 'scratch.txt')} && echo [REDACTED] > ${turns.marker('rejected')}`,
  });
  await pressOnPad(run.pad, rejecting, 'reject');
  await run.terminal.waitFor(/Understood, not made\./, 'the final answer of the rejected turn', 30_000);
  expect(existsSync(turns.marker('rejected'))).toBe(false);
  const results = run.api.toolResults();
  expect(results).toHaveLength(2);
  expect(results[1]?.text).toContain(REJECT_MESSAGE);
  expectSecretsKept(run.admin, run.pad.stderr(), [GITHUB_TOKEN, ANTHROPIC_KEY]);
}
