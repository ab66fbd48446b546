import { hubOf } from '../../helpers/hub.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadBridge } from '../../../src/agents/codex/app-server/thread-bridge.js';
import { LauncherLease } from '../../../src/agents/shared/launcher-lease.js';
import { PadLatticeClient, type StatusSessionReport } from '../../../src/client/index.js';
import { startDaemon, type DaemonHandle } from '../../../src/daemon/daemon.js';
import { actionPressed, makeIdentity, optionPressed, type QuestionPrompt } from '../../../src/domain/index.js';
import { RecordingSurface } from '../../daemon/helpers/fakes.js';
import { cleanUpFakes, tempSocketPath, until } from '../shared/fake-daemon.js';
import { FakeAppServer, wireThread } from './fake-app-server.js';

/*
 * The second client of Codex's app-server against a fake server (fake-app-server.ts) and the real
 * daemon with a recording surface: what the pad shows for the TUI's thread, and what Codex gets
 * back for a press. The real Codex does the same in test/real-agents/codex-app-server.test.ts.
 */

const LEASE = 'a'.repeat(32);
const THREAD = '01a237c1-e7c4-7620-8a7d-48cdecd77071';
const PLACEHOLDER = makeIdentity('codex', `starting-${LEASE}`);
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await cleanUpFakes();
});

interface Rig {
  readonly app: FakeAppServer;
  readonly surface: RecordingSurface;
  readonly client: PadLatticeClient;
  readonly bridge: ThreadBridge;
}

async function rig(prepare: (app: FakeAppServer) => void = () => undefined): Promise<Rig> {
  const socketPath = tempSocketPath();
  const surface = new RecordingSurface(4);
  const handle: DaemonHandle = await startDaemon({ socketPath, surfaces: hubOf([surface]), identityStorePath: null, pollInterval: 0.005 });
  closers.push(() => handle.close());
  const app = await FakeAppServer.start();
  closers.push(() => app.close());
  app.threads = [{ id: THREAD, cwd: '/home/dev/project', model: 'gpt-test' }];
  prepare(app);
  const lease = LauncherLease.start({ socketPath, leaseId: LEASE, metadata: { cwd: '/home/dev/project', label: 'docs' }, agent: PLACEHOLDER });
  closers.push(() => lease.close());
  expect(await lease.firstAttemptConnected(2_000)).toBe(true);
  const bridge = await ThreadBridge.connect({
    socketPath,
    leaseId: LEASE,
    placeholder: PLACEHOLDER,
    label: 'docs',
    appServerSocket: app.socketPath,
    version: '9.9.9',
  });
  closers.push(() => bridge.close());
  return { app, surface, client: new PadLatticeClient({ socketPath }), bridge };
}

async function untilOnly(client: PadLatticeClient, check: (session: StatusSessionReport) => boolean, what: string): Promise<StatusSessionReport> {
  let found: StatusSessionReport | undefined;
  await until(async () => {
    const { sessions } = await client.status();
    found = sessions.length === 1 && check(sessions[0]!) ? sessions[0] : undefined;
    return found !== undefined;
  }, what);
  return found!;
}

const status = (type: string, activeFlags?: string[]) => ({ threadId: THREAD, status: activeFlags === undefined ? { type } : { type, activeFlags } });
const commandApproval = (extra: Record<string, unknown> = {}) => ({
  kind: 'command',
  threadId: THREAD,
  turnId: 't1',
  itemId: 'call_1_0',
  startedAtMs: 0,
  environmentId: 'local',
  reason: 'Create the marker?',
  command: "/bin/bash -lc 'touch /home/dev/project/m.marker'",
  cwd: '/home/dev/project',
  availableDecisions: ['accept', 'cancel'],
  ...extra,
});

describe('the Codex app-server bridge', () => {
  it('introduces itself with the experimental API, ends the placeholder and names the TUI’s thread on the lease, then subscribes to it', async () => {
    const { app, client } = await rig();
    const session = await untilOnly(client, (s) => s.identity.sessionId === THREAD, 'the thread as the only session');
    expect(session).toMatchObject({
      identity: { backend: 'codex' },
      state: 'waiting_for_reply',
      leased: true,
      label: 'docs',
      metadata: { cwd: '/home/dev/project', model: 'gpt-test' },
    });
    expect(app.calls('initialize')[0]?.params).toEqual({
      clientInfo: { name: 'pad-lattice', title: 'Pad-Lattice', version: '9.9.9' },
      capabilities: { experimentalApi: true },
    });
    expect(app.calls('initialized')).toHaveLength(1);
    await until(() => app.calls('thread/resume').length === 1, 'the subscription');
    // Only the thread id: every other member of thread/resume would change the live thread.
    expect(app.calls('thread/resume')[0]?.params).toEqual({ threadId: THREAD, excludeTurns: true });
  });

  it('asks again to subscribe at the thread’s next status change while Codex refuses (no turn yet), and mirrors the status meanwhile', async () => {
    const { app, client, bridge } = await rig((server) => (server.refuseResumes = 1));
    await until(() => app.calls('thread/resume').length === 1, 'the first, refused, subscription');
    expect(bridge.resumable).toBeNull();
    app.notify('thread/status/changed', status('active', []));
    await untilOnly(client, (s) => s.state === 'running', 'running from the status alone');
    await until(() => bridge.resumable === THREAD, 'the second subscription to succeed');
    expect(app.calls('thread/resume')).toHaveLength(2);
    app.notify('turn/completed', { threadId: THREAD, turn: { id: 't1', status: 'completed' } });
    await untilOnly(client, (s) => s.state === 'success', 'success at the end of the turn');
    app.notify('turn/started', { threadId: THREAD, turn: { id: 't2', status: 'inProgress' } });
    app.notify('turn/completed', { threadId: THREAD, turn: { id: 't2', status: 'interrupted' } });
    await untilOnly(client, (s) => s.state === 'cancelled', 'cancelled for an interrupted turn');
  });

  it('a command approval lights Approve and Reject with its command, reason and tier; Approve answers accept, Reject decline; a replayed request shows once', async () => {
    const { app, client, surface } = await rig();
    await until(() => app.calls('thread/resume').length === 1, 'the subscription');
    const first = app.request('item/commandExecution/requestApproval', commandApproval());
    // Codex replays a pending request to a client that subscribes again: the pad keeps one.
    app.request('item/commandExecution/requestApproval', commandApproval(), first);
    await untilOnly(client, (s) => s.state === 'waiting_for_approval', 'waiting for approval');
    await until(() => surface.lastView?.availableActions.has('approve') === true && surface.lastView.prompt !== undefined, 'Approve with its details');
    expect(surface.lastView?.prompt).toEqual({
      kind: 'approval',
      tier: 'edit',
      tool: 'Bash',
      description: 'touch /home/dev/project/m.marker # Create the marker?',
    });
    surface.press(actionPressed('approve'));
    expect(await app.replyTo(first)).toEqual({ decision: 'accept' });
    await untilOnly(client, (s) => s.state === 'running', 'running after the press');
    await until(() => surface.lastView?.availableActions.has('approve') === false, 'Approve to go dark: no second copy of the request');

    const second = app.request(
      'item/commandExecution/requestApproval',
      commandApproval({ itemId: 'call_2_0', command: "/bin/bash -lc 'rm -rf build'", cwd: '/tmp' }),
    );
    await until(() => surface.lastView?.prompt?.kind === 'approval' && surface.lastView.availableActions.has('reject'), 'the second approval');
    expect(surface.lastView?.prompt).toMatchObject({ tier: 'destructive', description: 'rm -rf build # Create the marker?; in /tmp' });
    surface.press(actionPressed('reject'));
    expect(await app.replyTo(second)).toEqual({ decision: 'decline' });
    expect(app.answered(first) && app.received.filter((frame) => frame.id === first && frame.method === undefined)).toHaveLength(1);
  });

  it('an answer given in the TUI (serverRequest/resolved) takes the approval off the pad before the next state, which is then shown as sent', async () => {
    const { app, client, surface } = await rig();
    await until(() => app.calls('thread/resume').length === 1, 'the subscription');
    const id = app.request('item/fileChange/requestApproval', {
      threadId: THREAD,
      turnId: 't1',
      itemId: 'call_9_0',
      startedAtMs: 0,
      reason: null,
      grantRoot: null,
    });
    await until(() => surface.lastView?.availableActions.has('approve') === true, 'Approve for the file change');
    expect(surface.lastView?.prompt).toMatchObject({ tool: 'apply_patch', tier: 'edit' });
    app.notify('serverRequest/resolved', { threadId: THREAD, requestId: id });
    app.notify('thread/status/changed', status('active', []));
    await untilOnly(client, (s) => s.state === 'running', 'running, not held as waiting_for_approval');
    expect(surface.lastView?.availableActions.has('approve')).toBe(false);
    expect(app.answered(id)).toBe(false);
  });

  it('questions: each becomes option pads and the reply carries the chosen labels; a request with a secret question stays off the pad', async () => {
    const { app, client, surface } = await rig();
    await until(() => app.calls('thread/resume').length === 1, 'the subscription');
    const options = (labels: string[]) => labels.map((label) => ({ label, description: `${label}.` }));
    const id = app.request('item/tool/requestUserInput', {
      threadId: THREAD,
      turnId: 't1',
      itemId: 'call_1_0',
      isBlocking: false,
      autoResolutionMs: null,
      questions: [
        { id: 'color', header: 'Color', question: 'Which color?', isOther: true, isSecret: false, options: options(['Red', 'Blue']) },
        { id: 'size', header: 'Size', question: 'How big?', isOther: true, isSecret: false, options: options(['Small', 'Large']) },
      ],
    });
    await untilOnly(client, (s) => s.state === 'waiting_for_reply', 'waiting for a reply');
    await until(() => surface.lastView?.prompt?.kind === 'question', 'the first question');
    const first = surface.lastView!.prompt as QuestionPrompt;
    expect(first).toMatchObject({ questionIndex: 0, questionCount: 2, question: { question: 'Which color?', header: 'Color', multiSelect: false } });
    surface.press(optionPressed(first.ref, 0, 1));
    await until(() => (surface.lastView?.prompt as QuestionPrompt | undefined)?.questionIndex === 1, 'the second question');
    surface.press(optionPressed(first.ref, 1, 0));
    expect(await app.replyTo(id)).toEqual({ answers: { color: { answers: ['Blue'] }, size: { answers: ['Small'] } } });
    await untilOnly(client, (s) => s.state === 'running', 'running after the answers');

    const secret = app.request('item/tool/requestUserInput', {
      threadId: THREAD,
      turnId: 't2',
      itemId: 'call_2_0',
      isBlocking: false,
      autoResolutionMs: null,
      questions: [{ id: 'token', header: 'Token', question: 'Paste the token', isOther: false, isSecret: true, options: options(['Skip', 'Later']) }],
    });
    await untilOnly(client, (s) => s.state === 'waiting_for_reply', 'waiting for the terminal’s reply');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(surface.lastView?.prompt).toBeUndefined();
    expect(app.answered(secret)).toBe(false);
  });

  it('an MCP tool-call approval and an MCP form of choices reach the pad; the replies are the elicitation results', async () => {
    const { app, surface } = await rig();
    await until(() => app.calls('thread/resume').length === 1, 'the subscription');
    const approval = app.request('mcpServer/elicitation/request', {
      threadId: THREAD,
      turnId: 't1',
      serverName: 'padtest',
      environmentId: null,
      mode: 'form',
      message: 'Allow the padtest MCP server to run tool "write_pad"?',
      requestedSchema: { type: 'object', properties: {} },
      _meta: { codex_approval_kind: 'mcp_tool_call', tool_name: 'write_pad', tool_params_display: [{ name: 'text', value: 'hello', display_name: 'text' }] },
    });
    await until(() => surface.lastView?.prompt?.kind === 'approval', 'the MCP approval');
    expect(surface.lastView?.prompt).toEqual({
      kind: 'approval',
      tier: 'network',
      tool: 'mcp__padtest__write_pad',
      description: 'text=hello — Allow the padtest MCP server to run tool "write_pad"?',
    });
    surface.press(actionPressed('approve'));
    expect(await app.replyTo(approval)).toEqual({ action: 'accept', content: {}, _meta: null });

    const form = app.request('mcpServer/elicitation/request', {
      threadId: THREAD,
      turnId: 't1',
      serverName: 'padtest',
      environmentId: null,
      mode: 'form',
      message: 'Pick a pad color',
      requestedSchema: {
        type: 'object',
        properties: { color: { type: 'string', title: 'Color', enum: ['red', 'blue'] }, note: { type: 'string', title: 'Note' } },
        required: ['color'],
      },
      _meta: null,
    });
    await until(() => surface.lastView?.prompt?.kind === 'question', 'the form’s question');
    const prompt = surface.lastView!.prompt as QuestionPrompt;
    expect(prompt.question).toMatchObject({ question: 'Pick a pad color', header: 'Color', options: [{ label: 'red' }, { label: 'blue' }] });
    surface.press(optionPressed(prompt.ref, 0, 1));
    expect(await app.replyTo(form)).toEqual({ action: 'accept', content: { color: 'blue' }, _meta: null });
  });

  it('a new chat in the TUI takes over the session; Codex’s title threads and subagents do not; an auto-review shows Codex running and lights nothing', async () => {
    const { app, client, surface } = await rig();
    await untilOnly(client, (s) => s.identity.sessionId === THREAD, 'the first thread');
    app.notify('thread/started', { thread: wireThread({ id: '01a237ff-0000-7000-8000-000000000001', ephemeral: true }) });
    app.notify('thread/started', { thread: wireThread({ id: '01a237ff-0000-7000-8000-000000000002', parentThreadId: THREAD }) });
    const next = '01a237ff-0000-7000-8000-000000000003';
    app.threads = [...app.threads, { id: next }];
    app.notify('thread/started', { thread: wireThread({ id: next }) });
    const session = await untilOnly(client, (s) => s.identity.sessionId === next, 'the new chat as the only session');
    expect(session).toMatchObject({ leased: true, state: 'waiting_for_reply' });
    await until(() => app.calls('thread/resume').some((frame) => frame.params?.['threadId'] === next), 'the subscription to the new chat');
    expect(app.calls('thread/unsubscribe')[0]?.params).toEqual({ threadId: THREAD });

    app.notify('item/autoApprovalReview/started', {
      threadId: next,
      turnId: 't1',
      startedAtMs: 0,
      reviewId: 'r1',
      targetItemId: 'call_1_0',
      review: { status: 'inProgress', riskLevel: null, userAuthorization: null, rationale: null },
      action: { type: 'command', source: 'unifiedExec', command: 'touch x', cwd: '/home/dev/project' },
    });
    await untilOnly(client, (s) => s.state === 'running', 'running while Codex reviews');
    expect(surface.lastView?.availableActions.has('approve')).toBe(false);
  });

  it('a thread the TUI resumed from disk, announced only by its status, becomes the session; the chat before it, quiet again, does not come back unless it turns active', async () => {
    const resumed = '01a23802-ba84-7c93-88a9-e6b7c353fc67';
    const { app, client } = await rig((server) => (server.threads = []));
    await until(() => app.calls('thread/loaded/list').length === 1, 'the look at loaded threads');
    await untilOnly(client, (s) => s.identity.sessionId === PLACEHOLDER.sessionId, 'only the placeholder while no thread is loaded');
    app.threads = [{ id: resumed, cwd: '/home/dev/project' }];
    app.notify('thread/status/changed', { threadId: resumed, status: { type: 'idle' } });
    await untilOnly(client, (s) => s.identity.sessionId === resumed && s.leased, 'the resumed thread as the session');

    const fresh = '01a23803-0000-7000-8000-000000000009';
    app.threads = [...app.threads, { id: fresh }];
    app.notify('thread/started', { thread: wireThread({ id: fresh }) });
    await untilOnly(client, (s) => s.identity.sessionId === fresh, 'the new chat');
    app.notify('thread/status/changed', { threadId: resumed, status: { type: 'idle' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await client.status()).sessions.map((s) => s.identity.sessionId)).toEqual([fresh]);
    app.notify('thread/status/changed', { threadId: resumed, status: { type: 'active', activeFlags: [] } });
    await untilOnly(client, (s) => s.identity.sessionId === resumed && s.state === 'running', 'the resumed chat, active again, as the session');
  });
});
