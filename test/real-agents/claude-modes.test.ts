import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { padsOf } from '../agents/claude/trace-daemon.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { claudeEnvironment, makeProject } from './agent-homes.js';
import { startPadWithAdmin } from './admin-page.js';
import { bash, startFakeAnthropic } from './fake-anthropic.js';
import { checkoutLayout } from './layouts.js';
import { canvasPad, pressOnPad, sessions, tierFramed, untilSession, watchStates } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * Claude Code 2.1.332 in auto mode, its own default, through `pad-lattice claude` (which leaves the
 * mode alone on this version): the fake Messages API plays auto mode's classifier too. A
 * destructive command reaches the pad (Pad-Lattice's PreToolUse makes auto mode ask); an edit
 * stays with the classifier; a call the classifier refuses shows as a short notice.
 */

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();

describe('Claude Code, the real CLI, in auto mode', () => {
  it('a destructive command reaches the pad and runs once Approve is held (a tap does nothing); an edit never waits for the pad; a refused call shows as a notice', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const marker = (name: string) => join(project, `${name}.marker`);
    const api = await startFakeAnthropic([
      {
        prompt: 'destructive-turn',
        replies: [bash(`rm -rf ${join(project, 'build')} && touch ${marker('destructive')}`, 'Clean the build'), { text: 'Build cleaned.' }],
      },
      { prompt: 'edit-turn', replies: [bash(`touch ${marker('edit')}`, 'Create the edit marker'), { text: 'Edit marker made.' }] },
      {
        prompt: 'refused-turn',
        replies: [
          { toolCalls: [{ name: 'Bash', input: { command: `touch ${marker('refused')}`, description: 'Refused' }, verdict: 'flagged' }] },
          { text: 'I was stopped.' },
        ],
      },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const { pad, admin } = await startPadWithAdmin(layout, afterAllTests);
    const terminal = TmuxTerminal.start({
      command: [...layout.cli, 'claude', '--socket', pad.socket, '--label', 'auto-claude', '--claude', clis.claude.bin],
      cwd: project,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...claudeEnvironment(project, api.origin) },
    });
    afterAllTests(() => terminal.close());
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased && s.selected, 'the Claude session on the pad, selected');
      // No mode was chosen and the launcher added none: Claude Code's own default.
      await terminal.waitFor(/auto mode on/, 'Claude Code in auto mode');

      await submit(terminal, '❯', 'destructive-turn: clean the build');
      const asking = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the destructive command to reach the pad');
      await terminal.waitFor(/Pad-Lattice asks about destructive commands in auto mode/, 'the reason in Claude Code’s own dialog');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval on the admin page')).toMatchObject({ tier: 'destructive', tool: 'Bash' });
      await pad.untilLights(() => tierFramed(pad, 'destructive'), 'the destructive frame around the !');
      // Hold to approve: a tap on Approve sends nothing, and the daemon's log says why.
      await pressOnPad(pad, asking, 'approve');
      await until(() => /hold to approve/.test(pad.stderr()), 'the daemon to log "hold to approve"', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(existsSync(marker('destructive'))).toBe(false);
      expect((await sessions(pad))[0]?.state).toBe('waiting_for_approval');
      // Held, the fill rises inside the red frame (never blinking), and once full the command runs, once.
      const fill = pad.profile.lookup.colors.get('state:success:primary');
      const holding = pad.hold(padsOf(pad).approve, 2_500);
      await pad.untilLights(() => pad.lightOf(canvasPad(pad, 3, 7)) === fill && tierFramed(pad, 'destructive'), 'the fill’s first row inside the frame');
      await holding;
      await until(() => existsSync(marker('destructive')), 'the approved command to run', 20_000);
      await terminal.waitFor(/Build cleaned\./, 'the end of the approved turn');
      expect(api.toolResults()).toHaveLength(1);

      const edit = watchStates(pad, 'claude');
      await submit(terminal, '❯', 'edit-turn: make the edit marker');
      await terminal.waitFor(/Edit marker made\./, 'the edit turn to end without asking');
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.state !== 'running', 'the edit turn to end on the pad');
      await edit.stop();
      expect(existsSync(marker('edit'))).toBe(true);
      expect(edit.seen).not.toContain('waiting_for_approval');

      await submit(terminal, '❯', 'refused-turn: make the refused marker');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'notice', 'the refusal on the admin page', 20_000)).toEqual({
        kind: 'notice',
        notice: 'denied',
        tool: 'Bash',
        description: `touch ${marker('refused')} · The fake classifier refuses this call.`,
      });
      await terminal.waitFor(/I was stopped\./, 'the end of the refused turn');
      expect(existsSync(marker('refused'))).toBe(false);
      const results = api.toolResults();
      expect(results.map((result) => result.isError)).toEqual([false, false, true]);
      expect(pad.stderr().match(/hold to approve/g)).toHaveLength(1);
      expect(results[2]?.text).toContain('auto mode classifier');
      // A few seconds later the notice is gone on its own.
      await admin.untilPrompt((p) => p === null, 'the notice to go', 15_000);

      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 180_000);
});
