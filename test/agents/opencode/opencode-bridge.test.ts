import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeIdentity } from '../../../src/domain/index.js';
import { OpencodeBridge } from '../../../src/agents/opencode/bridge.js';
import { parseOpencodeEvent } from '../../../src/agents/opencode/events.js';
import { runOpencodeLauncher } from '../../../src/agents/opencode/launcher.js';
import { OpencodeServer } from '../../../src/agents/opencode/server.js';
import { REJECT_MESSAGE } from '../../../src/agents/shared/permission-decision.js';
import { captureIo } from '../../helpers/capture-io.js';
import { FakeDaemon, cleanUpFakes, deadSocketPath, privateTempDir, until, type FakeConnection } from '../shared/fake-daemon.js';
import { FakeOpencodeServer } from './fake-opencode-server.js';

/* The opencode bridge against recorded events of the opencode 1.18.33 TUI's server (test/fixtures/agents/opencode). */

const EVENTS = readFileSync(fileURLToPath(new URL('../../fixtures/agents/opencode/tui-events.jsonl', import.meta.url)), 'utf8')
  .trim()
  .split('\n');
const recorded = (type: string) => JSON.parse(EVENTS.find((line) => JSON.parse(line).type === type)!) as { type: string; properties: Record<string, any> };
const SESSION = 'ses_dc82968b7ffe428SXv4WiWbBJn';
const IDENTITY = { backend: 'opencode', session_id: SESSION };
const PLACEHOLDER = makeIdentity('opencode', 'starting-lease');

let daemon: FakeDaemon;
let server: FakeOpencodeServer;
let bridge: OpencodeBridge;

function startBridge(approvalTimeoutSeconds = 30, password = server.password): OpencodeBridge {
  bridge = OpencodeBridge.start({
    server: new OpencodeServer(server.origin, password),
    socketPath: daemon.socketPath,
    leaseId: 'lease-1',
    placeholder: PLACEHOLDER,
    metadata: { cwd: '/home/dev/project', label: 'docs' },
    approvalTimeoutSeconds,
    reconnectMs: 20,
  });
  return bridge;
}

/** A bridge whose event stream is open. */
async function connectedBridge(approvalTimeoutSeconds?: number): Promise<void> {
  startBridge(approvalTimeoutSeconds);
  await until(() => server.openStreams === 1, 'the event stream');
}

const states = () => daemon.ofType('state').map((message) => message['state']);

async function subscription(type: 'subscribe_actions' | 'question', n = 1): Promise<FakeConnection> {
  await until(() => daemon.connectionsOf(type).length >= n, `pad request ${n}`);
  return daemon.connectionsOf(type)[n - 1]!;
}

beforeEach(async () => {
  daemon = await FakeDaemon.start(join(privateTempDir('pl-opencode-sock-'), 'daemon.sock'));
  daemon.handler = (message, connection) => {
    if (message['type'] === 'question') connection.send({ protocol: 1, type: 'question_ack', request_id: message['request_id'] });
  };
  server = await FakeOpencodeServer.start();
});

afterEach(async () => {
  await bridge?.close();
  await server.close();
  await cleanUpFakes();
});

describe('opencode 1.18.33 server events, as recorded', () => {
  it('the bridge reads the events it acts on and ignores the rest', () => {
    const kinds = EVENTS.map((line) => parseOpencodeEvent(line)?.kind ?? null);
    expect(kinds.filter((kind) => kind !== null)).toEqual([
      'session_created',
      'busy',
      'busy',
      'permission_asked',
      'answered',
      'busy',
      'busy',
      'busy',
      'idle',
      'idle',
      'busy',
      'busy',
      'question_asked',
      'answered',
      'busy',
      'busy',
      'busy',
      'idle',
      'idle',
    ]);
    expect(parseOpencodeEvent('not json')).toBeNull();
    expect(parseOpencodeEvent(JSON.stringify({ type: 'permission.asked', properties: { id: 1 } }))).toBeNull();
    expect(parseOpencodeEvent(JSON.stringify({ type: 'session.error', properties: { sessionID: SESSION, error: { name: 'MessageAbortedError' } } }))).toEqual({
      kind: 'error',
      sessionId: SESSION,
      aborted: true,
    });
  });
});

describe('the opencode bridge', () => {
  it('the first busy session ends the placeholder and takes its place; repeated busy events report once', async () => {
    await connectedBridge();
    server.push(recorded('session.created'));
    server.push(recorded('session.status'));
    server.push(recorded('session.status'));
    await until(() => states().length === 1, 'the first state');
    expect(daemon.messages()[0]).toEqual({ protocol: 1, type: 'session_end', agent: { backend: 'opencode', session_id: 'starting-lease' } });
    expect(daemon.ofType('state')[0]).toMatchObject({ state: 'running', lease_id: 'lease-1', agent: { ...IDENTITY, cwd: '/home/dev/project', label: 'docs' } });
    server.push(recorded('session.idle'));
    await until(() => states().length === 2, 'success');
    expect(states()).toEqual(['running', 'success']);
  });

  it('a permission request goes on the pad with its command; Approve answers "once" (never "always")', async () => {
    await connectedBridge();
    server.push(recorded('permission.asked'));
    const waiter = await subscription('subscribe_actions');
    await until(() => waiter.received.length >= 2, 'the details');
    expect(waiter.received[1]).toMatchObject({ tool: 'bash', detail: 'echo THREE > /home/dev/project/THREE.txt' });
    waiter.send({ protocol: 1, type: 'action', action: 'approve', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    await until(() => server.posts.length === 1, 'the reply');
    expect(server.posts).toEqual([{ path: '/permission/per_237d69893001tAj9lPIEtJLmJ4/reply', body: { reply: 'once' } }]);
    await until(() => states().at(-1) === 'running', 'running');
    expect(states()).toEqual(['waiting_for_approval', 'running']);
  });

  it('Reject answers "reject" with Pad-Lattice’s message', async () => {
    await connectedBridge();
    server.push(recorded('permission.asked'));
    const waiter = await subscription('subscribe_actions');
    waiter.send({ protocol: 1, type: 'action', action: 'reject', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    await until(() => server.posts.length === 1, 'the reply');
    expect(server.posts[0]?.body).toEqual({ reply: 'reject', message: REJECT_MESSAGE });
  });

  it('an answer in the TUI takes the request off the pad; no answer in time leaves it to the TUI, also after a reconnect', async () => {
    await connectedBridge(0.3);
    const asked = recorded('permission.asked');
    server.push(asked);
    const first = await subscription('subscribe_actions');
    server.push(recorded('permission.replied'));
    await until(() => first.ended, 'the pad to let go');
    await until(() => states().at(-1) === 'running', 'running');

    server.pendingPermissions = [{ ...asked.properties, id: 'per_second' }];
    server.push({ ...asked, properties: { ...asked.properties, id: 'per_second' } });
    const second = await subscription('subscribe_actions', 2);
    await until(() => second.ended, 'the pad to give up');
    server.dropStreams();
    await until(() => server.openStreams === 1, 'the reconnect');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(daemon.connectionsOf('subscribe_actions')).toHaveLength(2);
    expect(server.posts).toEqual([]);
  });

  it('requests pending before the bridge connected are put on the pad', async () => {
    server.pendingPermissions = [recorded('permission.asked').properties];
    startBridge();
    const waiter = await subscription('subscribe_actions');
    expect(waiter.received[0]).toMatchObject({ agent: IDENTITY });
  });

  it('a question goes on the pad as option pads; the chosen label is posted as the answer', async () => {
    await connectedBridge();
    server.push(recorded('question.asked'));
    const asked = await subscription('question');
    expect(asked.received[0]).toMatchObject({
      type: 'question',
      agent: IDENTITY,
      questions: [
        {
          question: 'Which colour?',
          header: 'Colour',
          options: [
            { label: 'Red', description: 'warm' },
            { label: 'Blue', description: 'cool' },
          ],
        },
      ],
    });
    asked.send({ protocol: 1, type: 'answer', agent: IDENTITY, request_id: asked.received[0]?.['request_id'], question: 0, option: 1 });
    await until(() => server.posts.length === 1, 'the reply');
    expect(server.posts).toEqual([{ path: '/question/que_237d6da4c001rSE6X3Gh0UfE7F/reply', body: { answers: [['Blue']] } }]);
    await until(() => states().length === 2, 'the answered question’s state');
    expect(states()).toEqual(['waiting_for_reply', 'running']);
  });

  it('a subagent’s request counts as its parent session’s; its own status changes nothing', async () => {
    await connectedBridge();
    server.push(recorded('session.status'));
    server.push({ type: 'session.created', properties: { info: { id: 'ses_child', parentID: SESSION } } });
    server.push({ type: 'session.idle', properties: { sessionID: 'ses_child' } });
    server.push({ ...recorded('permission.asked'), properties: { ...recorded('permission.asked').properties, sessionID: 'ses_child' } });
    const waiter = await subscription('subscribe_actions');
    expect(waiter.received[0]).toMatchObject({ agent: IDENTITY });
    expect(states()).toEqual(['running', 'waiting_for_approval']);
  });

  it('an event stream the starting TUI never answers is given up and asked again', async () => {
    server.stallEvents = true;
    startBridge();
    await until(() => server.eventRequests === 1, 'the first request');
    server.stallEvents = false;
    await until(() => server.openStreams === 1, 'a second request that is answered', 10_000);
  });

  it('a wrong password is refused (401) and retried, never crashing the launcher', async () => {
    startBridge(1, 'wrong');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.openStreams).toBe(0);
    await bridge.close();
  });
});

describe('pad-lattice opencode: what it refuses', () => {
  it.each([
    [['--', 'run', 'hi'], "pad-lattice opencode runs opencode's terminal UI; run 'opencode run' on its own"],
    [['--', '--port', '4096'], "--port cannot be combined with pad-lattice opencode: it chooses the TUI's server port itself"],
    [['--', '--hostname=0.0.0.0'], "--hostname cannot be combined with pad-lattice opencode: it chooses the TUI's server port itself"],
    [['--label', ''], 'session label must not be empty'],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const { io, stderr } = captureIo('', {});
    expect(await runOpencodeLauncher(args, { env: io.env, cwd: '/', stderr: io.stderr })).toBe(2);
    expect(stderr()).toBe(`pad-lattice: ${message}\n`);
  });

  it('a missing opencode is named, with the option that points at it (exit 1)', async () => {
    const { io, stderr } = captureIo('', {});
    const status = await runOpencodeLauncher(['--socket', await deadSocketPath(), '--opencode', '/nonexistent/opencode'], {
      env: io.env,
      cwd: '/',
      stderr: io.stderr,
      titleSink: () => undefined,
    });
    expect(status).toBe(1);
    expect(stderr()).toContain('cannot start /nonexistent/opencode: it was not found; install it, or name its executable with --opencode');
  });
});
