import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StatusSessionReport } from '../../src/client/index.js';
import { optionCells } from '../../src/visual-protocol/index.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import type { TraceDaemon } from '../agents/claude/trace-daemon.js';
import { expectSecretsKept } from './admin-page.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { codexEnvironment, makeProject } from './agent-homes.js';
import { BEARER, GITHUB_TOKEN, runProgram, secretCommands, startPadWithAdmin } from './codex-steps.js';
import { execCommand, startFakeOpenAi } from './fake-openai.js';
import type { ScriptedReply } from './fake-model-api.js';
import { checkoutLayout } from './layouts.js';
import { canvasPad, pressOnPad, sessions, startPad, tierFramed, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * `pad-lattice codex` on Codex 0.171.0 runs the TUI on an app-server of its own and follows it as a
 * second client: approvals and request_user_input questions reach the pad, a press answers them
 * (the TUI's own prompt closes), an answer in the TUI takes them off the pad. `codex-exec` and an
 * interactive Codex that exits keep showing how they ended for their linger time.
 */

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();

const PATH = process.env['PATH'] ?? '/usr/bin:/bin';
const isThread = (s: StatusSessionReport) => s.identity.backend === 'codex' && !s.identity.sessionId.startsWith('starting-');

/** A `request_user_input` call with one question of two options. */
function askColor(id: string, extra: Record<string, unknown> = {}): ScriptedReply {
  const question = {
    id,
    header: 'Color',
    question: 'Which color should the pad use?',
    options: [
      { label: 'Red (Recommended)', description: 'Warm.' },
      { label: 'Blue', description: 'Cool.' },
    ],
    ...extra,
  };
  return { toolCalls: [{ name: 'request_user_input', input: { questions: [question] } }] };
}

/** Samples the session until it leaves the pad; every sample must show `state`, and it must outlast the daemon's 2 s terminal hold. */
async function expectLingering(pad: TraceDaemon, match: (s: StatusSessionReport) => boolean, state: string): Promise<void> {
  const seen: { at: number; state: string }[] = [];
  await until(
    async () => {
      const session = (await sessions(pad)).find(match);
      if (session === undefined) return seen.length > 0;
      seen.push({ at: Date.now(), state: session.state });
      return false;
    },
    'the ended session to leave the pad',
    30_000,
    100,
  );
  expect(new Set(seen.map((sample) => sample.state))).toEqual(new Set([state]));
  expect(seen.at(-1)!.at - seen[0]!.at).toBeGreaterThan(2_000);
}

describe('Codex 0.171.0 through its app-server: `node dist/src/cli/main.js codex` (a checkout)', () => {
  it('approve and reject from the pad: the thread shows before any prompt, each request with its command, reason and tier; a press closes the TUI’s prompt; the ended session lingers as success, leaves, and comes back when resumed', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const { marker, approveCommand, rejectCommand } = secretCommands(project);
    const api = await startFakeOpenAi([
      {
        prompt: 'approve-turn',
        replies: [execCommand(approveCommand, { escalated: true, justification: 'Create the approved marker?' }), { text: 'Approved marker made.' }],
      },
      { prompt: 'reject-turn', replies: [execCommand(rejectCommand, { escalated: true, justification: 'Clean up?' }), { text: 'Understood, not made.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const { pad, admin } = await startPadWithAdmin(layout, afterAllTests);
    const env = codexEnvironment(project, api.origin);
    const terminal = TmuxTerminal.start({
      command: [...layout.cli, 'codex', '--socket', pad.socket, '--label', 'app-codex', '--linger', '8', '--codex', clis.codex.bin],
      cwd: project,
      env: { PATH, XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...env },
    });
    afterAllTests(() => terminal.close());
    const untitled = terminal.defaultTitle();
    let thread!: StatusSessionReport;
    await inSession(terminal, pad, api, async () => {
      // The TUI creates its thread when it connects: the pad names it before anything is typed, and no hook review is asked.
      thread = await untilSession(pad, (s) => isThread(s) && s.leased, 'the TUI’s thread on the pad', 30_000);
      expect(thread).toMatchObject({ state: 'waiting_for_reply', label: 'app-codex', selected: true });
      // The launcher owns the title; the TUI, told to leave it alone, does.
      const title = `[S${(thread.slot ?? 0) + 1} ${String(thread.accent).toUpperCase()}] app-codex`;
      await until(() => terminal.title() === title, `the title ${title}`, 10_000);
      await terminal.waitFor(/Ask Codex to do anything/, 'the composer');
      expect(terminal.screen()).not.toMatch(/Hooks need review/);
      expect(await sessions(pad)).toHaveLength(1);

      await submit(terminal, '›', 'approve-turn: please create the approved marker');
      const asking = await untilSession(pad, (s) => isThread(s) && s.state === 'waiting_for_approval', 'the command approval on the pad');
      expect(asking.identity).toEqual(thread.identity);
      // Codex's own prompt is up at the same time: whoever answers first wins.
      await terminal.waitFor(/Would you like to run the following command\?/, 'the TUI’s own approval prompt');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval', 'the approval’s details on the admin page')).toEqual({
        kind: 'approval',
        tier: 'edit',
        tool: 'Bash',
        description: `echo [REDACTED] && touch ${marker('approved')} # Create the approved marker?`,
      });
      await pad.untilLights(() => tierFramed(pad, 'edit'), 'the edit tier’s frame around the !');
      await pressOnPad(pad, asking, 'approve');
      await until(() => existsSync(marker('approved')), 'the approved command to run', 20_000);
      await terminal.waitFor(/Approved marker made\./, 'the final answer of the approved turn');
      expect(terminal.screen()).not.toMatch(/Would you like to run the following command\?/);

      await submit(terminal, '›', 'reject-turn: please create the rejected marker');
      const rejecting = await untilSession(pad, (s) => isThread(s) && s.state === 'waiting_for_approval', 'the second approval on the pad');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'approval' && String(p['description']).startsWith('rm'), 'the second approval’s details')).toEqual({
        kind: 'approval',
        tier: 'destructive',
        tool: 'Bash',
        description: `rm -f ${join(project, 'scratch.txt')} && echo 'Authorization: Bearer [REDACTED]' > ${marker('rejected')} # Clean up?`,
      });
      await pressOnPad(pad, rejecting, 'reject');
      await terminal.waitFor(/Understood, not made\./, 'the final answer of the rejected turn');
      expect(existsSync(marker('rejected'))).toBe(false);
      const results = api.toolResults();
      expect(results).toHaveLength(2);
      expect(results[1]?.text).toContain('rejected by user');
      expectSecretsKept(admin, pad.stderr(), [GITHUB_TOKEN, BEARER]);
      expect(terminal.title()).toBe(title);
      // Pad-Lattice joined after the TUI: the model still hears from Codex's own client.
      const originators = new Set(api.turnRequests().map((request) => request.headers['originator']));
      expect(originators).toEqual(new Set(['codex-tui']));

      await terminal.waitFor(/Ask Codex to do anything/, 'Codex to be idle');
      await submit(terminal, '›', '/quit');
      await until(() => terminal.exitStatus() !== null, 'the launcher to exit', 20_000);
      expect(terminal.exitStatus()).toBe(0);
      expect(terminal.title()).toBe(untitled);
      await expectLingering(pad, isThread, 'success');
      const resume = /pad-lattice codex resume ([0-9a-f-]{36})/.exec(terminal.screen());
      expect(resume?.[1]).toBe(thread.identity.sessionId);
    });

    // As the launcher's last line says: the same session, resumed from disk on a new app-server, is on the pad again.
    const resumed = TmuxTerminal.start({
      command: [
        ...layout.cli,
        'codex',
        '--socket',
        pad.socket,
        '--label',
        'app-codex',
        '--linger',
        '0',
        '--codex',
        clis.codex.bin,
        'resume',
        thread.identity.sessionId,
      ],
      cwd: project,
      env: { PATH, XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...env },
    });
    afterAllTests(() => resumed.close());
    await inSession(resumed, pad, api, async () => {
      await resumed.waitFor(/Understood, not made\./, 'the earlier conversation in the resumed TUI');
      await untilSession(pad, (s) => s.identity.sessionId === thread.identity.sessionId && s.leased, 'the resumed session on the pad', 30_000);
      await submit(resumed, '›', '/quit');
      await until(() => resumed.exitStatus() !== null, 'the resumed launcher to exit', 20_000);
    });
  }, 240_000);

  it('request_user_input: a question answered by an option pad reaches the model; the same question answered in the TUI leaves the pad; a secret question never shows on the pad', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const api = await startFakeOpenAi([
      { prompt: 'ask-pad-turn', replies: [askColor('color'), { text: 'Thanks, pad.' }] },
      { prompt: 'ask-tui-turn', replies: [askColor('shade'), { text: 'Thanks, terminal.' }] },
      { prompt: 'ask-secret-turn', replies: [askColor('token', { question: 'Paste the API token', isSecret: true }), { text: 'Thanks, secret.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const { pad, admin } = await startPadWithAdmin(layout, afterAllTests);
    // Codex offers request_user_input outside Plan mode only with this feature (its server's config).
    const env = codexEnvironment(project, api.origin, ['[features]', 'default_mode_request_user_input = true']);
    const terminal = TmuxTerminal.start({
      command: [...layout.cli, 'codex', '--socket', pad.socket, '--label', 'asking', '--linger', '0', '--codex', clis.codex.bin],
      cwd: project,
      env: { PATH, XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...env },
    });
    afterAllTests(() => terminal.close());
    const optionColor = pad.profile.lookup.colors.get('state:waiting_for_reply:primary');
    const optionPads = optionCells(2).map(([x, y]) => canvasPad(pad, x, y));
    const optionsLit = () => optionPads.every((address) => pad.lightOf(address) === optionColor);
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => isThread(s) && s.selected, 'the TUI’s thread on the pad, selected', 30_000);
      await terminal.waitFor(/Ask Codex to do anything/, 'the composer');

      await submit(terminal, '›', 'ask-pad-turn: which color?');
      await untilSession(pad, (s) => isThread(s) && s.state === 'waiting_for_reply', 'the question to reach the pad');
      await terminal.waitFor(/Which color should the pad use\?/, 'the TUI’s own question screen');
      const shown = await admin.untilPrompt((p) => p?.['kind'] === 'question', 'the question on the admin page');
      expect(shown).toMatchObject({ question: 'Which color should the pad use?', options: [{ label: 'Red (Recommended)' }, { label: 'Blue' }] });
      await pad.untilLights(optionsLit, 'one pad per option');
      pad.press(optionPads[1]!);
      await terminal.waitFor(/Thanks, pad\./, 'the model’s answer after the pad chose');
      expect(api.toolResults().at(-1)?.text).toBe('{"answers":{"color":{"answers":["Blue"]}}}');
      await admin.untilPrompt((p) => p === null, 'the answered question to leave the admin page');

      await submit(terminal, '›', 'ask-tui-turn: which color again?');
      await pad.untilLights(optionsLit, 'the second question’s option pads');
      await terminal.waitFor(/› 1\. Red \(Recommended\)/, 'the TUI’s question screen, first option chosen');
      terminal.press('Enter');
      await pad.untilLights(() => !optionPads.some((address) => pad.lightOf(address) === optionColor), 'the option pads to go dark');
      await admin.untilPrompt((p) => p === null, 'the question answered in the TUI to leave the admin page');
      await terminal.waitFor(/Thanks, terminal\./, 'the model’s answer after the TUI chose');
      expect(api.toolResults().at(-1)?.text).toBe('{"answers":{"shade":{"answers":["Red (Recommended)"]}}}');

      await submit(terminal, '›', 'ask-secret-turn: the token please');
      await terminal.waitFor(/Paste the API token/, 'the TUI’s question screen for the secret');
      // The pad shows Codex waiting for a reply, and nothing of the question: the terminal answers.
      await untilSession(pad, (s) => isThread(s) && s.state === 'waiting_for_reply', 'the secret question to put the session in waiting_for_reply');
      expect(optionsLit()).toBe(false);
      expect(await admin.untilPrompt(() => true, 'the current prompt')).toBeNull();
      expect(admin.received()).not.toContain('Paste the API token');
      terminal.press('Enter');
      await terminal.waitFor(/Thanks, secret\./, 'the model’s answer after the terminal answered the secret question');
      expect(api.toolResults().at(-1)?.text).toBe('{"answers":{"token":{"answers":["Red (Recommended)"]}}}');
      await submit(terminal, '›', '/quit');
      await until(() => terminal.exitStatus() !== null, 'the launcher to exit', 20_000);
      await until(async () => (await sessions(pad)).length === 0, 'the session to leave at once (--linger 0)', 10_000);
    });
  }, 180_000);

  it('codex-exec: the ended run shows success for its linger time, then leaves; the next run in the folder replaces a lingering one at once', async (ctx) => {
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const api = await startFakeOpenAi([
      { prompt: 'first run', replies: [{ text: 'first done' }] },
      { prompt: 'second run', replies: [{ text: 'second done' }] },
      { prompt: 'third run', replies: [execCommand('sleep 2'), { text: 'third done' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const pad = await startPad(layout);
    afterAllTests(() => pad.kill());
    const env = { PATH, XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'), ...codexEnvironment(project, api.origin) };
    const exec = (linger: string, words: readonly string[]) =>
      runProgram([...layout.cli, 'codex-exec', '--linger', linger, '--socket', pad.socket, '--codex', clis.codex.bin, ...words], project, env, afterAllTests);
    const isExec = (s: StatusSessionReport) => s.identity.backend === 'codex-exec';

    const first = await exec('6', ['first', 'run']).done;
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('first done');
    // The command is done; the pad still shows how it ended, past the daemon's terminal hold, then lets it go.
    await expectLingering(pad, isExec, 'success');

    expect((await exec('600', ['second', 'run']).done).code).toBe(0);
    const lingering = await untilSession(pad, (s) => isExec(s) && s.state === 'success', 'the second run lingering');
    const third = exec('0', ['third', 'run']);
    const running = await untilSession(pad, (s) => isExec(s) && s.state === 'running', 'the third run on the pad');
    expect(running.identity).not.toEqual(lingering.identity);
    expect((await sessions(pad)).filter(isExec).map((s) => s.identity)).toEqual([running.identity]);
    expect((await third.done).code).toBe(0);
    await until(async () => (await sessions(pad)).length === 0, 'the third run to leave at once (--linger 0)', 10_000);
  }, 180_000);
});
