import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import type { TraceDaemon } from '../agents/claude/trace-daemon.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { claudeEnvironment, codexEnvironment, makeProject } from './agent-homes.js';
import { bash, startFakeAnthropic } from './fake-anthropic.js';
import { execCommand, startFakeOpenAi } from './fake-openai.js';
import { npmInstalledLayout, type Layout } from './layouts.js';
import { approveLit, pressOnPad, startPad, untilSession } from './pad.js';
import { answerClaudeDialog, cleanupsAfterAll, inSession, quitAgent, submit, trustCodexHooks } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * Pad-Lattice as `npm install -g` leaves it (packed from this checkout, installed into a
 * temporary prefix), with both real CLIs: a pad approval, and the approval timeout handing the
 * request back to the CLI's own prompt, answered in the terminal.
 */

const clis = locateAgentClis();
const APPROVAL_TIMEOUT = '4';
let layout: Layout;
let pad: TraceDaemon;
const afterAllTests = cleanupsAfterAll();

beforeAll(async () => {
  if (!clis.ready) return;
  layout = npmInstalledLayout();
  pad = await startPad(layout);
  afterAllTests(() => pad.kill());
  // npm pack plus an install took 29 s on a quiet machine, over 120 s during a full run beside the other real-agent tests.
}, 360_000);

function launch(agent: 'claude' | 'codex', bin: string, project: string, env: Record<string, string>): TmuxTerminal {
  // Codex on its hook path (its app-server path is codex-app-server.test.ts), leaving the pad as it exits.
  const own = agent === 'codex' ? ['--hooks', '--linger', '0'] : [];
  const terminal = TmuxTerminal.start({
    command: [...layout.cli, agent, ...own, '--socket', pad.socket, '--label', `npm-${agent}`, '--approval-timeout', APPROVAL_TIMEOUT, `--${agent}`, bin],
    cwd: project,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...env },
  });
  afterAllTests(() => terminal.close());
  return terminal;
}

describe('the npm-installed pad-lattice (bin links into a prefix) with the real CLIs', () => {
  it('Claude Code: the pad approves; after the approval timeout its own dialog still answers', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const marker = (name: string) => join(project, `${name}.marker`);
    const api = await startFakeAnthropic([
      // Network commands (curl to a closed loopback port fails at once), which auto mode asks about because of Pad-Lattice.
      { prompt: 'approve-turn', replies: [bash(`curl -s http://127.0.0.1:9/ ; touch ${marker('approved')}`), { text: 'Approved marker made.' }] },
      { prompt: 'timeout-turn', replies: [bash(`curl -s http://127.0.0.1:9/ ; touch ${marker('late')}`), { text: 'Late marker made.' }] },
    ]);
    afterAllTests(() => api.close());
    const terminal = launch('claude', clis.claude.bin, project, claudeEnvironment(project, api.origin));
    await inSession(terminal, pad, api, async () => {
      const started = await untilSession(pad, (s) => s.identity.backend === 'claude', 'the Claude session to appear');
      const title = `[S${(started.slot ?? 0) + 1} ${String(started.accent).toUpperCase()}] npm-claude`;
      await until(() => terminal.title() === title, `the title ${title}`, 10_000);
      await terminal.waitFor(/auto mode on/, 'Claude Code in its own default, auto mode');
      await submit(terminal, '❯', 'approve-turn: create the approved marker');
      await pressOnPad(pad, await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the request on the pad'), 'approve');
      await until(() => existsSync(marker('approved')), 'the approved command to run', 20_000);
      await terminal.waitFor(/Approved marker made\./, 'the approved turn to end');

      await submit(terminal, '❯', 'timeout-turn: create the late marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second request on the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light');
      // The hook gives up after the approval timeout: Approve goes dark, Claude Code's dialog stays.
      await until(() => !approveLit(pad), 'the pad to give up', 15_000);
      await terminal.waitFor(/Do you want to proceed\?/, 'Claude Code’s own dialog');
      expect(existsSync(marker('late'))).toBe(false);
      await answerClaudeDialog(terminal, 1, 'Yes');
      await until(() => existsSync(marker('late')), 'the command approved in the terminal to run', 20_000);
      await terminal.waitFor(/Late marker made\./, 'the second turn to end');

      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 90_000);

  it('Codex: the pad approves; after the approval timeout Codex shows its own prompt, answered in the terminal', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const marker = (name: string) => join(project, `${name}.marker`);
    const api = await startFakeOpenAi([
      { prompt: 'approve-turn', replies: [execCommand(`touch ${marker('approved')}`, { escalated: true }), { text: 'Approved marker made.' }] },
      { prompt: 'timeout-turn', replies: [execCommand(`touch ${marker('late')}`, { escalated: true }), { text: 'Late marker made.' }] },
    ]);
    afterAllTests(() => api.close());
    const terminal = launch('codex', clis.codex.bin, project, codexEnvironment(project, api.origin));
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'codex', 'the Codex session to appear at launch', 15_000);
      await trustCodexHooks(terminal);

      await submit(terminal, '›', 'approve-turn: create the approved marker');
      await pressOnPad(pad, await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the request on the pad'), 'approve');
      await until(() => existsSync(marker('approved')), 'the approved command to run', 20_000);
      await terminal.waitFor(/Approved marker made\./, 'the approved turn to end');

      await submit(terminal, '›', 'timeout-turn: create the late marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second request on the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light');
      // Codex asks only once the hook gave up without a decision.
      expect(terminal.screen()).not.toMatch(/Would you like to run the following command\?/);
      await terminal.waitFor(/Would you like to run the following command\?/, 'Codex’s own prompt after the timeout', 15_000);
      // The hook's exit and the lights travel separately (socket close → daemon → next frame → trace pipe), so wait for the frame.
      await pad.untilLights(() => !approveLit(pad), 'Approve to go dark once the hook handed the request back');
      terminal.press('y');
      await until(() => existsSync(marker('late')), 'the command approved in the terminal to run', 20_000);
      await terminal.waitFor(/Late marker made\./, 'the second turn to end');

      await terminal.waitFor(/Ask Codex to do anything/, 'Codex to be idle');
      await quitAgent(terminal, '›', '/quit', pad, 'codex');
    });
  }, 90_000);
});
