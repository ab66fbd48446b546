import { describe, expect, it } from 'vitest';
import { commandForKey } from '../../src/web/app/keyboard.js';
import { LiveSession, type SocketHandlers } from '../../src/web/app/live-session.js';
import { feedbackFor } from '../../src/web/app/press-feedback.js';
import { PressTracker } from '../../src/web/app/press-tracker.js';
import type { PressResultMessage } from '../../src/web/app/messages.js';

const result = (fields: Partial<PressResultMessage>): PressResultMessage => ({
  protocol: 1,
  type: 'press_result',
  press: 'approve',
  outcome: 'delivered',
  reason: null,
  agent: { slot: 1, label: 'Reviewer', accent: 'magenta' },
  ...fields,
});

describe('the browser app: what the feedback line says', () => {
  it.each([
    [{}, 'Approved · Reviewer', 'done'],
    [{ press: 'reject' as const }, 'Rejected · Reviewer', 'done'],
    [{ press: 'stop' as const }, 'Stop sent · Reviewer', 'done'],
    [{ press: 'retry' as const }, 'Retry sent · Reviewer', 'done'],
    [{ outcome: 'refused' as const, reason: 'nothing_waiting', agent: null }, 'Approve: nothing was waiting for it.', 'info'],
    [{ outcome: 'refused' as const, reason: 'no_selection', agent: null }, 'Approve: nothing sent. Select an agent first (its Scene button).', 'warn'],
    [{ outcome: 'refused' as const, reason: 'too_soon', agent: null }, 'Approve was sent a moment ago; this press was ignored.', 'info'],
    [{ outcome: 'refused' as const, reason: 'not_delivered', agent: null }, 'Approve: the agent stopped listening before it arrived.', 'warn'],
    [{ outcome: 'dropped' as const, agent: null }, 'Approve was not taken: the daemon is busy. Press again.', 'warn'],
    [{ outcome: 'experience' as const, agent: null }, 'Approve went to the Demo', 'info'],
    [{ press: 'select' as const, outcome: 'selected' as const, agent: { slot: 3, label: 'docs', accent: 'cyan' } }, 'Selected · docs (now on Scene 4)', 'done'],
    [
      { press: 'select' as const, outcome: 'not_selected' as const, reason: 'no_room', agent: null },
      'No Scene is free: every Scene holds an agent waiting for approval. Answer one first.',
      'warn',
    ],
    [{ press: 'select' as const, outcome: 'not_selected' as const, reason: 'gone', agent: null }, 'That agent has left.', 'warn'],
  ])('%j → %s', (fields, text, tone) => {
    expect(feedbackFor(result(fields))).toEqual({ text, tone });
  });
});

describe('the browser app: presses in flight', () => {
  it('an action is held from the press until the frame after its delivery; a second press of it is refused meanwhile', () => {
    const presses = new PressTracker();
    expect(presses.begin('approve')).not.toBeNull();
    expect(presses.begin('approve')).toBeNull();
    expect(presses.begin('reject')).not.toBeNull();
    expect([...presses.view().held]).toEqual(['approve', 'reject']);
    presses.settle(result({}));
    expect([...presses.view().held].sort()).toEqual(['approve', 'reject']);
    presses.settle(result({ press: 'reject', outcome: 'refused', reason: 'nothing_waiting', agent: null }));
    expect([...presses.view().held]).toEqual(['approve']);
    expect(presses.view().feedback?.text).toBe('Reject: nothing was waiting for it.');
    presses.surfaceArrived();
    expect(presses.view().held.size).toBe(0);
    expect(presses.begin('approve')).not.toBeNull();
  });

  it('a press without an answer is released after the timeout and says so; a closed connection answers nothing', () => {
    const presses = new PressTracker();
    const serial = presses.begin('stop')!;
    expect(presses.expire(serial)).toBe(true);
    expect(presses.expire(serial)).toBe(false);
    expect(presses.view()).toEqual({ held: new Set(), feedback: { text: 'Sent; the daemon did not say what became of it.', tone: 'info' } });
    presses.begin('retry');
    presses.reset();
    expect(presses.view().held.size).toBe(0);
  });
});

describe('the browser app: keys', () => {
  const key = (k: string, extra: Partial<Parameters<typeof commandForKey>[0]> = {}) =>
    commandForKey({ key: k, ctrlKey: false, altKey: false, metaKey: false, repeat: false, inField: false, ...extra });

  it('1–8 select Scenes, 0 the first agent without one, A/R/T/S the actions, in either case', () => {
    expect(key('1')).toEqual({ kind: 'scene', slot: 0 });
    expect(key('8')).toEqual({ kind: 'scene', slot: 7 });
    expect(key('9')).toBeNull();
    expect(key('0')).toEqual({ kind: 'overflow' });
    expect(['a', 'R', 't', 'S'].map((k) => key(k))).toEqual([
      { kind: 'action', action: 'approve' },
      { kind: 'action', action: 'reject' },
      { kind: 'action', action: 'retry' },
      { kind: 'action', action: 'stop' },
    ]);
  });

  it('leaves modified keys, held-down repeats and typing in a field alone', () => {
    expect(key('a', { ctrlKey: true })).toBeNull();
    expect(key('r', { metaKey: true })).toBeNull();
    expect(key('1', { altKey: true })).toBeNull();
    expect(key('a', { repeat: true })).toBeNull();
    expect(key('4', { inField: true })).toBeNull();
  });
});

describe('the browser app: session options', () => {
  /** A session over a fake socket; returns what it sent and a way to feed it server messages. */
  function fakeSession(options: { useExtensions?: boolean; loopbackPage?: boolean }) {
    const sent: Record<string, unknown>[] = [];
    let handlers!: SocketHandlers;
    const session = new LiveSession(
      {
        socketUrl: 'ws://test/ws',
        storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
        openSocket: (_url, given) => {
          handlers = given;
          return { isOpen: true, send: (text) => sent.push(JSON.parse(text) as Record<string, unknown>), close: () => handlers.closed() };
        },
        schedule: () => undefined,
        ...options,
      },
      'token',
      () => undefined,
    );
    session.connect();
    handlers.opened();
    return { session, sent, receive: (message: Record<string, unknown>) => handlers.received(JSON.stringify({ protocol: 1, ...message })) };
  }

  it('with extensions it asks for press results and the overflow list right after authenticating; without, it never does', () => {
    const withExtensions = fakeSession({ useExtensions: true });
    withExtensions.receive({ type: 'authenticated', admin: true, session_token: null, lan_enabled: false });
    expect(withExtensions.sent.map((message) => message['type'])).toEqual(['authenticate', 'use_extensions']);
    expect(withExtensions.sent[1]).toEqual({ protocol: 1, type: 'use_extensions', extensions: ['press_results', 'overflow', 'prompts', 'holds'] });

    const plain = fakeSession({});
    plain.receive({ type: 'authenticated', admin: true, session_token: null, lan_enabled: false });
    plain.session.press('approve');
    expect(plain.sent.map((message) => message['type'])).toEqual(['authenticate', 'action']);
    expect(plain.session.state.presses.held.size).toBe(0);
  });

  it('a refused credential on a page of this computer asks for the admin link, without the refusal text; elsewhere for a PIN', () => {
    const local = fakeSession({ loopbackPage: true });
    local.receive({ type: 'error', code: 'forbidden', error: 'invalid or expired credential' });
    expect(local.session.state).toMatchObject({ status: 'link_required', error: null });
    const phone = fakeSession({});
    phone.receive({ type: 'error', code: 'forbidden', error: 'invalid or expired credential' });
    expect(phone.session.state).toMatchObject({ status: 'pairing_required', error: 'invalid or expired credential' });
  });
});
