import { describe, expect, it } from 'vitest';
import { privateTempDir } from '../agents/shared/fake-daemon.js';
import { padsOf } from '../agents/claude/trace-daemon.js';
import { optionCells } from '../../src/visual-protocol/index.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { claudeEnvironment, makeProject } from './agent-homes.js';
import { startFakeAnthropic } from './fake-anthropic.js';
import { checkoutLayout } from './layouts.js';
import { canvasPad, startPad, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * README "Questions and approval details", with the real Claude Code: its AskUserQuestion tool
 * reaches the pad through the PermissionRequest hook, the options light in the glyph area, and a
 * press on one answers the question — what the model is told comes back through the fake API.
 */

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();

const QUESTION = 'Which license should the new project use?';
const OPTIONS = [
  { label: 'MIT', description: 'Short and permissive' },
  { label: 'Apache-2.0', description: 'Permissive, with a patent grant' },
  { label: 'GPL-3.0', description: 'Copyleft' },
];

describe('Claude Code, the real CLI: AskUserQuestion answered from the pad', () => {
  it('a question with three options lights three pads; pressing the second answers it, and the model receives that answer', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const api = await startFakeAnthropic([
      {
        prompt: 'question-turn',
        replies: [
          { toolCalls: [{ name: 'AskUserQuestion', input: { questions: [{ question: QUESTION, header: 'License', options: OPTIONS, multiSelect: false }] } }] },
          { text: 'Going with the chosen license.' },
        ],
      },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const pad = await startPad(layout);
    afterAllTests(() => pad.kill());
    const terminal = TmuxTerminal.start({
      command: [...layout.cli, 'claude', '--socket', pad.socket, '--label', 'asking', '--claude', clis.claude.bin],
      cwd: project,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...claudeEnvironment(project, api.origin) },
    });
    afterAllTests(() => terminal.close());
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased && s.selected, 'the Claude session on the pad, selected');
      await submit(terminal, '❯', 'question-turn: ask me which license to use');
      // Claude Code shows its own picker meanwhile: the terminal stays usable.
      await terminal.waitFor(/Which license should the new project use\?/, 'Claude Code’s own question dialog');
      await untilSession(
        pad,
        (s) => s.state === 'waiting_for_reply' && s.identity.backend === 'claude',
        'the question to put the session in waiting_for_reply',
      );

      const lit = padsOf(pad);
      const optionColor = pad.profile.lookup.colors.get('state:waiting_for_reply:primary');
      const optionPads = optionCells(OPTIONS.length).map(([x, y]) => canvasPad(pad, x, y));
      await pad.untilLights(() => optionPads.every((address) => pad.lightOf(address) === optionColor), 'one pad per option, in the question’s colour');
      // Between the option pads the canvas is dark: no `?` glyph under them.
      expect(pad.lightOf(canvasPad(pad, 3, 1))).toBe(lit.off);

      pad.press(optionPads[1]!);
      await terminal.waitFor(/Going with the chosen license\./, 'the model’s answer after the pad chose');
      const results = api.toolResults();
      expect(results).toHaveLength(1);
      expect(results[0]?.isError).toBe(false);
      // Claude Code 2.1.332 words it: Your questions have been answered: "<question>"="<label>". …
      expect(results[0]?.text).toContain(`"${QUESTION}"="Apache-2.0"`);
      expect(results[0]?.text).not.toContain('GPL-3.0');
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.state !== 'waiting_for_reply', 'the answered turn to go on');
      // A second press on the same pad answers nothing more: the model saw exactly one answer.
      pad.press(optionPads[1]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(api.toolResults()).toHaveLength(1);
      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 120_000);
});
