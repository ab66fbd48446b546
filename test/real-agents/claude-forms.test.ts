import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { optionCells } from '../../src/visual-protocol/index.js';
import { privateTempDir, until } from '../agents/shared/fake-daemon.js';
import { locateAgentClis, skipNote } from './agent-clis.js';
import { claudeEnvironment, makeProject } from './agent-homes.js';
import { startPadWithAdmin } from './admin-page.js';
import { startFakeAnthropic } from './fake-anthropic.js';
import { checkoutLayout } from './layouts.js';
import { canvasPad, pressOnPad, untilSession } from './pad.js';
import { cleanupsAfterAll, inSession, quitAgent, submit } from './session-steps.js';
import { TmuxTerminal } from './tmux-terminal.js';

/*
 * MCP forms with the real Claude Code 2.1.332: a local MCP server of the test's own
 * (test/fixtures/agents/mcp/form-server.mjs, on the official SDK) asks for a form with
 * `elicitation/create`. A form of choices goes on the pad, one question per field, and the
 * server receives the pad's answers; a form with free text is left to Claude Code's own form in
 * the terminal, and the pad says so.
 */

const clis = locateAgentClis();
const afterAllTests = cleanupsAfterAll();
const FORM_SERVER = fileURLToPath(new URL('../fixtures/agents/mcp/form-server.mjs', import.meta.url));

const call = (tool: string) => ({ toolCalls: [{ name: `mcp__forms__${tool}`, input: {} }] });

describe('Claude Code, the real CLI: MCP forms (Elicitation) on the pad', () => {
  it('a form of a choice and a yes/no is answered on the pad; a form with free text says "answer in the terminal" and Claude Code shows its own', async (ctx) => {
    // (Auto mode: each MCP call is approved on the pad first, MCP tools being the network tier.)
    if (!clis.ready) return ctx.skip(skipNote(clis));
    const project = makeProject();
    const serverLog = join(privateTempDir('pl-ra-forms-'), 'form-server.jsonl');
    const mcpConfig = join(privateTempDir('pl-ra-forms-'), 'mcp.json');
    writeFileSync(
      mcpConfig,
      JSON.stringify({ mcpServers: { forms: { type: 'stdio', command: process.execPath, args: [FORM_SERVER], env: { FORM_SERVER_LOG: serverLog } } } }),
    );
    const api = await startFakeAnthropic([
      { prompt: 'deploy-turn', replies: [call('pick_deploy'), { text: 'Deploy settled.' }] },
      { prompt: 'release-turn', replies: [call('name_release'), { text: 'Release naming over.' }] },
    ]);
    afterAllTests(() => api.close());
    const layout = checkoutLayout();
    const { pad, admin } = await startPadWithAdmin(layout, afterAllTests);
    const terminal = TmuxTerminal.start({
      command: [
        ...layout.cli,
        'claude',
        '--socket',
        pad.socket,
        '--label',
        'forms',
        '--claude',
        clis.claude.bin,
        '--mcp-config',
        mcpConfig,
        '--allowedTools',
        'mcp__forms__pick_deploy,mcp__forms__name_release',
      ],
      cwd: project,
      env: {
        PATH: process.env['PATH'] ?? '/usr/bin:/bin',
        XDG_RUNTIME_DIR: privateTempDir('pl-ra-rt-'),
        // MCP tools load at start, not behind a tool search, so the scripted call finds them.
        ENABLE_TOOL_SEARCH: 'false',
        ...claudeEnvironment(project, api.origin),
      },
    });
    afterAllTests(() => terminal.close());
    const serverGot = () =>
      existsSync(serverLog)
        ? readFileSync(serverLog, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as object)
        : [];
    await inSession(terminal, pad, api, async () => {
      await untilSession(pad, (s) => s.identity.backend === 'claude' && s.leased && s.selected, 'the Claude session on the pad, selected');
      await submit(terminal, '❯', 'deploy-turn: pick where to deploy');
      // In auto mode an MCP tool is a network call: Pad-Lattice has Claude Code ask first, and the pad approves.
      await pressOnPad(pad, await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the MCP call to reach the pad'), 'approve');
      const first = await admin.untilPrompt((p) => p?.['kind'] === 'question' && p['question_index'] === 0, 'the form’s first field on the pad', 30_000);
      expect(first).toMatchObject({
        question_count: 2,
        header: 'Environment',
        question: 'Where should we deploy? — Target environment',
        options: [{ label: 'Staging' }, { label: 'Production' }],
      });
      const [yes, production] = optionCells(2).map(([x, y]) => canvasPad(pad, x, y));
      pad.press(production!);
      expect(await admin.untilPrompt((p) => p?.['question_index'] === 1, 'the second field')).toMatchObject({
        header: 'Notify the team',
        options: [{ label: 'Yes' }, { label: 'No' }],
      });
      pad.press(yes!);
      await terminal.waitFor(/Deploy settled\./, 'the model’s answer after the form');
      expect(serverGot()).toEqual([{ tool: 'pick_deploy', result: { action: 'accept', content: { environment: 'production', notify: true } } }]);

      await submit(terminal, '❯', 'release-turn: name the release');
      await pressOnPad(pad, await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the second MCP call to reach the pad'), 'approve');
      expect(await admin.untilPrompt((p) => p?.['kind'] === 'notice', 'the pad to send the form to the terminal', 30_000)).toEqual({
        kind: 'notice',
        notice: 'answer_in_terminal',
        tool: 'MCP server “forms”',
        description: 'What should the release be called?',
      });
      await terminal.waitFor(/requests your input/, 'Claude Code’s own form');
      terminal.press('Escape');
      await terminal.waitFor(/Release naming over\./, 'the turn to go on after the form was cancelled');
      await until(() => serverGot().length === 2, 'the server to get the cancel');
      expect(serverGot()[1]).toMatchObject({ tool: 'name_release', result: { action: 'cancel' } });
      await admin.untilPrompt((p) => p === null, 'the notice to go once the state changed');
      await quitAgent(terminal, '❯', '/exit', pad, 'claude');
    });
  }, 180_000);
});
