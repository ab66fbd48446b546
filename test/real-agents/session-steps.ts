import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { TraceDaemon } from '../agents/claude/trace-daemon.js';
import { cleanUpFakes, until } from '../agents/shared/fake-daemon.js';
import type { FakeModelApi } from './fake-model-api.js';
import type { TmuxTerminal } from './tmux-terminal.js';

/** The glyph in front of the input line: Claude Code's `❯`, Codex's `›`, Gemini CLI's `>`, opencode's `┃`. */
export type PromptGlyph = '❯' | '›' | '>' | '┃';

/**
 * Types a prompt and submits it. Enter goes in only once the text shows in the input line:
 * keys that arrive in one burst with the text would read as a paste, whose newline does not submit.
 */
export async function submit(terminal: TmuxTerminal, glyph: PromptGlyph, text: string): Promise<void> {
  terminal.type(text);
  await terminal.waitFor(new RegExp(`${glyph}\\s+${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), `"${text}" in the input line`);
  await new Promise((resolve) => setTimeout(resolve, 150));
  terminal.press('Enter');
}

/** After a failure: the screen, the daemon's stderr, and where every model request was saved (kept on disk for reading). */
export function reportFailure(terminal: TmuxTerminal, pad: TraceDaemon, api: FakeModelApi): void {
  const dump = join(mkdtempSync(join(tmpdir(), 'pl-ra-failure-')), 'model-requests.json');
  writeFileSync(dump, JSON.stringify(api.requests, null, 1));
  console.error(`--- screen ---\n${terminal.screen()}\n--- daemon stderr ---\n${pad.stderr()}\n--- ${api.requests.length} model requests in ${dump}`);
}

/** Runs `steps` against one agent session; on failure reports what the terminal, daemon and model saw; always closes the terminal. */
export async function inSession(terminal: TmuxTerminal, pad: TraceDaemon, api: FakeModelApi, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    reportFailure(terminal, pad, api);
    throw error;
  } finally {
    terminal.close();
  }
}

/** Codex's one-time review of new hooks, answered as a user does: "Trust all and continue". */
export async function trustCodexHooks(terminal: TmuxTerminal): Promise<void> {
  await terminal.waitFor(/Hooks need review/, 'Codex’s hook review');
  await terminal.pressUntil('2', /› 2\. Trust all and continue/, 'the choice "Trust all"');
  terminal.press('Enter');
  await terminal.waitFor(/Ask Codex to do anything/, 'the composer', 15_000);
}

/**
 * Leaves the agent with its own command (`/exit`, `/quit`): the launcher exits 0 and the agent's
 * session leaves the pad. An agent whose first Enter only picks the command from its completion
 * menu (Gemini CLI) gets Enter again until it exits.
 */
export async function quitAgent(terminal: TmuxTerminal, glyph: PromptGlyph, command: string, pad: TraceDaemon, backend: string): Promise<void> {
  await submit(terminal, glyph, command);
  let pressed = Date.now();
  await until(
    () => {
      if (terminal.exitStatus() !== null) return true;
      if (Date.now() - pressed >= 2_000) {
        pressed = Date.now();
        terminal.press('Enter');
      }
      return false;
    },
    'the launcher to exit',
    20_000,
  );
  expect(terminal.exitStatus()).toBe(0);
  await until(async () => (await pad.client.status()).sessions.every((s) => s.identity.backend !== backend), `the ${backend} session to leave the pad`, 10_000);
}

/** Cleanups run after the file's tests, last registered first; also removes the temporary folders. */
export function cleanupsAfterAll(): (cleanup: () => void | Promise<void>) => void {
  const cleanups: (() => void | Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    cleanUpFakes();
  });
  return (cleanup) => cleanups.push(cleanup);
}

/**
 * Picks option `n` of Claude Code's permission dialog in the terminal. The digit confirms at once,
 * or only moves the cursor while the dialog is still settling; then Enter (again, if a redraw
 * swallowed it) confirms it. An Enter left over after the dialog closed submits nothing.
 */
export async function answerClaudeDialog(terminal: TmuxTerminal, n: number, label: string): Promise<void> {
  await terminal.waitFor(/Do you want to proceed\?/, 'Claude Code’s own dialog');
  terminal.type(String(n));
  const chosen = new RegExp(`❯ ${n}\\. ${label}`);
  const closed = /^(?![\s\S]*Do you want to proceed\?)/;
  await terminal.waitFor(new RegExp(`${chosen.source}|${closed.source}`), `option ${n} chosen`);
  if (chosen.test(terminal.screen())) await terminal.pressUntil('Enter', closed, `option ${n} confirmed`);
}
