import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TraceDaemon } from '../agents/claude/trace-daemon.js';
import type { FakeModelApi } from './fake-model-api.js';
import type { TmuxTerminal } from './tmux-terminal.js';

/** The glyph in front of the input line: Claude Code's `❯`, Codex's `›`. */
export type PromptGlyph = '❯' | '›';

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
