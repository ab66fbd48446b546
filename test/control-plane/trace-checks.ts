import {
  APPROVAL_ACTIONS,
  ATTENTION_STATES,
  CONTROL_ACTIONS,
  TERMINAL_STATES,
  identityKey,
  isActionPermitted,
  type AgentIdentity,
  type ControlAction,
} from '../../src/domain/index.js';
import type { ControlPlane, SessionSnapshot, SubscriptionSnapshot } from '../../src/daemon/control-plane/index.js';
import { who, type ConcreteOp, type StepResult, type TraceWorld } from './trace-ops.js';

export interface TraceParams {
  readonly terminalHold: number;
  readonly actionDebounce: number;
  readonly sessionTtl: number;
}

/**
 * What the checks need from before a step. A re-created session gets a fresh
 * frozen identity object, so object identity tells "the same incarnation".
 */
interface Before {
  readonly sessions: Map<string, SessionSnapshot>;
  readonly recency: Map<string, { lastSeen: number; lastActivityAt: number }>;
  readonly selection: AgentIdentity | null;
  readonly subscriptions: Map<number, SubscriptionSnapshot>;
  readonly available: ReadonlySet<ControlAction>;
  readonly revision: number;
  readonly occupants: (AgentIdentity | null)[];
  readonly leased: Set<string>;
}

function fail(message: string): never {
  throw new Error(message);
}

function check(condition: boolean, message: string): void {
  if (!condition) fail(message);
}

/** Checks §19 and the stronger per-step rules after every step of a random trace. */
export const TRACE_EVENTS = [
  'op:update',
  'op:end',
  'op:select',
  'op:subscribe',
  'op:disconnect',
  'op:register',
  'op:bindState',
  'op:tick',
  'op:dispatch',
  'op:preview',
  'op:endPreview',
  'expired',
  'ended',
  'evicted',
  'promoted',
  'overflow',
  'press refused',
  'press delivered',
  'press debounced',
  'preview conflict',
  'coerced',
  'auto-selected',
  'reverted',
] as const;

export type TraceEvent = (typeof TRACE_EVENTS)[number];

export class TraceChecker {
  /** How often each event occurred, for coverage assertions. */
  readonly events = new Map<TraceEvent, number>();
  readonly #plane: ControlPlane;
  readonly #world: TraceWorld;
  readonly #params: TraceParams;
  /** Model of the debounce table: identity object → action → last delivery. */
  readonly #deliveries = new Map<AgentIdentity, Map<ControlAction, number>>();
  /** Model of terminal-hold deadlines per incarnation. */
  readonly #deadlines = new Map<AgentIdentity, number>();

  constructor(plane: ControlPlane, world: TraceWorld, params: TraceParams) {
    this.#plane = plane;
    this.#world = world;
    this.#params = params;
  }

  capture(): Before {
    const plane = this.#plane;
    const sessions = new Map(plane.sessions().map((session) => [identityKey(session.identity), session] as const));
    const recency = new Map([...sessions.values()].map((s) => [identityKey(s.identity), plane.recency(s.identity)!] as const));
    const subscriptions = new Map<number, SubscriptionSnapshot>();
    for (let conn = 0; conn < this.#world.connections; conn += 1) {
      const subscription = plane.subscription(conn);
      if (subscription !== null) subscriptions.set(conn, subscription);
    }
    const occupants: (AgentIdentity | null)[] = Array.from({ length: this.#world.capacity }, () => null);
    for (const session of sessions.values()) if (session.slot !== null) occupants[session.slot] = session.identity;
    const leased = new Set([...sessions.values()].filter((s) => s.leased).map((s) => identityKey(s.identity)));
    return { sessions, recency, selection: plane.selection(), subscriptions, available: plane.availableActions(), revision: plane.revision, occupants, leased };
  }

  /** Checks one step and returns the state after it, which is the next step's `before`. */
  verify(before: Before, op: ConcreteOp, result: StepResult, now: number): Before {
    const after = this.capture();
    this.#count(before, after, op, result);
    this.#structure(after);
    this.#slotsStayPut(before, after, op);
    this.#refillOrder(before, after, op);
    this.#evictionVictim(before, after, op);
    this.#selectionRules(before, after, op, result);
    this.#revisionRules(before, after, op, result);
    this.#recencyRules(before, after, op, result);
    this.#dispatchRules(before, op, result, now);
    this.#stateRules(before, after, op, result, now);
    this.#forgetEnded(after);
    return after;
  }

  #tally(event: TraceEvent): void {
    this.events.set(event, (this.events.get(event) ?? 0) + 1);
  }

  /** Tallies interesting events so a test can prove the generator reaches them. */
  #count(before: Before, after: Before, op: ConcreteOp, result: StepResult): void {
    const tally = (event: TraceEvent): void => this.#tally(event);
    tally(`op:${op.kind}`);
    for (const [key, previous] of before.sessions) {
      const current = after.sessions.get(key);
      if (current?.identity !== previous.identity) tally(op.kind === 'tick' ? 'expired' : 'ended');
      else if (previous.slot !== null && current.slot === null) tally('evicted');
      else if (previous.slot === null && current.slot !== null) tally('promoted');
    }
    if (after.sessions.size > 0 && [...after.sessions.values()].every((s) => s.slot !== null) === false) tally('overflow');
    if (result.kind === 'dispatch') tally(result.value === null ? 'press refused' : 'press delivered');
    if (result.kind === 'preview' && !result.value.ok) tally('preview conflict');
    if ((op.kind === 'update' || op.kind === 'bindState') && result.kind === 'session' && result.value?.state !== op.state) tally('coerced');
    if (before.selection === null && after.selection !== null && op.kind !== 'select') tally('auto-selected');
    if (
      op.kind === 'tick' &&
      [...before.sessions.values()].some((s) => TERMINAL_STATES.has(s.state) && after.sessions.get(identityKey(s.identity))?.state === 'waiting_for_reply')
    )
      tally('reverted');
  }

  #structure(after: Before): void {
    const plane = this.#plane;
    const violations = plane.invariantViolations();
    check(violations.length === 0, `invariants: ${violations.join('; ')}`);
    const sessions = [...after.sessions.values()];
    const visible = sessions.filter((s) => s.slot !== null);
    check(visible.length <= plane.selectorCapacity, 'visible > capacity');
    check(new Set(visible.map((s) => s.slot)).size === visible.length, 'slots not distinct');
    const accents = visible.map((s) => s.accent);
    check(
      new Set(accents).size === accents.length && accents.every((a) => a !== null && plane.accentNames.includes(a)),
      `visible accents ${accents.join(',')}`,
    );
    check(plane.overflowCount() === sessions.length - visible.length, 'overflowCount mismatch');
    check(plane.overflowCount() === 0 || visible.length === plane.selectorCapacity, 'overflow with an empty slot');
    const selected = sessions.filter((s) => s.selected);
    check(selected.length === (after.selection === null ? 0 : 1), 'selected flags disagree with selection');
    check(after.selection === null || (selected[0]?.identity === after.selection && selected[0].slot !== null), 'selection not visible');
    for (const subscription of after.subscriptions.values()) {
      check(after.sessions.get(identityKey(subscription.identity))?.identity === subscription.identity, 'subscription targets an unregistered identity');
    }
    check(plane.attentionRequired() === sessions.some((s) => ATTENTION_STATES.has(s.state)), 'attention predicate');
    this.#availability(after);
    const view = plane.surfaceView(7, true);
    check(view.sessions.length === visible.length && view.overflowCount === plane.overflowCount(), 'view counts');
    check(view.selectedState === (plane.previewState() ?? plane.selectedSessionState()), 'view selected state');
    check(view.activityMotion === !plane.previewActive(), 'view activity motion');
    check(
      view.sessions.every((indicator, index) => indicator.slot === visible[index]?.slot && indicator.accent === visible[index].accent),
      'view indicators',
    );
  }

  #availability(after: Before): void {
    const plane = this.#plane;
    const selected = after.selection === null ? null : after.sessions.get(identityKey(after.selection));
    const expected = new Set<ControlAction>();
    if (!plane.previewActive() && selected) {
      for (const subscription of after.subscriptions.values()) {
        if (subscription.identity !== selected.identity) continue;
        for (const action of subscription.actions) if (isActionPermitted(action, selected.state)) expected.add(action);
      }
    }
    const actual = plane.availableActions();
    check(
      CONTROL_ACTIONS.every((action) => actual.has(action) === expected.has(action)),
      'available actions',
    );
  }

  /**
   * A visible session never changes slot while it stays visible; a protected
   * one is never evicted. A lease step may evict (ensure) and then refill
   * (ending the previous binding) in one go, so there an unprotected session
   * can legitimately leave and come back in another slot.
   */
  #slotsStayPut(before: Before, after: Before, op: ConcreteOp): void {
    const evictsAndRefills = op.kind === 'register' || op.kind === 'bindState';
    for (const [key, previous] of before.sessions) {
      if (previous.slot === null) continue;
      const current = after.sessions.get(key);
      if (current === undefined || current.identity !== previous.identity) continue;
      const stayed = current.slot === null || current.slot === previous.slot;
      check(stayed || evictsAndRefills, `${key} moved from slot ${previous.slot} to ${current.slot}`);
      const isProtected = previous.selected || previous.state === 'waiting_for_approval';
      check(!isProtected || current.slot === previous.slot, `protected ${key} was evicted`);
    }
  }

  /** An update or subscribe evicts at most one session: the least recently active unprotected one (§9). */
  #evictionVictim(before: Before, after: Before, op: ConcreteOp): void {
    if (op.kind !== 'update' && op.kind !== 'subscribe') return;
    const evicted = [...before.sessions.values()].filter((s) => s.slot !== null && after.sessions.get(identityKey(s.identity))?.slot === null);
    check(evicted.length <= 1, `${op.kind} evicted ${evicted.length} sessions`);
    const victim = evicted[0];
    if (victim === undefined) return;
    const lastSeen = (s: SessionSnapshot): number => before.recency.get(identityKey(s.identity))!.lastSeen;
    const candidates = [...before.sessions.values()].filter((s) => s.slot !== null && !s.selected && s.state !== 'waiting_for_approval');
    check(
      candidates.every((s) => lastSeen(victim) <= lastSeen(s)),
      `evicted ${identityKey(victim.identity)} is not the least recently active`,
    );
  }

  /** Ends promote approval-waiting overflow sessions first, then the most recent ones (§8). */
  #refillOrder(before: Before, after: Before, op: ConcreteOp): void {
    if (op.kind !== 'end' && op.kind !== 'disconnect' && op.kind !== 'tick') return;
    const rank = (session: SessionSnapshot): [number, number] => [
      session.state === 'waiting_for_approval' ? 1 : 0,
      after.recency.get(identityKey(session.identity))!.lastSeen,
    ];
    const outranks = (a: [number, number], b: [number, number]): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
    const wasOverflow = [...before.sessions.values()].filter((s) => s.slot === null);
    const survivors = wasOverflow.map((s) => after.sessions.get(identityKey(s.identity))).filter((s) => s !== undefined);
    const promoted = survivors.filter((s) => s.slot !== null);
    const left = survivors.filter((s) => s.slot === null);
    for (const up of promoted) {
      for (const down of left) check(outranks(rank(up), rank(down)), `refill promoted ${identityKey(up.identity)} over ${identityKey(down.identity)}`);
    }
  }

  #selectionRules(before: Before, after: Before, op: ConcreteOp, result: StepResult): void {
    if (after.selection === before.selection) return;
    if (op.kind === 'select' && result.kind === 'boolean' && result.value) {
      check(after.selection === before.occupants[op.slot], 'select chose another session');
      return;
    }
    const oldEnded = before.selection === null || after.sessions.get(identityKey(before.selection))?.identity !== before.selection;
    check(oldEnded, `selection changed by ${op.kind} without ending the selected session`);
    if (after.selection === null) return;
    const created = before.sessions.get(identityKey(after.selection))?.identity !== after.selection;
    check(created && after.sessions.size === 1, `selection moved to a session that was not auto-selected (${op.kind})`);
  }

  #revisionRules(before: Before, after: Before, op: ConcreteOp, result: StepResult): void {
    const delta = after.revision - before.revision;
    const changedBy = (value: boolean): number => (value ? 1 : 0);
    let expected: number;
    switch (op.kind) {
      case 'update':
      case 'subscribe':
      case 'register':
        expected = 1;
        break;
      case 'bindState':
        expected = 2;
        break;
      case 'dispatch':
        expected = changedBy(result.kind === 'dispatch' && result.value !== null);
        break;
      case 'preview':
        expected = changedBy(result.kind === 'preview' && result.value.ok);
        break;
      default:
        expected = changedBy(result.kind === 'boolean' && result.value);
    }
    check(delta === expected, `${op.kind} changed the revision by ${delta}, expected ${expected}`);
  }

  #recencyRules(before: Before, after: Before, op: ConcreteOp, result: StepResult): void {
    const bumped = (identity: AgentIdentity): void => {
      const key = identityKey(identity);
      const mine = after.recency.get(key)!.lastSeen;
      for (const [other, recency] of after.recency) check(other === key || recency.lastSeen < mine, `${op.kind} did not make ${key} the most recent`);
    };
    if (op.kind === 'update' || op.kind === 'bindState' || op.kind === 'subscribe') bumped(who(op.who));
    if (op.kind === 'select' && result.kind === 'boolean' && result.value) bumped(before.occupants[op.slot]!);
    if (op.kind === 'dispatch' && result.kind === 'dispatch' && result.value !== null) bumped(result.value.identity);
    if (
      op.kind === 'tick' ||
      op.kind === 'end' ||
      op.kind === 'disconnect' ||
      op.kind === 'preview' ||
      op.kind === 'endPreview' ||
      (op.kind === 'dispatch' && result.kind === 'dispatch' && result.value === null)
    ) {
      for (const [key, recency] of after.recency) {
        const previous = before.recency.get(key);
        check(
          previous !== undefined && previous.lastSeen === recency.lastSeen && previous.lastActivityAt === recency.lastActivityAt,
          `${op.kind} touched the recency of ${key}`,
        );
      }
    }
  }

  #dispatchRules(before: Before, op: ConcreteOp, result: StepResult, now: number): void {
    if (op.kind !== 'dispatch' || result.kind !== 'dispatch') return;
    const sent = result.value;
    const selection = before.selection;
    const last = selection === null ? undefined : this.#deliveries.get(selection)?.get(op.action);
    const debounced = this.#params.actionDebounce > 0 && last !== undefined && now - last < this.#params.actionDebounce;
    const shouldSend = selection !== null && before.available.has(op.action) && !debounced;
    if (before.available.has(op.action) && debounced) this.#tally('press debounced');
    check((sent !== null) === shouldSend, `dispatch ${op.action}: sent=${sent !== null}, expected ${shouldSend}`);
    if (sent === null || selection === null) return;
    const recipients = [...before.subscriptions.entries()]
      .filter(([, s]) => s.identity === selection && s.actions.has(op.action))
      .sort(([, a], [, b]) => Number(a.requestId === null) - Number(b.requestId === null) || a.subscribedAt - b.subscribedAt);
    const [connection, subscription] = recipients[0]!;
    check(sent.connection === connection && sent.identity === selection && sent.requestId === subscription.requestId, 'dispatch recipient');
    if (subscription.oneShot) check(this.#plane.subscription(connection)?.actions.size === 0, 'one-shot recipient kept its actions');
    const perAction = this.#deliveries.get(selection) ?? new Map<ControlAction, number>();
    perAction.set(op.action, now);
    this.#deliveries.set(selection, perAction);
  }

  #stateRules(before: Before, after: Before, op: ConcreteOp, result: StepResult, now: number): void {
    if ((op.kind === 'update' || op.kind === 'bindState') && result.kind === 'session' && result.value !== null) {
      const pending = [...before.subscriptions.values()].some(
        (s) => identityKey(s.identity) === identityKey(who(op.who)) && s.requestId !== null && [...s.actions].some((a) => APPROVAL_ACTIONS.has(a)),
      );
      const expected = op.state !== 'waiting_for_approval' && pending ? 'waiting_for_approval' : op.state;
      check(result.value.state === expected, `update effective state ${result.value.state}, expected ${expected}`);
      if (TERMINAL_STATES.has(expected)) this.#deadlines.set(result.value.identity, now + this.#params.terminalHold);
      else this.#deadlines.delete(result.value.identity);
    }
    if (op.kind !== 'tick') return;
    for (const session of after.sessions.values()) {
      const deadline = this.#deadlines.get(session.identity);
      if (deadline !== undefined && now >= deadline) {
        check(session.state === 'waiting_for_reply', `terminal hold of ${identityKey(session.identity)} did not revert`);
        this.#deadlines.delete(session.identity);
      }
      check(!TERMINAL_STATES.has(session.state) || (deadline !== undefined && now < deadline), 'terminal state without a running hold');
      const ttl = this.#params.sessionTtl;
      const idle = now - this.#plane.recency(session.identity)!.lastActivityAt;
      check(ttl === 0 || session.leased || idle < ttl, `${identityKey(session.identity)} outlived its ttl`);
    }
    for (const [key, previous] of before.sessions) {
      if (after.sessions.get(key)?.identity === previous.identity) continue;
      const idle = now - before.recency.get(key)!.lastActivityAt;
      check(this.#params.sessionTtl > 0 && !before.leased.has(key) && idle >= this.#params.sessionTtl, `tick removed ${key} without expiry`);
    }
  }

  /** Ended incarnations leave the models, as the plane forgets their debounce entries. */
  #forgetEnded(after: Before): void {
    const alive = (identity: AgentIdentity): boolean => after.sessions.get(identityKey(identity))?.identity === identity;
    for (const identity of [...this.#deliveries.keys()]) if (!alive(identity)) this.#deliveries.delete(identity);
    for (const identity of [...this.#deadlines.keys()]) if (!alive(identity)) this.#deadlines.delete(identity);
  }
}
