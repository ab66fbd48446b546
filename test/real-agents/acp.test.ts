import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptedReply, ScriptedTurn, FakeModelApi } from './fake-model-api.js';
import { openSession, prompt, ScriptedEditor, type Json } from '../agents/acp/acp-editor.js';
import { until } from '../agents/shared/fake-daemon.js';
import { locatePinnedClis, skipNote, type AgentCli } from './agent-clis.js';
import { geminiEnvironment, opencodeEnvironment } from './acp-homes.js';
import { makeProject } from './agent-homes.js';
import { runShellCommand, startFakeGemini } from './fake-gemini-api.js';
import { bashCommand, startFakeOpenAiChat } from './fake-openai-chat.js';
import { checkoutLayout } from './layouts.js';
import { approveLit, pressOnPad, sessions, startPad, tierFramed, untilSession } from './pad.js';
import { cleanupsAfterAll } from './session-steps.js';

/*
 * `node dist/src/cli/main.js acp -- <agent>` between a scripted editor of our own and the real
 * Gemini CLI and opencode, each pointed at a local fake model API, with a real daemon as the pad.
 */

const clis = locatePinnedClis(['gemini', 'opencode']);
const afterAllTests = cleanupsAfterAll();

/** These agents take their time to start on a loaded machine (opencode's initialize took 24 s here). */
const STARTUP_MS = 180_000;
const STEP_MS = 90_000;

interface AcpAgent {
  readonly name: 'gemini' | 'opencode';
  /** The backend the proxy names its sessions with: the agent's own name from `initialize`. */
  readonly backend: string;
  readonly args: readonly string[];
  readonly shell: (command: string) => ScriptedReply;
  readonly startApi: (turns: readonly ScriptedTurn[]) => Promise<FakeModelApi>;
  readonly environment: (apiOrigin: string) => Record<string, string>;
}

const GEMINI: AcpAgent = {
  name: 'gemini',
  backend: 'gemini-cli',
  args: ['--acp'],
  shell: runShellCommand,
  startApi: startFakeGemini,
  environment: geminiEnvironment,
};
const OPENCODE: AcpAgent = {
  name: 'opencode',
  backend: 'opencode',
  args: ['acp'],
  shell: bashCommand,
  startApi: startFakeOpenAiChat,
  environment: opencodeEnvironment,
};

describe('pad-lattice acp with the real agents, through `node dist/src/cli/main.js acp` (a checkout)', () => {
  for (const agent of [GEMINI, OPENCODE])
    it(`${agent.name}: the session appears; Approve lights for its permission request and a press answers it (the editor gets $/cancel_request); an editor answer clears the pad; each turn ends as success`, async (ctx) => {
      if (!clis.ready) return ctx.skip(skipNote(clis, process.env, 'the real-agent ACP tests'));
      await padScenario(agent, clis.clis[agent.name]);
    }, 600_000);
});

async function padScenario(agent: AcpAgent, cli: AgentCli): Promise<void> {
  const project = makeProject();
  const marker = (name: string) => join(project, `${name}.marker`);
  const api = await agent.startApi([
    { prompt: 'pad-turn', replies: [agent.shell(`touch ${marker('pad')}`), { text: 'Pad turn done.' }] },
    { prompt: 'editor-turn', replies: [agent.shell(`touch ${marker('editor')}`), { text: 'Editor turn done.' }] },
  ]);
  afterAllTests(() => api.close());
  const layout = checkoutLayout();
  const pad = await startPad(layout, { terminalHold: 600 });
  afterAllTests(() => pad.kill());
  const label = `real-${agent.name}`;
  const proxy = spawn(layout.cli[0] ?? '', [...layout.cli.slice(1), 'acp', '--socket', pad.socket, '--label', label, '--', cli.bin, ...agent.args], {
    cwd: project,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...agent.environment(api.origin) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  afterAllTests(() => {
    if (proxy.exitCode === null && proxy.signalCode === null) proxy.kill('SIGKILL');
  });
  let stderr = '';
  proxy.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => proxy.once('close', (code) => resolve(code)));
  const editor = new ScriptedEditor((text) => proxy.stdin.write(text), proxy.stdout);
  try {
    const sessionId = await openSession(editor, project, STARTUP_MS);
    const session = await untilSession(pad, (s) => s.identity.sessionId === sessionId, 'the ACP session on the pad', STEP_MS);
    expect(session).toMatchObject({ identity: { backend: agent.backend, sessionId }, label, leased: true, state: 'waiting_for_reply' });

    // The pad answers: Approve picks the request's allow_once option; the editor is told to close its dialog.
    const padTurn = prompt(editor, sessionId, 'pad-turn: please make the pad marker');
    const asked = await editor.agentRequest('session/request_permission', STEP_MS);
    await untilSession(pad, (s) => s.state === 'waiting_for_approval', 'the request to show on the pad', STEP_MS);
    // `touch` makes a file: the edit tier's frame around the `!`.
    await pad.untilLights(() => tierFramed(pad, 'edit'), 'the edit tier’s frame');
    await pressOnPad(pad, session, 'approve');
    await editor.untilMessage((m) => m['method'] === '$/cancel_request', 'the editor to be told the pad answered', STEP_MS);
    expect(editor.cancelsOf(asked.id)).toEqual([{ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: asked.id } }]);
    // What an editor owes a withdrawn request; the proxy keeps it from the agent, which has its answer.
    editor.respond(asked.id, { outcome: { outcome: 'cancelled' } });
    expect(await editor.untilMessage((m) => m['id'] === padTurn, 'the end of the pad’s turn', STEP_MS)).toMatchObject({ result: { stopReason: 'end_turn' } });
    expect(existsSync(marker('pad'))).toBe(true);
    await untilSession(pad, (s) => s.state === 'success', 'the turn as success', STEP_MS);

    // The editor answers: the pad lets go at once, and the agent runs the command.
    const editorTurn = prompt(editor, sessionId, 'editor-turn: please make the editor marker');
    const second = await editor.agentRequest('session/request_permission', STEP_MS);
    await pad.untilLights(() => approveLit(pad), 'Approve to light for the second request');
    editor.respond(second.id, { outcome: { outcome: 'selected', optionId: allowOnceOf(second.params) } });
    await pad.untilLights(() => !approveLit(pad), 'Approve to go dark after the editor’s answer');
    expect(await editor.untilMessage((m) => m['id'] === editorTurn, 'the end of the editor’s turn', STEP_MS)).toMatchObject({
      result: { stopReason: 'end_turn' },
    });
    expect(existsSync(marker('editor'))).toBe(true);
    expect(editor.cancelsOf(second.id)).toEqual([]);
    await untilSession(pad, (s) => s.state === 'success', 'the second turn as success', STEP_MS);

    // The editor closes the connection: the session leaves the pad, and the agent exits on its own.
    proxy.stdin.end();
    await until(async () => (await sessions(pad)).length === 0, 'the session to leave the pad', 10_000, 50);
    expect(await exited).toBe(0);
    expect(stderr).toContain('pad-lattice: the agent exited with status 0');
  } catch (error) {
    console.error(`--- proxy stderr ---\n${stderr}\n--- daemon stderr ---\n${pad.stderr()}\n--- ${api.requests.length} model requests`);
    throw error;
  }
}

/** The id of the request's allow_once option, as an editor's "Allow" button picks it. */
function allowOnceOf(params: Json): string {
  const options = (params['options'] ?? []) as Json[];
  const option = options.find((o) => o['kind'] === 'allow_once');
  if (typeof option?.['optionId'] !== 'string') throw new Error(`no allow_once option in ${JSON.stringify(options)}`);
  return option['optionId'];
}
