import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { optionCells } from '../../src/visual-protocol/index.js';
import { until } from '../agents/shared/fake-daemon.js';
import { LICENSE_QUESTION } from '../helpers/question-prompt.js';
import { locateAgentCli, skipNote } from './agent-clis.js';
import { makeProject, opencodeEnvironment } from './agent-homes.js';
import { bashTool, startFakeChatCompletions } from './fake-chat-completions.js';
import { APPROVAL_TIMEOUT, approveTurn, expectPlaceholder, markerTurns, rejectTurn, startLauncherRun } from './launcher-run.js';
import { approveLit, canvasPad, sessions, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import type { TmuxTerminal } from './tmux-terminal.js';

const opencode = locateAgentCli('opencode');
const afterAllTests = cleanupsAfterAll();

/** opencode's question tool takes the questions as Claude Code's AskUserQuestion does (`multiple` instead of `multiSelect`, left out). */
const { question: QUESTION, header: HEADER, options: OPTIONS } = LICENSE_QUESTION;

describe('opencode, the real CLI, through `node dist/src/cli/main.js opencode` (a checkout)', () => {
  it('bridges the TUI’s server: Approve runs and closes the TUI’s dialog, Reject tells the model, a question is answered from an option pad, no answer leaves the request to the TUI', async (ctx) => {
    if (!opencode.ready) return ctx.skip(skipNote(opencode));
    const project = makeProject();
    const turns = markerTurns(project, bashTool);
    const question = { toolCalls: [{ name: 'question', input: { questions: [{ question: QUESTION, header: HEADER, options: OPTIONS }] } }] };
    const api = await startFakeChatCompletions([...turns.turns, { prompt: 'question-turn', replies: [question, { text: 'Going with the chosen license.' }] }]);
    afterAllTests(() => api.close());
    const run = await startLauncherRun({
      agent: 'opencode',
      bin: opencode.cli.bin,
      api,
      project,
      env: opencodeEnvironment(api.origin),
      glyph: '┃',
      cleanup: afterAllTests,
    });
    const { pad, terminal } = run;
    await inSession(terminal, pad, api, async () => {
      // opencode makes a session with the first prompt; until then the launcher's placeholder holds the Scene.
      const { placeholder, title } = await expectPlaceholder(run, 'opencode');
      await terminal.waitFor(/Ask anything/, 'opencode’s input line', 90_000);

      await typeWhenReady(terminal, 'approve-turn: please create the approved marker');
      // opencode's first turn is slow on a busy machine (it snapshots the project first). The TUI's own dialog shows meanwhile.
      const asking = await approveTurn(run, turns, 'bash', {
        submitted: true,
        waitMs: 180_000,
        meanwhile: () => terminal.waitFor(/Permission required/, 'the TUI’s own dialog, shown meanwhile'),
      });
      // The pad's answer closed the TUI's dialog; the real session took over the placeholder's Scene and the selection.
      expect(terminal.screen()).not.toMatch(/Permission required/);
      expect(asking.identity.sessionId).toMatch(/^ses_/);
      expect(asking).toMatchObject({ slot: placeholder.slot, selected: true, leased: true, label: run.label });
      expect(await sessions(pad)).toHaveLength(1);
      await rejectTurn(run, turns, 'bash', project);

      // A question: one pad per option; a press answers it, and the model is told that answer.
      await submit(terminal, '┃', 'question-turn: ask me which license to use');
      await untilSession(pad, (s) => s.state === 'waiting_for_reply' && s.identity.sessionId === asking.identity.sessionId, 'the question to reach the pad');
      const optionColor = pad.profile.lookup.colors.get('state:waiting_for_reply:primary');
      const optionPads = optionCells(OPTIONS.length).map(([x, y]) => canvasPad(pad, x, y));
      await pad.untilLights(() => optionPads.every((address) => pad.lightOf(address) === optionColor), 'one pad per option');
      await terminal.waitFor(/Which license should the project use\?/, 'the TUI’s own question dialog, shown meanwhile');
      pad.press(optionPads[1]!);
      await terminal.waitFor(/Going with the chosen license\./, 'the model’s answer after the pad chose', 30_000);
      const answer = api.toolResults()[2];
      expect(answer?.text).toContain(`"${QUESTION}"="Apache-2.0"`);
      expect(answer?.text).not.toContain('GPL-3.0');

      // No answer on the pad in time: the request leaves the pad and the TUI's dialog decides.
      await submit(terminal, '┃', 'timeout-turn: please create the terminal marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the last request to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the last request');
      await until(() => !approveLit(pad), 'approve to go dark after the approval timeout', (APPROVAL_TIMEOUT + 20) * 1000, 50);
      await terminal.waitFor(/Permission required/, 'the TUI’s dialog, still asking');
      expect(existsSync(turns.marker('terminal'))).toBe(false);
      terminal.press('Enter');
      await until(() => existsSync(turns.marker('terminal')), 'the command allowed in the TUI to run', 30_000);
      await terminal.waitFor(/Terminal marker made\./, 'the final answer of the terminal turn', 30_000);
      expect(terminal.title()).toBe(title);

      await quitAgent(terminal, '┃', '/exit', pad, 'opencode');
      expect(terminal.title()).toBe(run.untitled);
    });
  }, 480_000);
});

/**
 * The first prompt: opencode draws its input line a while before it takes keys, and drops what
 * is typed until then; the text is typed again until it shows, then submitted.
 */
async function typeWhenReady(terminal: TmuxTerminal, text: string): Promise<void> {
  let typed = 0;
  await until(
    () => {
      if (terminal.screen().includes(text)) return true;
      if (Date.now() - typed >= 5_000) {
        typed = Date.now();
        terminal.type(text);
      }
      return false;
    },
    `"${text}" in the input line`,
    60_000,
  );
  // As submit() does: Enter apart from the text, which would otherwise read as part of a paste.
  await new Promise((resolve) => setTimeout(resolve, 150));
  terminal.press('Enter');
}
