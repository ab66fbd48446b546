import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECT_MESSAGE } from '../../src/agents/shared/permission-decision.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { locateAgentCli, skipNote } from './agent-clis.js';
import { copilotEnvironment, makeProject } from './agent-homes.js';
import { AdminPage, expectSecretsKept } from './admin-page.js';
import { bashTool, startFakeChatCompletions } from './fake-chat-completions.js';
import { checkoutLayout } from './layouts.js';
import { approveLit, pressOnPad, sessions, startPad, tierFramed, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

const copilot = locateAgentCli('copilot');
const afterAllTests = cleanupsAfterAll();

/** Made-up secrets of shapes the redactor knows: a GitHub token, a bearer credential. */
const GITHUB_TOKEN = 'ghp_PadLatticeFakeGithubToken0123456789x';
const BEARER = 'PadLatticeFakeBearerCredential0123456789';
/** Short, so the test sees the hand-over to Copilot's own dialog; long enough for a press under load. */
const APPROVAL_TIMEOUT = 12;

describe('GitHub Copilot CLI, the real CLI, through `node dist/src/cli/main.js copilot` (a checkout)', () => {
  it('shows a placeholder at start and the real session from the first prompt; Approve runs, Reject denies and tells the model, no answer hands over to Copilot’s own dialog', async (ctx) => {
    if (!copilot.ready) return ctx.skip(skipNote(copilot));
    const project = makeProject();
    const marker = (name: string) => join(project, `${name}.marker`);
    const approveCommand = `echo ${GITHUB_TOKEN} && touch ${marker('approved')}`;
    const rejectCommand = `rm -f ${join(project, 'scratch.txt')} && echo 'Authorization: Bearer ${BEARER}' > ${marker('rejected')}`;
    const api = await startFakeChatCompletions([
      { prompt: 'approve-turn', replies: [bashTool(approveCommand, 'Create the approved marker'), { text: 'Approved marker made.' }] },
      { prompt: 'reject-turn', replies: [bashTool(rejectCommand, 'Create the rejected marker'), { text: 'Understood, not made.' }] },
      { prompt: 'timeout-turn', replies: [bashTool(`touch ${marker('terminal')}`, 'Create the terminal marker'), { text: 'Terminal marker made.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const pad = await startPad(layout, { web: true });
    afterAllTests(() => pad.kill());
    const admin = await AdminPage.open(pad.adminUrl!);
    afterAllTests(() => admin.close());
    const terminal = TmuxTerminal.start({
      command: [
        ...layout.cli,
        'copilot',
        '--socket',
        pad.socket,
        '--label',
        'real-copilot',
        '--approval-timeout',
        String(APPROVAL_TIMEOUT),
        '--copilot',
        copilot.cli.bin,
      ],
      cwd: project,
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'),
        ...copilotEnvironment(project, api.origin, copilot.cli.env),
      },
    });
    afterAllTests(() => terminal.close());
    const untitled = terminal.defaultTitle();
    await inSession(terminal, pad, api, async () => {
      // Copilot starts its session with the first prompt; until then the launcher's placeholder holds the Scene.
      const placeholder = await untilSession(pad, (s) => s.identity.backend === 'copilot', 'the Copilot session to appear at launch', 30_000);
      expect(placeholder).toMatchObject({ state: 'waiting_for_reply', label: 'real-copilot', leased: true, selected: true });
      expect(placeholder.identity.sessionId).toMatch(/^starting-[0-9a-f]{32}$/);
      const title = `[S${(placeholder.slot ?? 0) + 1} ${String(placeholder.accent).toUpperCase()}] real-copilot`;
      await until(() => terminal.title() === title, `the title ${title}`, 10_000);
      await terminal.waitFor(/Manual Approval/, 'Copilot’s prompt', 60_000);

      await submit(terminal, '❯', 'approve-turn: please create the approved marker');
      const asking = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the permission request to reach the pad', 60_000);
      // The real session took over the placeholder's Scene and the selection.
      expect(asking.identity.sessionId).not.toBe(placeholder.identity.sessionId);
      expect(asking).toMatchObject({ slot: placeholder.slot, selected: true, leased: true, label: 'real-copilot' });
      expect(await sessions(pad)).toHaveLength(1);
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval’s details on the admin page')).toEqual({
        kind: 'approval',
        tier: 'edit',
        tool: 'bash',
        description: `echo [REDACTED] && touch ${marker('approved')}`,
      });
      await pad.untilLights(() => tierFramed(pad, 'edit'), 'the edit tier’s frame around the !');
      await pressOnPad(pad, asking, 'approve');
      await until(() => existsSync(marker('approved')), 'the approved command to run', 30_000);
      await terminal.waitFor(/Approved marker made\./, 'the final answer of the approved turn', 30_000);
      await untilSession(pad, (s) => s.state !== 'waiting_for_approval' && s.state !== 'running', 'the approved turn to end');

      await submit(terminal, '❯', 'reject-turn: please create the rejected marker');
      const rejecting = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second request to reach the pad');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval' && p['tier'] === 'destructive', 'the second approval’s details')).toEqual({
        kind: 'approval',
        tier: 'destructive',
        tool: 'bash',
        description: `rm -f ${join(project, 'scratch.txt')} && echo 'Authorization: Bearer [REDACTED]' > ${marker('rejected')}`,
      });
      await pressOnPad(pad, rejecting, 'reject');
      await terminal.waitFor(/Understood, not made\./, 'the final answer of the rejected turn', 30_000);
      expect(existsSync(marker('rejected'))).toBe(false);
      const results = api.toolResults();
      expect(results).toHaveLength(2);
      expect(results[0]?.text).toContain('exit code 0');
      expect(results[1]?.text).toContain(REJECT_MESSAGE);
      expectSecretsKept(admin, pad.stderr(), [GITHUB_TOKEN, BEARER]);

      // No answer on the pad in time: Copilot's own dialog appears, and the terminal decides.
      await submit(terminal, '❯', 'timeout-turn: please create the terminal marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the third request to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the third request');
      await terminal.waitFor(/Do you want to run this command\?/, 'Copilot’s own dialog after the pad’s timeout', (APPROVAL_TIMEOUT + 20) * 1000);
      await pad.untilLights(() => !approveLit(pad), 'approve to go dark once the terminal decides');
      expect(existsSync(marker('terminal'))).toBe(false);
      terminal.press('Enter');
      await until(() => existsSync(marker('terminal')), 'the command allowed in the terminal to run', 30_000);
      await terminal.waitFor(/Terminal marker made\./, 'the final answer of the terminal turn', 30_000);
      expect(terminal.title()).toBe(title);

      await quitAgent(terminal, '❯', '/exit', pad, 'copilot');
      expect(terminal.title()).toBe(untitled);
    });
  }, 240_000);
});
