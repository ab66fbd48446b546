import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECT_MESSAGE } from '../../src/agents/shared/permission-decision.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { locateAgentCli, skipNote } from './agent-clis.js';
import { geminiEnvironment, makeProject } from './agent-homes.js';
import { AdminPage, expectSecretsKept } from './admin-page.js';
import { runShellCommand, startFakeGemini } from './fake-gemini.js';
import { checkoutLayout } from './layouts.js';
import { approveLit, pressOnPad, startPad, tierFramed, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

const gemini = locateAgentCli('gemini');
const afterAllTests = cleanupsAfterAll();

/** Made-up secrets of shapes the redactor knows: a GitHub token, an Anthropic key. */
const GITHUB_TOKEN = 'ghp_PadLatticeFakeGithubToken0123456789x';
const ANTHROPIC_KEY = 'sk-ant-api03-PadLatticeFakeAnthropicKey0123456789';
/** Short, so the test sees the hand-over to Gemini's own confirmation; long enough for a press under load. */
const APPROVAL_TIMEOUT = 12;

describe('Gemini CLI, the real CLI, through `node dist/src/cli/main.js gemini` (a checkout)', () => {
  it('shows the session at start; Approve runs a shell command, Reject blocks it and tells the model, no answer hands over to Gemini’s own confirmation; the user’s settings stay untouched', async (ctx) => {
    if (!gemini.ready) return ctx.skip(skipNote(gemini));
    const project = makeProject();
    const marker = (name: string) => join(project, `${name}.marker`);
    const approveCommand = `echo ${GITHUB_TOKEN} && touch ${marker('approved')}`;
    const rejectCommand = `rm -f ${join(project, 'scratch.txt')} && echo ${ANTHROPIC_KEY} > ${marker('rejected')}`;
    const api = await startFakeGemini([
      { prompt: 'approve-turn', replies: [runShellCommand(approveCommand, 'Create the approved marker'), { text: 'Approved marker made.' }] },
      { prompt: 'reject-turn', replies: [runShellCommand(rejectCommand, 'Create the rejected marker'), { text: 'Understood, not made.' }] },
      { prompt: 'timeout-turn', replies: [runShellCommand(`touch ${marker('terminal')}`, 'Create the terminal marker'), { text: 'Terminal marker made.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const pad = await startPad(layout, { web: true });
    afterAllTests(() => pad.kill());
    const admin = await AdminPage.open(pad.adminUrl!);
    afterAllTests(() => admin.close());
    const env = geminiEnvironment(api.origin);
    const userSettings = join(env['HOME'] ?? '', '.gemini', 'settings.json');
    const settingsBefore = readFileSync(userSettings, 'utf8');
    const runtimeDir = privateTempDir('pl-ra-rt-');
    const terminal = TmuxTerminal.start({
      command: [
        ...layout.cli,
        'gemini',
        '--socket',
        pad.socket,
        '--label',
        'real-gemini',
        '--approval-timeout',
        String(APPROVAL_TIMEOUT),
        '--gemini',
        gemini.cli.bin,
      ],
      cwd: project,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: runtimeDir, ...env },
    });
    afterAllTests(() => terminal.close());
    const untitled = terminal.defaultTitle();
    await inSession(terminal, pad, api, async () => {
      // SessionStart: the session is on the pad, leased, before anyone types; the launcher titled the terminal.
      const started = await untilSession(pad, (s) => s.identity.backend === 'gemini' && s.leased, 'the Gemini session to appear on the pad', 60_000);
      expect(started).toMatchObject({ state: 'waiting_for_reply', label: 'real-gemini', selected: true });
      const title = `[S${(started.slot ?? 0) + 1} ${String(started.accent).toUpperCase()}] real-gemini`;
      await until(() => terminal.title() === title, `the title ${title}`, 10_000);
      await terminal.waitFor(/Type your message/, 'Gemini’s input line', 60_000);

      // Approve from the pad: the command runs without Gemini's own confirmation.
      await submit(terminal, '>', 'approve-turn: please create the approved marker');
      const asking = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the shell command to reach the pad');
      expect(asking.identity).toEqual(started.identity);
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval’s details on the admin page')).toEqual({
        kind: 'approval',
        tier: 'edit',
        tool: 'run_shell_command',
        description: `echo [REDACTED] && touch ${marker('approved')}`,
      });
      await pad.untilLights(() => tierFramed(pad, 'edit'), 'the edit tier’s frame around the !');
      await pressOnPad(pad, asking, 'approve');
      await until(() => existsSync(marker('approved')), 'the approved command to run', 30_000);
      await terminal.waitFor(/Approved marker made\./, 'the final answer of the approved turn', 30_000);
      await untilSession(
        pad,
        (s) => s.identity.backend === 'gemini' && s.state !== 'waiting_for_approval' && s.state !== 'running',
        'the approved turn to end',
      );

      // Reject from the pad: not run, and the model is told why.
      await submit(terminal, '>', 'reject-turn: please create the rejected marker');
      const rejecting = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second command to reach the pad');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval' && p['tier'] === 'destructive', 'the second approval’s details')).toEqual({
        kind: 'approval',
        tier: 'destructive',
        tool: 'run_shell_command',
        description: `rm -f ${join(project, 'scratch.txt')} && echo [REDACTED] > ${marker('rejected')}`,
      });
      await pressOnPad(pad, rejecting, 'reject');
      await terminal.waitFor(/Understood, not made\./, 'the final answer of the rejected turn', 30_000);
      expect(existsSync(marker('rejected'))).toBe(false);
      const results = api.toolResults();
      expect(results).toHaveLength(2);
      expect(results[0]).toMatchObject({ isError: false });
      expect(results[1]).toMatchObject({ isError: true });
      expect(results[1]?.text).toContain(`Tool execution blocked: ${REJECT_MESSAGE}`);
      expectSecretsKept(admin, pad.stderr(), [GITHUB_TOKEN, ANTHROPIC_KEY]);

      // No answer on the pad within the approval timeout: Gemini's own confirmation takes over, and answers.
      await submit(terminal, '>', 'timeout-turn: please create the terminal marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the third command to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the third command');
      await terminal.waitFor(/Allow once/, 'Gemini’s own confirmation after the pad’s timeout', (APPROVAL_TIMEOUT + 20) * 1000);
      await pad.untilLights(() => !approveLit(pad), 'approve to go dark once the terminal decides');
      expect(existsSync(marker('terminal'))).toBe(false);
      terminal.press('Enter');
      await until(() => existsSync(marker('terminal')), 'the command allowed in the terminal to run', 30_000);
      await terminal.waitFor(/Terminal marker made\./, 'the final answer of the terminal turn', 30_000);
      expect(terminal.title()).toBe(title);

      await quitAgent(terminal, '>', '/quit', pad, 'gemini');
      expect(terminal.title()).toBe(untitled);
      // The user's Gemini settings never saw the hooks, and the session's Gemini home is gone.
      expect(readFileSync(userSettings, 'utf8')).toBe(settingsBefore);
      expect(readdirSync(join(runtimeDir, 'pad-lattice')).filter((name) => name.startsWith('gemini-home-'))).toEqual([]);
    });
  }, 240_000);
});
