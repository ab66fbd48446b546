import { describe, expect, it } from 'vitest';
import { carryScope, situationOf, type Situation } from '../../src/web/app/feedback-scope.js';
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
    [{ press: 'reject' as const }, 'Rejected · Reviewer', 'rejected'],
    [{ press: 'stop' as const }, 'Stop sent · Reviewer', 'sent'],
    [{ press: 'retry' as const }, 'Retry sent · Reviewer', 'sent'],
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

/** What the page shows: `agent` selected in `slot` (or nobody), in `state`, asking `request`. */
const shows = (fields: Partial<Situation> = {}): Situation => ({
  agent: '1:Reviewer',
  slot: 1,
  state: 'waiting_for_approval',
  request: '{"kind":"approval","tier":"edit","tool":"Bash","description":"ls"}',
  playing: false,
  ...fields,
});
const NOW = shows();

describe('the browser app: presses in flight', () => {
  it('an action is held from the press until the frame after its delivery; a second press of it is refused meanwhile', () => {
    const presses = new PressTracker();
    expect(presses.begin('approve')).not.toBeNull();
    expect(presses.begin('approve')).toBeNull();
    expect(presses.begin('reject')).not.toBeNull();
    expect([...presses.view().held]).toEqual(['approve', 'reject']);
    presses.settle(result({}), NOW);
    expect([...presses.view().held].sort()).toEqual(['approve', 'reject']);
    presses.settle(result({ press: 'reject', outcome: 'refused', reason: 'nothing_waiting', agent: null }), NOW);
    expect([...presses.view().held]).toEqual(['approve']);
    expect(presses.view().feedback?.text).toBe('Reject: nothing was waiting for it.');
    presses.surfaceArrived();
    expect(presses.view().held.size).toBe(0);
    expect(presses.begin('approve')).not.toBeNull();
  });

  it('a press without an answer is released after the timeout and says so; a closed connection answers nothing', () => {
    const presses = new PressTracker();
    const serial = presses.begin('stop')!;
    expect(presses.expire(serial, NOW)).toBe(true);
    expect(presses.expire(serial, NOW)).toBe(false);
    expect(presses.view()).toEqual({ held: new Set(), feedback: { text: 'Sent; the daemon did not say what became of it.', tone: 'info' } });
    presses.begin('retry');
    presses.reset();
    expect(presses.view().held.size).toBe(0);
  });
});

describe('the browser app: a feedback line clears when what it described changes', () => {
  const approved = () => {
    const presses = new PressTracker();
    presses.begin('approve');
    presses.settle(result({}), NOW);
    return presses;
  };

  it('the request it answered going away keeps it; another request, state or agent clears it', () => {
    const presses = approved();
    expect(presses.observe(NOW)).toBe(false);
    expect(presses.observe(shows({ request: null }))).toBe(false);
    expect(presses.view().feedback?.text).toBe('Approved · Reviewer');
    // The next request of the same agent, in the same state: "Approved" would now seem to be about it.
    expect(presses.observe(shows({ request: '{"kind":"approval","tier":"destructive","tool":"Bash","description":"rm -rf build"}' }))).toBe(true);
    expect(presses.view().feedback).toBeNull();
    expect(presses.observe(NOW)).toBe(false);

    for (const change of [{ state: 'running' }, { agent: '2:builder', slot: 2 }, { agent: null, slot: null, state: null }, { playing: true }]) {
      const line = approved();
      expect(line.observe(shows(change)), JSON.stringify(change)).toBe(true);
      expect(line.view().feedback).toBeNull();
    }
  });

  it('a selection is about the agent it selected once the pad shows it; a press the Demo took lasts while the Demo plays', () => {
    const selected = result({ press: 'select', outcome: 'selected', agent: { slot: 4, label: 'docs', accent: 'cyan' } });
    const before = shows();
    const presses = new PressTracker();
    presses.begin('select');
    presses.settle(selected, before);
    // The frame that shows the new selection has not come yet: the old one does not make the line stale.
    expect(presses.observe(before)).toBe(false);
    expect(presses.observe(shows({ agent: '4:docs', slot: 4, state: 'running', request: null }))).toBe(false);
    expect(presses.view().feedback?.text).toBe('Selected · docs (now on Scene 5)');
    expect(presses.observe(shows({ agent: '4:docs', slot: 4, state: 'error', request: null }))).toBe(true);

    const demo = shows({ playing: true });
    expect(carryScope({ kind: 'experience' }, shows({ playing: true, agent: '0:Builder', state: 'running' }))).toEqual({ kind: 'experience' });
    expect(carryScope({ kind: 'experience' }, shows({ playing: false }))).toBeNull();
    expect(carryScope({ kind: 'situation', at: demo }, demo)).toEqual({ kind: 'situation', at: demo });
  });

  it('notes and unanswered presses are about what the page showed then', () => {
    const presses = new PressTracker();
    presses.note({ text: 'Scene 7 is empty.', tone: 'info' }, NOW);
    expect(presses.observe(shows({ agent: '0:other', slot: 0 }))).toBe(true);
    const serial = presses.begin('stop')!;
    presses.expire(serial, shows({ state: 'running' }));
    expect(presses.observe(shows({ state: 'running' }))).toBe(false);
    expect(presses.observe(shows({ state: 'cancelled' }))).toBe(true);
  });

  it('reads the situation from the surface, the prompt and the experience', () => {
    const surface = {
      protocol: 1,
      type: 'surface',
      view: {
        selected_state: 'running',
        frame: 3,
        sessions: [
          { slot: 0, state: 'running', selected: false, accent: 'cyan', label: 'builder' },
          { slot: 2, state: 'waiting_for_approval', selected: true, accent: 'lime', label: 'Reviewer' },
        ],
        available_actions: [],
        overflow_count: 0,
      },
    } as unknown as Parameters<typeof situationOf>[0];
    const prompt = { protocol: 1, type: 'prompt', prompt: { kind: 'approval', tier: 'edit', tool: 'Bash', description: 'ls' }, details_shared: false } as const;
    expect(situationOf(surface, prompt, null)).toEqual({
      agent: '2:Reviewer',
      slot: 2,
      state: 'waiting_for_approval',
      request: JSON.stringify(prompt.prompt),
      playing: false,
    });
    expect(situationOf(null, null, null)).toEqual({ agent: null, slot: null, state: null, request: null, playing: false });
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

  it('with extensions it asks for press results, the overflow list, prompts, holds and the Start verdict right after authenticating; without, it never does', () => {
    const withExtensions = fakeSession({ useExtensions: true });
    withExtensions.receive({ type: 'authenticated', admin: true, session_token: null, lan_enabled: false });
    expect(withExtensions.sent.map((message) => message['type'])).toEqual(['authenticate', 'use_extensions']);
    expect(withExtensions.sent[1]).toEqual({
      protocol: 1,
      type: 'use_extensions',
      extensions: ['press_results', 'overflow', 'prompts', 'holds', 'experience_block'],
    });

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
