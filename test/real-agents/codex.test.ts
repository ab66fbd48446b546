import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECT_MESSAGE } from '../../src/agents/shared/permission-decision.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { codexEnvironment, makeProject } from './agent-homes.js';
import { BEARER, GITHUB_TOKEN, runProgram, secretCommands, startPadWithAdmin } from './codex-steps.js';
import { expectSecretsKept } from './admin-page.js';
import { execCommand, startFakeOpenAi } from './fake-openai.js';
import { checkoutLayout } from './layouts.js';
import { pressOnPad, sessions, startPad, tierFramed, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit, trustCodexHooks } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();

describe('Codex, the real CLI, through `node dist/src/cli/main.js codex --hooks` and `codex-exec` (a checkout)', () => {
  it('with --hooks: shows at once, takes Approve and Reject from the pad after the one-time hook review, with each command redacted and its tier; owns the title', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const { marker, approveCommand, rejectCommand } = secretCommands(project);
    const api = await startFakeOpenAi([
      { prompt: 'approve-turn', replies: [execCommand(approveCommand, { escalated: true }), { text: 'Approved marker made.' }] },
      { prompt: 'reject-turn', replies: [execCommand(rejectCommand, { escalated: true }), { text: 'Understood, not made.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const { pad, admin } = await startPadWithAdmin(layout, afterAllTests);
    const env = codexEnvironment(project, api.origin);
    const terminal = TmuxTerminal.start({
      command: [...layout.cli, 'codex', '--hooks', '--linger', '0', '--socket', pad.socket, '--label', 'real-codex', '--codex', clis.codex.bin],
      cwd: project,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...env },
    });
    afterAllTests(() => terminal.close());
    const untitled = terminal.defaultTitle();
    await inSession(terminal, pad, api, async () => {
      // Before Codex reported anything (it does with the first prompt), the launcher's placeholder is on the pad.
      const placeholder = await untilSession(pad, (s) => s.identity.backend === 'codex', 'the Codex session to appear at launch', 15_000);
      expect(placeholder).toMatchObject({ state: 'waiting_for_reply', label: 'real-codex', leased: true, selected: true });
      expect(placeholder.identity.sessionId).toMatch(/^starting-[0-9a-f]{32}$/);
      const title = `[S${(placeholder.slot ?? 0) + 1} ${String(placeholder.accent).toUpperCase()}] real-codex`;
      await until(() => terminal.title() === title, `the title ${title}`, 10_000);

      // Codex asks once to trust the new hooks, and records that trust in its own config.toml.
      await trustCodexHooks(terminal);
      expect(readFileSync(join(env['CODEX_HOME'] ?? '', 'config.toml'), 'utf8')).toMatch(
        /\[hooks\.state\."[^"]*permission_request[^"]*"\]\ntrusted_hash = "sha256:[0-9a-f]{64}"/,
      );

      await submit(terminal, '›', 'approve-turn: please create the approved marker');
      const asking = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the permission request to reach the pad');
      // The real session took over the placeholder's Scene and the selection.
      expect(asking.identity.sessionId).not.toBe(placeholder.identity.sessionId);
      expect(asking).toMatchObject({ slot: placeholder.slot, accent: placeholder.accent, selected: true, leased: true, label: 'real-codex' });
      expect(await sessions(pad)).toHaveLength(1);
      // What am I approving: the admin page reads the tool and the command, its token redacted; the pad frames the `!` in blue.
      const approving = await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval’s details on the admin page');
      expect(approving).toEqual({ kind: 'approval', tier: 'edit', tool: 'Bash', description: `echo [REDACTED] && touch ${marker('approved')}` });
      await pad.untilLights(() => tierFramed(pad, 'edit'), 'the edit tier’s frame around the !');
      await pressOnPad(pad, asking, 'approve');
      await until(() => existsSync(marker('approved')), 'the approved command to run', 20_000);
      await terminal.waitFor(/Approved marker made\./, 'the final answer of the approved turn');

      await submit(terminal, '›', 'reject-turn: please create the rejected marker');
      const rejecting = await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second request to reach the pad');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the second approval’s details')).toEqual({
        kind: 'approval',
        tier: 'destructive',
        tool: 'Bash',
        description: `rm -f ${join(project, 'scratch.txt')} && echo 'Authorization: Bearer [REDACTED]' > ${marker('rejected')}`,
      });
      await pad.untilLights(() => tierFramed(pad, 'destructive'), 'the destructive tier’s frame around the !');
      await pressOnPad(pad, rejecting, 'reject');
      await terminal.waitFor(/Understood, not made\./, 'the final answer of the rejected turn');
      expect(existsSync(marker('rejected'))).toBe(false);
      const results = api.toolResults();
      expect(results).toHaveLength(2);
      expect(results[1]?.text).toContain(REJECT_MESSAGE);
      // The approved command printed its secret to the model, but no secret reached the browser pad or the daemon's log.
      expect(results[0]?.text).toContain(GITHUB_TOKEN);
      expectSecretsKept(admin, pad.stderr(), [GITHUB_TOKEN, BEARER]);
      expect(terminal.title()).toBe(title);

      await terminal.waitFor(/Ask Codex to do anything/, 'Codex to be idle');
      await quitAgent(terminal, '›', '/quit', pad, 'codex');
      expect(terminal.title()).toBe(untitled);
    });
  }, 120_000);

  it('codex-exec --linger 0: a prompt of several words reaches Codex as one; Stop on the pad ends the run, its command included, and it leaves the pad', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const marker = join(project, 'late.marker');
    const api = await startFakeOpenAi([
      { prompt: 'say done when finished', replies: [{ text: 'done' }] },
      { prompt: 'wait for a long time', replies: [execCommand(`sleep 3; touch ${marker}`), { text: 'Finished waiting.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const pad = await startPad(layout);
    afterAllTests(() => pad.kill());
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...codexEnvironment(project, api.origin) };
    const exec = (words: readonly string[]) =>
      runProgram([...layout.cli, 'codex-exec', '--linger', '0', '--socket', pad.socket, '--codex', clis.codex.bin, ...words], project, env, afterAllTests);

    const finished = await exec(['say', 'done', 'when', 'finished']).done;
    expect(finished).toMatchObject({ code: 0 });
    expect(finished.stdout).toContain('done');
    expect(await sessions(pad)).toEqual([]);

    const long = exec(['--', 'wait', 'for', 'a', 'long', 'time']);
    const running = await untilSession(pad, (s) => s.identity.backend === 'codex-exec' && s.state === 'running', 'the codex-exec run on the pad');
    await until(() => api.served('wait for a long time') >= 1, 'Codex to start the long command', 20_000);
    await pressOnPad(pad, running, 'stop');
    const stopped = await long.done;
    expect(stopped.code).toBe(143);
    expect(stopped.stderr).toContain('pad-lattice: stop requested from Launchpad');
    await until(async () => (await sessions(pad)).length === 0, 'the stopped run to leave the pad', 10_000);
    // The command Codex was running stopped with it: its 3-second sleep ends without the touch.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(existsSync(marker)).toBe(false);
  }, 90_000);
});
