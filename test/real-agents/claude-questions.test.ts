import { describe, expect, it } from 'vitest';
import type { LightToken } from '../../src/domain/index.js';
import { optionCells, SEND_CELL } from '../../src/visual-protocol/index.js';
import { privateTempDir } from '../agents/shared/fake-daemon.js';
import { padsOf, type TraceDaemon } from '../agents/claude/trace-daemon.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { claudeEnvironment, makeProject } from './agent-homes.js';
import { startFakeAnthropic } from './fake-anthropic.js';
import type { FakeModelApi, ScriptedReply } from './fake-model-api.js';
import { checkoutLayout } from './layouts.js';
import { canvasPad, startPad, untilSession, watchStates } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * README "Questions and approval details", with the real Claude Code 2.1.332 in auto mode (its own
 * default): AskUserQuestion reaches the pad from the PreToolUse hook before Claude Code shows
 * anything, the options light in the glyph area, and the pad's answer is what the model is told
 * (read back through the fake API). A multi-select question toggles options and sends on the
 * Send pad. When the pad does not answer in time, Claude Code's own picker comes up and the pad
 * keeps the question; Claude Code's "needs your permission" notification, the same bytes as an
 * approval's, never makes the session read `waiting_for_approval`.
 */

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();

const LICENSE = 'Which license should the new project use?';
const LICENSES = [
  { label: 'MIT', description: 'Short and permissive' },
  { label: 'Apache-2.0', description: 'Permissive, with a patent grant' },
  { label: 'GPL-3.0', description: 'Copyleft' },
];
const EXTRAS = 'Which extras do you want?';
const EXTRA_OPTIONS = [
  { label: 'Tests', description: 'A test suite' },
  { label: 'Docs', description: 'A docs folder' },
  { label: 'CI', description: 'A CI workflow' },
];

const ask = (question: string, options: typeof LICENSES, multiSelect: boolean): ScriptedReply => ({
  toolCalls: [{ name: 'AskUserQuestion', input: { questions: [{ question, header: 'Pick', options, multiSelect }] } }],
});

/** The question's white, a chosen option's green and Send's blue, as README's table says; written here, not taken from src. */
const HUES: Readonly<Record<'option' | 'chosen' | 'send', LightToken>> = {
  option: 'state:waiting_for_reply:primary',
  chosen: 'state:success:primary',
  send: 'state:running:primary',
};
const colorOf = (pad: TraceDaemon, hue: keyof typeof HUES) => pad.profile.lookup.colors.get(HUES[hue]);

/** A pad (its daemon) and `pad-lattice claude` of `claude` in auto mode against `api`, with `extra` launcher options. */
async function session(claude: string, api: FakeModelApi, extra: readonly string[] = []) {
  const project = makeProject();
  const layout = checkoutLayout();
  const pad = await startPad(layout);
  afterAllTests(() => pad.kill());
  const terminal = TmuxTerminal.start({
    command: [...layout.cli, 'claude', '--socket', pad.socket, '--label', 'asking', ...extra, '--claude', claude],
    cwd: project,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...claudeEnvironment(project, api.origin) },
  });
  afterAllTests(() => terminal.close());
  return { pad, terminal };
}

describe('Claude Code, the real CLI, in auto mode: questions answered from the pad', () => {
  it('a question lights one pad per option before Claude Code shows a picker; pressing the second answers it once, and never as an approval', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const api = await startFakeAnthropic([{ prompt: 'question-turn', replies: [ask(LICENSE, LICENSES, false), { text: 'Going with the chosen license.' }] }]);
    afterAllTests(() => api.close());
    const { pad, terminal } = await session(clis.claude.bin, api);
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased && s.selected, 'the Claude session on the pad, selected');
      await terminal.waitFor(/auto mode on/, 'Claude Code in auto mode');
      const states = watchStates(pad, 'claude');
      await submit(terminal, '❯', 'question-turn: ask me which license to use');
      const optionPads = optionCells(LICENSES.length).map(([x, y]) => canvasPad(pad, x, y));
      await pad.untilLights(
        () => optionPads.every((address) => pad.lightOf(address) === colorOf(pad, 'option')),
        'one pad per option, in the question’s colour',
      );
      // Between the option pads the canvas is dark: no `?` glyph under them; and Claude Code shows no picker meanwhile.
      expect(pad.lightOf(canvasPad(pad, 3, 1))).toBe(padsOf(pad).off);
      expect(terminal.screen()).not.toMatch(/1\. MIT/);

      pad.press(optionPads[1]!);
      await terminal.waitFor(/Going with the chosen license\./, 'the model’s answer after the pad chose');
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.state !== 'running' && s.state !== 'waiting_for_reply', 'the answered turn to end');
      await states.stop();
      expect(states.seen).toContain('waiting_for_reply');
      expect(states.seen).not.toContain('waiting_for_approval');
      const results = api.toolResults();
      expect(results).toHaveLength(1);
      expect(results[0]?.isError).toBe(false);
      // Claude Code 2.1.332 words it: Your questions have been answered: "<question>"="<label>". …
      expect(results[0]?.text).toContain(`"${LICENSE}"="Apache-2.0"`);
      // A second press on the same pad answers nothing more: the model saw exactly one answer.
      pad.press(optionPads[1]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(api.toolResults()).toHaveLength(1);
      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 120_000);

  it('a multi-select question: option pads toggle green, the Send pad lights once one is chosen, and Send answers with every chosen option', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const api = await startFakeAnthropic([{ prompt: 'extras-turn', replies: [ask(EXTRAS, EXTRA_OPTIONS, true), { text: 'Extras noted.' }] }]);
    afterAllTests(() => api.close());
    const { pad, terminal } = await session(clis.claude.bin, api);
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased && s.selected, 'the Claude session on the pad, selected');
      await submit(terminal, '❯', 'extras-turn: ask me which extras');
      const [tests, docs, ci] = optionCells(EXTRA_OPTIONS.length).map(([x, y]) => canvasPad(pad, x, y));
      const send = canvasPad(pad, SEND_CELL[0], SEND_CELL[1]);
      await pad.untilLights(() => [tests, docs, ci].every((address) => pad.lightOf(address!) === colorOf(pad, 'option')), 'the three option pads');
      expect(pad.lightOf(send) ?? padsOf(pad).off).toBe(padsOf(pad).off);
      pad.press(tests!);
      await pad.untilLights(() => pad.lightOf(tests!) === colorOf(pad, 'chosen') && pad.lightOf(send) === colorOf(pad, 'send'), 'Tests chosen, and Send lit');
      pad.press(docs!);
      pad.press(ci!);
      pad.press(docs!);
      await pad.untilLights(
        () => pad.lightOf(ci!) === colorOf(pad, 'chosen') && pad.lightOf(docs!) === colorOf(pad, 'option'),
        'CI chosen, Docs chosen and chosen off again',
      );
      // Nothing is answered before Send.
      expect(api.toolResults()).toEqual([]);
      pad.press(send);
      await terminal.waitFor(/Extras noted\./, 'the model’s answer after Send');
      const results = api.toolResults();
      expect(results).toHaveLength(1);
      expect(results[0]?.text).toContain(`"${EXTRAS}"="Tests, CI"`);
      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 120_000);

  it('unanswered in time, Claude Code’s own picker comes up and the pad keeps the question; its "needs your permission" never reads as an approval', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const api = await startFakeAnthropic([{ prompt: 'slow-turn', replies: [ask(LICENSE, LICENSES, false), { text: 'Late license chosen.' }] }]);
    afterAllTests(() => api.close());
    const { pad, terminal } = await session(clis.claude.bin, api, ['--approval-timeout', '12']);
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased && s.selected, 'the Claude session on the pad, selected');
      const states = watchStates(pad, 'claude');
      await submit(terminal, '❯', 'slow-turn: ask me which license to use');
      const optionPads = optionCells(LICENSES.length).map(([x, y]) => canvasPad(pad, x, y));
      await pad.untilLights(() => optionPads.every((address) => pad.lightOf(address) === colorOf(pad, 'option')), 'the question on the pad');
      // The pad's first 12 s pass: Claude Code shows its picker, and its PermissionRequest puts the question back on the pad.
      await terminal.waitFor(/1\. MIT/, 'Claude Code’s own picker', 30_000);
      const pickerShown = Date.now();
      await pad.untilLights(() => optionPads.every((address) => pad.lightOf(address) === colorOf(pad, 'option')), 'the question on the pad beside the picker');
      // Claude Code notifies "needs your permission" 6.0–6.6 s after the picker opened; wait past it.
      while (Date.now() - pickerShown < 8_000) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await pad.client.status()).sessions.find((s) => s.identity.backend === 'claude')?.state).toBe('waiting_for_reply');
      pad.press(optionPads[2]!);
      await terminal.waitFor(/Late license chosen\./, 'the model’s answer after the pad chose');
      await states.stop();
      expect(states.seen).not.toContain('waiting_for_approval');
      expect(api.toolResults()[0]?.text).toContain(`"${LICENSE}"="GPL-3.0"`);
      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 150_000);
});
