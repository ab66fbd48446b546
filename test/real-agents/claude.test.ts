import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECT_MESSAGE } from '../../src/agents/shared/permission-decision.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { padsOf } from '../agents/claude/trace-daemon.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { claudeEnvironment, makeProject } from './agent-homes.js';
import { expectSecretsKept, startPadWithAdmin } from './admin-page.js';
import { bash, startFakeAnthropic } from './fake-anthropic.js';
import { checkoutLayout } from './layouts.js';
import { approveLit, pressOnPad, sessions, tierFramed, untilSession } from './pad.js';
import { answerClaudeDialog, cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();

/** Made-up secrets of shapes the redactor knows (README "Questions and approval details"): a GitHub token, an Anthropic key. */
const GITHUB_TOKEN = 'ghp_PadLatticeFakeGithubToken0123456789x';
const ANTHROPIC_KEY = 'sk-ant-api03-PadLatticeFakeAnthropicKey0123456789';

describe('Claude Code, the real CLI, through `node dist/src/cli/main.js claude` (a checkout)', () => {
  it('in default (manual) mode: a request of any tier reaches the pad with its redacted command and tier; Approve runs it, Reject tells the model, one press decides once, a terminal answer clears the pad; title set and restored', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const marker = (name: string) => join(project, `${name}.marker`);
    // An edit (touch) and a destructive (rm) command, each carrying a secret.
    const approveCommand = `echo ${GITHUB_TOKEN} && touch ${marker('approved')}`;
    const rejectCommand = `rm -f ${join(project, 'scratch.txt')} && echo ${ANTHROPIC_KEY} > ${marker('rejected')}`;
    const api = await startFakeAnthropic([
      { prompt: 'approve-turn', replies: [bash(approveCommand, 'Create the approved marker'), { text: 'Approved marker made.' }] },
      { prompt: 'reject-turn', replies: [bash(rejectCommand, 'Create the rejected marker'), { text: 'Understood, not made.' }] },
      { prompt: 'terminal-turn', replies: [bash(`touch ${marker('terminal')}`, 'Create the terminal marker'), { text: 'Terminal marker made.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const { pad, admin } = await startPadWithAdmin(layout, afterAllTests);
    const terminal = TmuxTerminal.start({
      command: [...layout.cli, 'claude', '--socket', pad.socket, '--label', 'real-claude', '--claude', clis.claude.bin, '--permission-mode', 'default'],
      cwd: project,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...claudeEnvironment(project, api.origin) },
    });
    afterAllTests(() => terminal.close());
    const untitled = terminal.defaultTitle();
    await inSession(terminal, pad, api, async () => {
      // SessionStart: the session is on the pad, leased, before anyone types; the launcher titled the terminal.
      const started = await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased, 'the Claude session to appear on the pad');
      expect(started).toMatchObject({ state: 'waiting_for_reply', label: 'real-claude', selected: true });
      const title = `[S${(started.slot ?? 0) + 1} ${String(started.accent).toUpperCase()}] real-claude`;
      await until(() => terminal.title() === title, `the title ${title}`, 10_000);
      // The user chose default mode, shown as "manual"; the launcher passed it through (auto mode has its own test).
      await terminal.waitFor(/manual mode on/, 'Claude Code in default permission mode');

      // Approve from the pad; two presses in one burst decide this request only once.
      await submit(terminal, '❯', 'approve-turn: please create the approved marker');
      const asking = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the permission request to reach the pad');
      expect(asking.identity).toEqual(started.identity);
      // What am I approving: the admin page reads the tool and the command, its token redacted; the pad frames the `!` in blue.
      const approving = await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval’s details on the admin page');
      expect(approving).toEqual({ kind: 'approval', tier: 'edit', tool: 'Bash', description: `echo [REDACTED] && touch ${marker('approved')}` });
      await pad.untilLights(() => tierFramed(pad, 'edit'), 'the edit tier’s frame around the !');
      await pressOnPad(pad, asking, 'approve');
      pad.press(padsOf(pad).approve);
      await until(() => existsSync(marker('approved')), 'the approved command to run', 20_000);
      await terminal.waitFor(/Approved marker made\./, 'the final answer of the approved turn');
      await untilSession(pad, (s) => s.state !== 'waiting_for_approval' && s.state !== 'running', 'the approved turn to end');

      // The next request is not answered by the extra press: it waits until Reject is pressed.
      await submit(terminal, '❯', 'reject-turn: please create the rejected marker');
      const rejecting = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second request to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the second request');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the second approval’s details')).toEqual({
        kind: 'approval',
        tier: 'destructive',
        tool: 'Bash',
        description: `rm -f ${join(project, 'scratch.txt')} && echo [REDACTED] > ${marker('rejected')}`,
      });
      await pad.untilLights(() => tierFramed(pad, 'destructive'), 'the destructive tier’s frame around the !');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await sessions(pad))[0]?.state).toBe('waiting_for_approval');
      await pressOnPad(pad, rejecting, 'reject');
      await terminal.waitFor(/Understood, not made\./, 'the final answer of the rejected turn');
      expect(existsSync(marker('rejected'))).toBe(false);

      // What the model was told: the approved call's output, and the pad's rejection message.
      const results = api.toolResults();
      expect(results).toHaveLength(2);
      expect(results[0]?.isError).toBe(false);
      expect(results[1]?.isError).toBe(true);
      expect(results[1]?.text).toContain(REJECT_MESSAGE);
      // The approved command printed its secret to the model, but no secret reached the browser pad or the daemon's log.
      expect(results[0]?.text).toContain(GITHUB_TOKEN);
      expectSecretsKept(admin, pad.stderr(), [GITHUB_TOKEN, ANTHROPIC_KEY]);

      // Answered in the terminal while the pad waits: Claude Code stops the hook, and the pad leaves waiting_for_approval at once.
      await submit(terminal, '❯', 'terminal-turn: please create the terminal marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the third request to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the third request');
      await answerClaudeDialog(terminal, 4, 'No');
      await untilSession(pad, (s) => s.state === 'waiting_for_reply', 'the pad to leave waiting_for_approval', 5_000);
      await pad.untilLights(() => !approveLit(pad), 'approve to go dark');
      expect(existsSync(marker('terminal'))).toBe(false);
      expect(terminal.title()).toBe(title);

      // Leaving Claude Code ends the session and puts the terminal's title back.
      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
      expect(terminal.title()).toBe(untitled);
    });
  }, 120_000);
});
