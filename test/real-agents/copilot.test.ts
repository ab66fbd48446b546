import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { until } from '../agents/shared/fake-daemon.js';
import { locateAgentCli, skipNote } from './agent-clis.js';
import { copilotEnvironment, makeProject } from './agent-homes.js';
import { bashTool, startFakeChatCompletions } from './fake-chat-completions.js';
import { APPROVAL_TIMEOUT, approveTurn, expectPlaceholder, markerTurns, rejectTurn, startLauncherRun } from './launcher-run.js';
import { approveLit, sessions, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';

const copilot = locateAgentCli('copilot');
const afterAllTests = cleanupsAfterAll();

describe('GitHub Copilot CLI, the real CLI, through `node dist/src/cli/main.js copilot` (a checkout)', () => {
  it('shows a placeholder at start and the real session from the first prompt; Approve runs, Reject denies and tells the model, no answer hands over to Copilot’s own dialog', async (ctx) => {
    if (!copilot.ready) return ctx.skip(skipNote(copilot));
    const project = makeProject();
    const turns = markerTurns(project, bashTool);
    const api = await startFakeChatCompletions(turns.turns);
    afterAllTests(() => api.close());
    const env = copilotEnvironment(project, api.origin, copilot.cli.env);
    const run = await startLauncherRun({ agent: 'copilot', bin: copilot.cli.bin, api, project, env, glyph: '❯', cleanup: afterAllTests });
    const { pad, terminal } = run;
    await inSession(terminal, pad, api, async () => {
      // Copilot starts its session with the first prompt; until then the launcher's placeholder holds the Scene.
      const { placeholder, title } = await expectPlaceholder(run, 'copilot');
      await terminal.waitFor(/Manual Approval/, 'Copilot’s prompt', 60_000);

      const asking = await approveTurn(run, turns, 'bash');
      // The real session took over the placeholder's Scene and the selection.
      expect(asking.identity.sessionId).not.toBe(placeholder.identity.sessionId);
      expect(asking).toMatchObject({ slot: placeholder.slot, selected: true, leased: true, label: run.label });
      expect(await sessions(pad)).toHaveLength(1);
      await rejectTurn(run, turns, 'bash', project);
      expect(api.toolResults()[0]?.text).toContain('exit code 0');

      // No answer on the pad in time: Copilot's own dialog appears, and the terminal decides.
      await submit(terminal, '❯', 'timeout-turn: please create the terminal marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the third request to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the third request');
      await terminal.waitFor(/Do you want to run this command\?/, 'Copilot’s own dialog after the pad’s timeout', (APPROVAL_TIMEOUT + 20) * 1000);
      await pad.untilLights(() => !approveLit(pad), 'approve to go dark once the terminal decides');
      expect(existsSync(turns.marker('terminal'))).toBe(false);
      terminal.press('Enter');
      await until(() => existsSync(turns.marker('terminal')), 'the command allowed in the terminal to run', 30_000);
      await terminal.waitFor(/Terminal marker made\./, 'the final answer of the terminal turn', 30_000);
      expect(terminal.title()).toBe(title);

      await quitAgent(terminal, '❯', '/exit', pad, 'copilot');
      expect(terminal.title()).toBe(run.untitled);
    });
  }, 240_000);
});
