import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionPressed, optionPressed } from '../../../src/domain/index.js';
import { privateTempDir, until } from '../shared/fake-daemon.js';
import { prompt, type Json } from './acp-editor.js';
import { answersTo, agentMessages, sessionsOf, sessionsWithCleanup, turn, untilAction, untilPadSession, type Pad } from './proxy-harness.js';

/*
 * `pad-lattice acp` between a scripted editor and the SDK test agent, with a real daemon as the
 * pad: sessions, turns, permission requests, forms and Stop.
 */

const sessions = sessionsWithCleanup();
const setUp = (label: string | null = null) => sessions({ label });

const stateOf = async (pad: Pad, sessionId: string) => (await sessionsOf(pad)).find((s) => s.identity.sessionId === sessionId)?.state;

describe('pad-lattice acp: ACP sessions on the pad', () => {
  it('shows a session from session/new (backend from the agent’s name, label from the cwd); a prompt runs and end_turn is success; it leaves with the process', async () => {
    const { pad, run, sessionId, session } = await setUp();
    expect(session).toMatchObject({
      identity: { backend: 'pad-test-agent', sessionId: 'sdk-session-1' },
      label: 'webshop',
      leased: true,
      state: 'waiting_for_reply',
    });

    const waiting = prompt(run.editor, sessionId, 'wait');
    await untilPadSession(pad, (s) => s.state === 'running', 'the prompt to show as running');
    await untilAction(pad, 'stop');
    run.editor.notify('session/cancel', { sessionId });
    await run.editor.untilMessage((m) => m['id'] === waiting, 'the cancelled turn’s answer');
    await untilPadSession(pad, (s) => s.state === 'cancelled', 'the cancelled turn');

    expect(await turn(run, sessionId, 'hello')).toMatchObject({ result: { stopReason: 'end_turn' } });
    await untilPadSession(pad, (s) => s.state === 'success', 'the finished turn as success');

    run.stdin.end();
    expect(await run.done).toBe(0);
    expect(await sessionsOf(pad)).toEqual([]);
  });

  it('--label names the Scene; every session the editor opens is a pad session of its own, and session/close takes one off', async () => {
    const { pad, run, sessionId } = await setUp('shop');
    const second = await run.editor.request('session/new', { cwd: '/home/dev/other', mcpServers: [] });
    const secondId = (second['result'] as Json)['sessionId'] as string;
    await untilPadSession(pad, (s) => s.identity.sessionId === secondId, 'the second session');
    expect((await sessionsOf(pad)).map((s) => [s.identity.sessionId, s.label]).sort()).toEqual([
      [sessionId, 'shop'],
      [secondId, 'shop'],
    ]);
    expect(await run.editor.request('session/close', { sessionId })).toMatchObject({ result: {} });
    await until(async () => (await sessionsOf(pad)).length === 1, 'the closed session to leave the pad', 10_000, 10);
    expect((await sessionsOf(pad))[0]?.identity.sessionId).toBe(secondId);
  });

  it('a session the editor loads (session/load) is on the pad under its own id; one the agent refuses to load is not', async () => {
    const { pad, run } = await setUp();
    expect(await run.editor.request('session/load', { sessionId: 'earlier-7', cwd: '/home/dev/archive', mcpServers: [] })).toMatchObject({ result: {} });
    const loaded = await untilPadSession(pad, (s) => s.identity.sessionId === 'earlier-7', 'the loaded session');
    expect(loaded).toMatchObject({ identity: { backend: 'pad-test-agent' }, label: 'archive', leased: true });
    expect(await run.editor.request('session/load', { sessionId: 7 })).toHaveProperty('error');
    expect((await sessionsOf(pad)).map((s) => s.identity.sessionId).sort()).toEqual(['earlier-7', 'sdk-session-1']);
  });

  it('a turn answered with an error shows as error, and so does a refusal', async () => {
    const { pad, run, sessionId } = await setUp();
    expect(await turn(run, sessionId, 'fail')).toMatchObject({ error: { message: 'scripted failure' } });
    await untilPadSession(pad, (s) => s.state === 'error', 'the failed turn as error');
    await turn(run, sessionId, 'hello');
    await untilPadSession(pad, (s) => s.state === 'success', 'the next turn as success');
    expect(await turn(run, sessionId, 'refuse')).toMatchObject({ result: { stopReason: 'refusal' } });
    await untilPadSession(pad, (s) => s.state === 'error', 'the refusal as error');
  });

  it('Stop on the pad sends session/cancel to the agent, and the turn ends cancelled', async () => {
    const { pad, run, sessionId } = await setUp();
    const waiting = prompt(run.editor, sessionId, 'wait');
    await untilAction(pad, 'stop');
    pad.surface.press(actionPressed('stop'));
    const answer = await run.editor.untilMessage((m) => m['id'] === waiting, 'the cancelled turn’s answer');
    expect(answer).toMatchObject({ result: { stopReason: 'cancelled' } });
    expect(agentMessages(run).filter((m) => m['method'] === 'session/cancel')).toEqual([{ jsonrpc: '2.0', method: 'session/cancel', params: { sessionId } }]);
    await untilPadSession(pad, (s) => s.state === 'cancelled', 'the turn as cancelled');
    expect(run.stderr()).toContain(`Stop pressed on the pad: cancelling the turn of session ${sessionId}`);
  });
});

describe('pad-lattice acp: permission requests on the editor and the pad at once', () => {
  it('Approve lights with the request’s details; a press answers with its allow_once option, the editor gets $/cancel_request and its late answer is held back', async () => {
    const { pad, run, sessionId } = await setUp();
    const turnId = prompt(run.editor, sessionId, 'permission once');
    const request = await run.editor.agentRequest('session/request_permission');
    await untilAction(pad, 'approve');
    expect(pad.surface.lastView?.availableActions.has('reject')).toBe(true);
    expect(pad.surface.lastView?.prompt).toEqual({ kind: 'approval', tier: 'edit', tool: 'execute', description: 'touch marker-1.txt' });
    expect(await stateOf(pad, sessionId)).toBe('waiting_for_approval');

    pad.surface.press(actionPressed('approve'));
    await run.editor.untilMessage((m) => m['method'] === '$/cancel_request', 'the editor to be told the request is answered');
    expect(run.editor.cancelsOf(request.id)).toEqual([{ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: request.id } }]);
    // The editor answers anyway (its dialog, or the `cancelled` a client owes a withdrawn request).
    run.editor.respond(request.id, { outcome: { outcome: 'selected', optionId: 'no-once' } });
    await run.editor.untilMessage((m) => m['id'] === turnId, 'the turn’s end');
    expect(run.editor.agentText()).toContain('answer: {"outcome":{"outcome":"selected","optionId":"yes-once"}}');
    // A later prompt went in behind the late answer: had it been passed on, the agent would have read it by now.
    await turn(run, sessionId, 'hello');
    expect(answersTo(run, request.id)).toEqual([{ jsonrpc: '2.0', id: request.id, result: { outcome: { outcome: 'selected', optionId: 'yes-once' } } }]);
    await untilAction(pad, 'approve', false);
    await untilPadSession(pad, (s) => s.state === 'success', 'the turn as success');
  });

  it('Reject answers with the request’s reject_once option', async () => {
    const { pad, run, sessionId } = await setUp();
    const turnId = prompt(run.editor, sessionId, 'permission once');
    const request = await run.editor.agentRequest('session/request_permission');
    await untilAction(pad, 'reject');
    pad.surface.press(actionPressed('reject'));
    await run.editor.untilMessage((m) => m['id'] === turnId, 'the turn’s end');
    expect(answersTo(run, request.id)).toEqual([{ jsonrpc: '2.0', id: request.id, result: { outcome: { outcome: 'selected', optionId: 'no-once' } } }]);
    expect(run.editor.cancelsOf(request.id)).toHaveLength(1);
  });

  it('the editor answering first clears the pad: Approve goes dark, nothing is withdrawn from the editor, and the agent gets that one answer', async () => {
    const { pad, run, sessionId } = await setUp();
    const turnId = prompt(run.editor, sessionId, 'permission once');
    const request = await run.editor.agentRequest('session/request_permission');
    await untilAction(pad, 'approve');
    run.editor.respond(request.id, { outcome: { outcome: 'selected', optionId: 'yes-always' } });
    await untilAction(pad, 'approve', false);
    await run.editor.untilMessage((m) => m['id'] === turnId, 'the turn’s end');
    await untilPadSession(pad, (s) => s.state === 'success', 'the turn as success');
    // A press now finds nothing to answer.
    pad.surface.press(actionPressed('approve'));
    await turn(run, sessionId, 'hello');
    expect(answersTo(run, request.id)).toEqual([{ jsonrpc: '2.0', id: request.id, result: { outcome: { outcome: 'selected', optionId: 'yes-always' } } }]);
    expect(run.editor.cancelsOf(request.id)).toEqual([]);
  });

  it('only the presses the request has options for are offered; with neither allow_once nor reject_once it stays the editor’s', async () => {
    const { pad, run, sessionId } = await setUp();
    const first = prompt(run.editor, sessionId, 'permission approve-only');
    const approveOnly = await run.editor.agentRequest('session/request_permission');
    await untilAction(pad, 'approve');
    expect(pad.surface.lastView?.availableActions.has('reject')).toBe(false);
    pad.surface.press(actionPressed('approve'));
    await run.editor.untilMessage((m) => m['id'] === first, 'the first turn’s end');
    expect(answersTo(run, approveOnly.id)).toEqual([
      { jsonrpc: '2.0', id: approveOnly.id, result: { outcome: { outcome: 'selected', optionId: 'yes-once' } } },
    ]);

    const viewsBefore = pad.surface.views.length;
    const second = prompt(run.editor, sessionId, 'permission always-only');
    const alwaysOnly = await run.editor.agentRequest('session/request_permission');
    run.editor.respond(alwaysOnly.id, { outcome: { outcome: 'selected', optionId: 'no-always' } });
    await run.editor.untilMessage((m) => m['id'] === second, 'the second turn’s end');
    await untilPadSession(pad, (s) => s.state === 'success', 'the second turn as success');
    const views = pad.surface.views.slice(viewsBefore);
    expect(views.some((view) => view.availableActions.has('approve') || view.selectedState === 'waiting_for_approval')).toBe(false);
    expect(run.editor.cancelsOf(alwaysOnly.id)).toEqual([]);
  });

  it('the agent withdrawing its request ($/cancel_request) reaches the editor unchanged, and the pad lets go', async () => {
    const { pad, run, sessionId } = await setUp();
    const flag = join(privateTempDir('pl-acp-withdraw-'), 'now');
    const turnId = prompt(run.editor, sessionId, `withdraw ${flag}`);
    const request = await run.editor.agentRequest('session/request_permission');
    await untilAction(pad, 'approve');
    writeFileSync(flag, '');
    await run.editor.untilMessage((m) => m['method'] === '$/cancel_request', 'the agent’s withdrawal');
    expect(run.editor.cancelsOf(request.id)).toEqual([{ jsonrpc: '2.0', method: '$/cancel_request', params: { requestId: request.id } }]);
    await untilAction(pad, 'approve', false);
    await run.editor.untilMessage((m) => m['id'] === turnId, 'the turn’s end');
    expect(answersTo(run, request.id)).toEqual([]);
  });
});

describe('pad-lattice acp: forms (elicitation/create)', () => {
  it('a form of choices shows as option pads, one question per field; the pad’s answers go to the agent as accept content', async () => {
    const { pad, run, sessionId } = await setUp();
    const turnId = prompt(run.editor, sessionId, 'form choices');
    const request = await run.editor.agentRequest('elicitation/create');
    await until(() => pad.surface.lastView?.prompt?.kind === 'question', 'the first question on the pad', 10_000, 5);
    const first = pad.surface.lastView?.prompt;
    if (first?.kind !== 'question') throw new Error('no question shown');
    expect(first.question).toEqual({
      question: 'Where to deploy',
      header: 'Deploy now?',
      options: [
        { label: 'Staging', description: '' },
        { label: 'Production', description: '' },
      ],
      multiSelect: false,
    });
    expect(await stateOf(pad, sessionId)).toBe('waiting_for_reply');
    pad.surface.press(optionPressed(first.ref, 0, 1));
    await until(() => pad.surface.lastView?.prompt?.kind === 'question' && pad.surface.lastView.prompt.questionIndex === 1, 'the second question', 10_000, 5);
    expect(pad.surface.lastView?.prompt).toMatchObject({ question: { question: 'Run the migrations?', options: [{ label: 'Yes' }, { label: 'No' }] } });
    pad.surface.press(optionPressed(first.ref, 1, 0));
    await run.editor.untilMessage((m) => m['id'] === turnId, 'the turn’s end');
    expect(answersTo(run, request.id)).toEqual([{ jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { target: 'prod', migrate: true } } }]);
    expect(run.editor.cancelsOf(request.id)).toHaveLength(1);
    await untilPadSession(pad, (s) => s.state === 'success', 'the turn as success');
  });

  it('a form with a free-text field stays the editor’s', async () => {
    const { pad, run, sessionId } = await setUp();
    const viewsBefore = pad.surface.views.length;
    const turnId = prompt(run.editor, sessionId, 'form text');
    const request = await run.editor.agentRequest('elicitation/create');
    run.editor.respond(request.id, { action: 'decline' });
    await run.editor.untilMessage((m) => m['id'] === turnId, 'the turn’s end');
    expect(answersTo(run, request.id)).toEqual([{ jsonrpc: '2.0', id: request.id, result: { action: 'decline' } }]);
    expect(pad.surface.views.slice(viewsBefore).some((view) => view.prompt !== undefined)).toBe(false);
  });
});
