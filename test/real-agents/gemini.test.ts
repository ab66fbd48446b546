import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECT_MESSAGE } from '../../src/agents/shared/permission-decision.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { locateAgentCli, skipNote } from './agent-clis.js';
import { geminiEnvironment, makeProject } from './agent-homes.js';
import { runShellCommand, startFakeGemini } from './fake-gemini.js';
import { APPROVAL_TIMEOUT, approveTurn, expectTitle, markerTurns, rejectTurn, startLauncherRun } from './launcher-run.js';
import { approveLit, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';

const gemini = locateAgentCli('gemini');
const afterAllTests = cleanupsAfterAll();

describe('Gemini CLI, the real CLI, through `node dist/src/cli/main.js gemini` (a checkout)', () => {
  it('shows the session at start; Approve runs a shell command, Reject blocks it and tells the model, no answer hands over to Gemini’s own confirmation; the user’s settings stay untouched', async (ctx) => {
    if (!gemini.ready) return ctx.skip(skipNote(gemini));
    const project = makeProject();
    const turns = markerTurns(project, runShellCommand);
    const api = await startFakeGemini(turns.turns);
    afterAllTests(() => api.close());
    const env = geminiEnvironment(api.origin);
    const userSettings = join(env['HOME'] ?? '', '.gemini', 'settings.json');
    const settingsBefore = readFileSync(userSettings, 'utf8');
    const runtimeDir = privateTempDir('pl-ra-rt-');
    const run = await startLauncherRun({ agent: 'gemini', bin: gemini.cli.bin, api, project, env, glyph: '>', cleanup: afterAllTests, runtimeDir });
    const { pad, terminal } = run;
    await inSession(terminal, pad, api, async () => {
      // SessionStart: the session is on the pad, leased, before anyone types; the launcher titled the terminal.
      const started = await untilSession(pad, (s) => s.identity.backend === 'gemini' && s.leased, 'the Gemini session to appear on the pad', 60_000);
      expect(started).toMatchObject({ state: 'waiting_for_reply', label: run.label, selected: true });
      const title = await expectTitle(run, started);
      await terminal.waitFor(/Type your message/, 'Gemini’s input line', 60_000);

      // Approve from the pad: the command runs without Gemini's own confirmation.
      const asking = await approveTurn(run, turns, 'run_shell_command');
      expect(asking.identity).toEqual(started.identity);
      // Reject from the pad: not run, and the model is told why.
      await rejectTurn(run, turns, 'run_shell_command', project);
      const results = api.toolResults();
      expect(results.map((result) => result.isError)).toEqual([false, true]);
      expect(results[1]?.text).toContain(`Tool execution blocked: ${REJECT_MESSAGE}`);

      // No answer on the pad within the approval timeout: Gemini's own confirmation takes over, and answers.
      await submit(terminal, '>', 'timeout-turn: please create the terminal marker');
      await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the third command to reach the pad');
      await pad.untilLights(() => approveLit(pad), 'approve to light for the third command');
      await terminal.waitFor(/Allow once/, 'Gemini’s own confirmation after the pad’s timeout', (APPROVAL_TIMEOUT + 20) * 1000);
      await pad.untilLights(() => !approveLit(pad), 'approve to go dark once the terminal decides');
      expect(existsSync(turns.marker('terminal'))).toBe(false);
      terminal.press('Enter');
      await until(() => existsSync(turns.marker('terminal')), 'the command allowed in the terminal to run', 30_000);
      await terminal.waitFor(/Terminal marker made\./, 'the final answer of the terminal turn', 30_000);
      expect(terminal.title()).toBe(title);

      await quitAgent(terminal, '>', '/quit', pad, 'gemini');
      expect(terminal.title()).toBe(run.untitled);
      // The user's Gemini settings never saw the hooks, and the session's Gemini home is gone.
      expect(readFileSync(userSettings, 'utf8')).toBe(settingsBefore);
      expect(readdirSync(join(runtimeDir, 'pad-lattice')).filter((name) => name.startsWith('gemini-home-'))).toEqual([]);
    });
  }, 240_000);
});
