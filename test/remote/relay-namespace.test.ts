import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DaemonTimeoutError } from '../../src/client/index.js';
import { actionPressed, makeIdentity, optionPressed, sessionSelected, type PressOutcome } from '../../src/domain/index.js';
import { MAX_MESSAGE_BYTES } from '../../src/wire/index.js';
import { eventually } from '../client/daemon-harness.js';
import { LICENSE_QUESTION } from '../helpers/question-prompt.js';
import { relaysPerTest } from './relay-harness.js';

/*
 * Everything a remote host says on the pad carries that host's name, so a
 * remote client can never act for a local agent or another host's: its
 * questions, approval details, answers and presses stay in its namespace,
 * its previews never blank the pad, and the daemon itself refuses a
 * relayed connection that speaks for anyone else. A red team once put a
 * remote question on the local agent claude/build's Scene and received the
 * answer; a remote preview, renewed, blocked every local Approve.
 */

const { daemon, relay, cleanups } = relaysPerTest();
const BUILD = makeIdentity('claude', 'build');

/** Lines from a raw connection, until `count` have arrived. */
async function rawLines(path: string, text: string, count: number): Promise<Record<string, unknown>[]> {
  const socket = createConnection(path);
  cleanups.push(() => {
    socket.destroy();
  });
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.write(text);
  expect(await eventually(() => received.split('\n').length > count)).toBe(true);
  return received
    .split('\n')
    .slice(0, count)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the remote relay keeps a host in its own namespace', () => {
  it('puts a remote question for a local id on a session of the host, and gives the answer to the asker alone', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await running.client.reportState('waiting_for_reply', { agent: BUILD });
    const request = await devbox.client.askQuestions({ agent: BUILD, requestId: 'q1', questions: [LICENSE_QUESTION] });
    cleanups.push(() => request.close());
    const sessions = (await running.client.status()).sessions;
    expect(sessions.map((s) => [s.identity.backend, s.identity.sessionId, s.metadata['remote_host'] ?? null])).toEqual([
      ['claude', 'build', null],
      ['claude@devbox', 'build', 'devbox'],
    ]);
    // The local agent's Scene asks nothing.
    running.surface.press(sessionSelected(0));
    expect(await eventually(() => running.surface.lastView?.sessions[0]?.selected === true)).toBe(true);
    expect(running.surface.lastView?.prompt).toBeUndefined();

    running.surface.press(sessionSelected(1));
    expect(await eventually(() => running.surface.lastView?.prompt?.kind === 'question')).toBe(true);
    const prompt = running.surface.lastView!.prompt!;
    running.surface.press(optionPressed(prompt.kind === 'question' ? prompt.ref : -1, 0, 1));
    expect(await request.receive(2_000)).toEqual({ agent: BUILD, requestId: 'q1', question: 0, option: 1, options: [1] });
  });

  it("shows a remote agent's approval details, redacted and rated, on the host's session", async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await devbox.client.reportState('waiting_for_approval', { agent: BUILD });
    const subscription = await devbox.client.subscribeActions({ agent: BUILD, actions: ['approve', 'reject'], requestId: 'r1', oneShot: true });
    cleanups.push(() => subscription.close());
    await subscription.describe({ agent: BUILD, requestId: 'r1', tool: 'Bash', detail: 'rm -rf build' }, 2_000);
    expect(await eventually(() => running.surface.lastView?.prompt?.kind === 'approval')).toBe(true);
    expect(running.surface.lastView?.prompt).toMatchObject({ kind: 'approval', tool: 'Bash', description: 'rm -rf build', tier: 'destructive' });
    await expect(subscription.receive(300)).rejects.toBeInstanceOf(DaemonTimeoutError);
  });

  it('refuses a remote preview, saying why, so a local Approve still goes through', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await running.client.reportState('waiting_for_approval', { agent: BUILD });
    const local = await running.client.subscribeActions({ agent: BUILD, actions: ['approve'], requestId: 'r1', oneShot: true });
    cleanups.push(() => local.close());
    const preview = await devbox.client.openPreview();
    cleanups.push(() => preview.close());
    await expect(preview.show('error', 30)).rejects.toThrow(/remote host devbox.*would block every press on this pad/);
    expect((await running.client.status()).previewActive).toBe(false);
    expect(await eventually(() => running.surface.lastView?.availableActions.has('approve') === true)).toBe(true);
    const outcomes: PressOutcome[] = [];
    running.surface.press(actionPressed('approve', { settle: (outcome) => outcomes.push(outcome) }));
    expect(await local.receive(2_000)).toMatchObject({ action: 'approve', requestId: 'r1' });
    expect(outcomes).toMatchObject([{ kind: 'delivered', action: 'approve' }]);
  });

  it('has the daemon refuse a relayed connection that speaks for an agent of this machine, with the reason', async () => {
    const running = await daemon();
    const question = { question: 'Which license?', options: [{ label: 'MIT' }] };
    const replies = await rawLines(
      running.socketPath,
      [
        { protocol: 1, type: 'relay', host: 'devbox', live: true },
        { protocol: 1, type: 'question', agent: { backend: 'claude', session_id: 'build' }, request_id: 'q1', questions: [question] },
        { protocol: 1, type: 'state', state: 'running', agent: { backend: 'claude', session_id: 'build' } },
        { protocol: 1, type: 'question', agent: { backend: 'claude@devbox', session_id: 'build' }, request_id: 'q2', questions: [question] },
      ]
        .map((message) => `${JSON.stringify(message)}\n`)
        .join(''),
      3,
    );
    const refusal = 'this connection relays host devbox; it may speak only for agents of that host (a backend ending in @devbox), not for claude';
    expect(replies).toEqual([
      { protocol: 1, type: 'error', code: 'not_permitted', error: refusal },
      { protocol: 1, type: 'error', code: 'not_permitted', error: refusal },
      { protocol: 1, type: 'question_ack', request_id: 'q2' },
    ]);
    expect((await running.client.status()).sessions.map((s) => s.identity.backend)).toEqual(['claude@devbox']);
  });

  it('reports a press over a stalled link as not delivered, and sends nothing over it', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await devbox.client.reportState('waiting_for_approval', { agent: BUILD });
    const subscription = await devbox.client.subscribeActions({ agent: BUILD, actions: ['approve'], requestId: 'r1', oneShot: true });
    cleanups.push(() => subscription.close());
    expect(await eventually(() => running.surface.lastView?.availableActions.has('approve') === true)).toBe(true);

    // Half of the silence after which the link counts as dropped: late enough not to promise a press to it.
    devbox.clock.ms = 1_600;
    expect(await eventually(() => running.surface.lastView?.availableActions.has('approve') === false)).toBe(true);
    const outcomes: PressOutcome[] = [];
    running.surface.press(actionPressed('approve', { settle: (outcome) => outcomes.push(outcome) }));
    expect(await eventually(() => outcomes.length === 1)).toBe(true);
    expect(outcomes).toEqual([{ kind: 'refused', action: 'approve', reason: 'not_delivered' }]);
    await expect(subscription.receive(300)).rejects.toBeInstanceOf(DaemonTimeoutError);
    expect(devbox.admitted).toEqual([]);

    // The heartbeat is back: the waiting request can be answered again.
    devbox.link.beat();
    expect(await eventually(() => running.surface.lastView?.availableActions.has('approve') === true)).toBe(true);
    running.surface.press(actionPressed('approve'));
    expect(await subscription.receive(2_000)).toMatchObject({ action: 'approve', agent: BUILD, requestId: 'r1' });
  });

  it('keeps a valid 65,535-byte line within the frame when it adds the host name', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    await devbox.client.reportState('waiting_for_approval', { agent: BUILD });
    // The details belong to a subscription on the same connection.
    const subscribe = JSON.stringify({
      protocol: 1,
      type: 'subscribe_actions',
      agent: { backend: 'claude', session_id: 'build' },
      actions: ['approve'],
      request_id: 'r1',
    });
    const head = { protocol: 1, type: 'approval_details', agent: { backend: 'claude', session_id: 'build' }, request_id: 'r1', tool: 'Bash', detail: '' };
    const room = MAX_MESSAGE_BYTES - 1 - Buffer.byteLength(JSON.stringify(head));
    // Two-byte characters, which a re-encoding as \u escapes would triple.
    const detail = `rm -rf ${'é'.repeat(Math.floor((room - 7) / 2))}${(room - 7) % 2 === 1 ? 'x' : ''}`;
    const line = JSON.stringify({ ...head, detail });
    expect(Buffer.byteLength(line)).toBe(MAX_MESSAGE_BYTES - 1);
    // A raw connection, as the relay's remote clients have: the pong comes first, with no frame_too_large before it.
    const [reply] = await rawLines(devbox.server.path, `${subscribe}\n${line}\n{"protocol":1,"type":"ping"}\n`, 1);
    expect(reply).toEqual({ protocol: 1, type: 'pong' });
    expect(await eventually(() => running.surface.lastView?.prompt?.kind === 'approval')).toBe(true);
    expect(running.surface.lastView?.prompt).toMatchObject({ tier: 'destructive' });
  });

  it('refuses, with the reason, a line that only the host name would push over the frame', async () => {
    const running = await daemon();
    const devbox = await relay(running, 'devbox');
    const head = { protocol: 1, type: 'state', state: 'running', agent: { backend: 'claude', session_id: '' } };
    const sessionId = 's'.repeat(MAX_MESSAGE_BYTES - 1 - Buffer.byteLength(JSON.stringify(head)));
    const [reply] = await rawLines(devbox.server.path, `${JSON.stringify({ ...head, agent: { ...head.agent, session_id: sessionId } })}\n`, 1);
    expect(reply).toEqual({
      protocol: 1,
      type: 'error',
      code: 'frame_too_large',
      // The suffix @devbox and the member "remote_host":"devbox", on a line one byte under the frame.
      error: `with the host name devbox added, this state message is ${MAX_MESSAGE_BYTES - 1 + 7 + 23} bytes, over the ${MAX_MESSAGE_BYTES} a message may have; use a shorter session id or lease id`,
    });
    expect((await running.client.status()).sessions).toEqual([]);
  });
});
