import {
  ATTENTION_STATES,
  LISTED_OVERFLOW,
  type ApprovalPrompt,
  type Question,
  type SurfacePrompt,
  TERMINAL_STATES,
  REMOTE_HOST_METADATA_KEY,
  identityKey,
  inHostNamespace,
  type AgentIdentity,
  type AgentState,
  type ControlAction,
  type ApproveHoldView,
  type ExperienceBlock,
  type NoticeKind,
  type SurfaceView,
} from '../../domain/index.js';
import { GuardedAccentStore } from './accents.js';
import { resolveConfig, type ControlPlaneConfig, type ResolvedConfig } from './config.js';
import { DebounceTable } from './debounce.js';
import { invariantViolations } from './invariants.js';
import { ageSessions, bindSession, nextAgingAt, endSession, releaseLease, type PlaneTables } from './lifecycle.js';
import { LeaseTable } from './leases.js';
import { ApproveHold, type Hold } from './approve-hold.js';
import { NoticeTable } from './notices.js';
import { PreviewSlot } from './preview.js';
import { pressOption, QuestionTable } from './questions.js';
import { RelayLinks } from './relay-links.js';
import { Registry } from './registry.js';
import { hasEntries, mergeMetadata, type SessionRecord } from './session-record.js';
import { buildSurfaceView, snapshotOf } from './snapshot.js';
import { disableOneShot, SubscriptionTable } from './subscriptions.js';
import type {
  ActionPress,
  ActionRelease,
  AgentSelection,
  AnswerDispatch,
  ConnectionId,
  DispatchedAction,
  PressDispatch,
  PreviewResult,
  SessionSnapshot,
  SubscriptionSnapshot,
} from './types.js';

/**
 * The pure, synchronous control plane (control-plane.md). It never reads a
 * clock (`now` is monotonic seconds from the caller) and performs no I/O
 * except guarded accent-store calls. `revision` changes exactly per §5.
 */
export class ControlPlane {
  readonly #config: ResolvedConfig;
  readonly #registry: Registry;
  readonly #subscriptions = new SubscriptionTable();
  readonly #leases = new LeaseTable();
  readonly #debounce: DebounceTable;
  readonly #preview = new PreviewSlot();
  readonly #questions = new QuestionTable();
  readonly #notices = new NoticeTable();
  readonly #hold: ApproveHold;
  readonly #relays = new RelayLinks();
  readonly #tables: PlaneTables;
  #revision = 0;

  /** Throws RangeError on an invalid configuration (§1). */
  constructor(config: ControlPlaneConfig) {
    this.#config = resolveConfig(config);
    const store = new GuardedAccentStore(this.#config.accentStore);
    this.#registry = new Registry(this.#config.selectorCapacity, this.#config.accentNames, store);
    this.#debounce = new DebounceTable(this.#config.actionDebounce);
    this.#hold = new ApproveHold(this.#config.approveHold);
    this.#tables = {
      registry: this.#registry,
      subscriptions: this.#subscriptions,
      leases: this.#leases,
      debounce: this.#debounce,
      questions: this.#questions,
      notices: this.#notices,
    };
  }

  get revision(): number {
    return this.#revision;
  }
  get selectorCapacity(): number {
    return this.#config.selectorCapacity;
  }
  get accentNames(): readonly string[] {
    return this.#config.accentNames;
  }
  get terminalHold(): number {
    return this.#config.terminalHold;
  }
  get actionDebounce(): number {
    return this.#config.actionDebounce;
  }
  get sessionTtl(): number {
    return this.#config.sessionTtl;
  }
  get approveHold(): number {
    return this.#config.approveHold;
  }

  /**
   * §7.1: a state report; the effective state may be coerced by a pending
   * approval (§7.2). Extension: while one of the agent's questions is open
   * and no approval is pending, `waiting_for_approval` stays
   * `waiting_for_reply`, whatever notification or hook order reported it (a
   * question never looks like an approval).
   */
  update(identity: AgentIdentity, state: AgentState, now: number, metadata: Readonly<Record<string, string>> = {}): SessionSnapshot {
    const record = this.#registry.ensure(identity, now);
    this.#registry.bump(record, now);
    const pending = this.#subscriptions.hasPendingApproval(record.key);
    record.approvalHeldByQuestion = state === 'waiting_for_approval' && !pending && this.#questions.shownFor(record.key) !== null;
    const effective: AgentState = pending ? 'waiting_for_approval' : record.approvalHeldByQuestion ? 'waiting_for_reply' : state;
    if (effective !== record.state) this.#notices.stateChanged(record.key);
    record.state = effective;
    if (hasEntries(metadata)) mergeMetadata(record, metadata);
    record.terminalStateUntil = TERMINAL_STATES.has(effective) ? now + this.#config.terminalHold : null;
    if (record.slot === null) this.#registry.assignSlot(record);
    this.#revision += 1;
    return this.#snapshot(record);
  }

  /** §8: `session_end`; false (and no revision change) when the identity is unknown. */
  end(identity: AgentIdentity): boolean {
    const ended = endSession(this.#tables, identityKey(identity));
    if (ended) this.#revision += 1;
    return ended;
  }

  /** §16.3: Agent Scene press. */
  selectSlot(slot: number, now: number): boolean {
    const selected = this.#registry.selectSlot(slot, now);
    if (selected) this.#revision += 1;
    return selected;
  }

  /** §12.1: replaces the connection's subscription; may create (never promote) the session. */
  subscribe(
    connection: ConnectionId,
    identity: AgentIdentity,
    actions: Iterable<ControlAction>,
    requestId: string | null,
    oneShot: boolean,
    now: number,
  ): void {
    const record = this.#registry.ensure(identity, now);
    this.#registry.bump(record, now);
    this.#tagRemote(connection, record);
    this.#subscriptions.set({
      connection,
      key: record.key,
      actions: new Set(actions),
      requestId,
      oneShot,
      subscribedAt: this.#registry.sequence,
      details: null,
    });
    // The approval an open question held back (see update) now has its waiter: show it as reported.
    if (record.approvalHeldByQuestion && this.#subscriptions.hasPendingApproval(record.key)) {
      record.state = 'waiting_for_approval';
      record.approvalHeldByQuestion = false;
      record.terminalStateUntil = null;
    }
    this.#revision += 1;
  }

  /**
   * Extension `notice`: what the agent tells its user beyond a state (already
   * sanitized by the caller); replaces the session's earlier notice. May
   * create (never promote) the session, like a subscription.
   */
  notify(identity: AgentIdentity, notice: NoticeKind, tool: string, description: string, now: number): void {
    const record = this.#registry.ensure(identity, now);
    this.#registry.bump(record, now);
    this.#notices.post(record.key, Object.freeze({ kind: 'notice', notice, tool, description }), now);
    this.#revision += 1;
  }

  /**
   * Extension `approval_details`: attaches a description (already sanitized
   * and classified by the caller) to the connection's subscription for that
   * identity and request id. False, and nothing changes, when there is none.
   */
  describeApproval(connection: ConnectionId, identity: AgentIdentity, requestId: string, details: ApprovalPrompt): boolean {
    const subscription = this.#subscriptions.get(connection);
    if (subscription === null || subscription.key !== identityKey(identity) || subscription.requestId !== requestId) return false;
    subscription.details = details;
    this.#revision += 1;
    return true;
  }

  /**
   * Extension `question`: registers (or replaces) the connection's question
   * request for the identity; may create (never promote) the session, like a
   * subscription. Returns the request's ref. The caller has checked that the
   * connection may speak for the identity (mayActFor).
   */
  ask(connection: ConnectionId, identity: AgentIdentity, requestId: string, questions: readonly Question[], now: number): number {
    const record = this.#registry.ensure(identity, now);
    this.#registry.bump(record, now);
    this.#tagRemote(connection, record);
    const ref = this.#questions.ask(connection, record.key, requestId, questions, this.#registry.sequence);
    this.#revision += 1;
    return ref;
  }

  /**
   * An option press as a surface showed it, on question `question` of request
   * `ref`: answers a single-choice question with `option`, once; on a
   * multi-select question toggles `option`, and the Send pad (sendPadIndex)
   * answers with every option toggled on. The first answer wins; the request
   * leaves the pad when its last question is answered (its connection may
   * stay open). No side effects when refused.
   */
  answer(ref: number, question: number, option: number, now: number): AnswerDispatch {
    const request = this.#questions.byRef(ref);
    const record = request === null ? null : this.#registry.getByKey(request.key);
    if (request === null || record === null || request.questions[question] === undefined) return { ok: false, reason: 'gone' };
    const press = pressOption(request, question, option);
    if (press.kind === 'refused') return { ok: false, reason: press.reason };
    this.#registry.bump(record, now);
    this.#revision += 1;
    if (press.kind === 'toggle') return { ok: true, toggled: Object.freeze({ question, option, selected: press.selected }) };
    return {
      ok: true,
      answered: Object.freeze({
        connection: request.connection,
        identity: record.identity,
        requestId: request.requestId,
        question,
        option: press.option,
        options: press.options,
      }),
    };
  }

  /**
   * Extension `relay`: the connection relays remote host `host` from now on
   * and may speak only for that host's agents (mayActFor); while `live` is
   * false its subscriptions are not offered, so a press is not promised to a
   * link that cannot deliver it. False when it already relays another host.
   */
  relay(connection: ConnectionId, host: string, live: boolean): boolean {
    if (this.#relays.hostOf(connection) === host && this.#relays.delivers(connection) === live) return true;
    if (!this.#relays.set(connection, host, live)) return false;
    this.#revision += 1;
    return true;
  }

  /** The remote host a connection relays, or null for a local client. */
  relayedHost(connection: ConnectionId): string | null {
    return this.#relays.hostOf(connection);
  }

  /** A local client may speak for anyone; a relayed one only for ids (backends, lease ids) in its host's namespace. */
  mayActFor(connection: ConnectionId, id: string): boolean {
    const host = this.#relays.hostOf(connection);
    return host === null || inHostNamespace(id, host);
  }

  /** A session a relayed connection makes or joins says which host it runs on, even before a `state` names it. */
  #tagRemote(connection: ConnectionId, record: SessionRecord): void {
    const host = this.#relays.hostOf(connection);
    if (host !== null && record.metadata.get(REMOTE_HOST_METADATA_KEY) !== host) mergeMetadata(record, { [REMOTE_HOST_METADATA_KEY]: host });
  }

  /** §11.2: `session_lease`; returns the resolved session for the ack, or null. Always bumps the revision. */
  registerLease(
    connection: ConnectionId,
    leaseId: string,
    agent: AgentIdentity | null,
    metadata: Readonly<Record<string, string>>,
    now: number,
  ): SessionSnapshot | null {
    const held = this.#leases.leaseOf(connection);
    if (held !== null && held !== leaseId) releaseLease(this.#tables, held, connection);
    this.#leases.take(connection, leaseId, metadata);
    let record: SessionRecord | null = null;
    if (agent !== null) {
      record = bindSession(this.#tables, leaseId, agent, this.#leases.metadataOf(leaseId), now);
    } else {
      const bound = this.#leases.boundIdentity(leaseId);
      record = bound === null ? null : this.#registry.get(bound);
      if (record !== null && hasEntries(metadata)) {
        mergeMetadata(record, metadata);
        record.lastActivityAt = now;
      }
    }
    this.#revision += 1;
    return record === null ? null : this.#snapshot(record);
  }

  /**
   * §11.3 as triggered by a `state` carrying `lease_id`: bumps the revision and
   * returns the session (state before the update) and the lease owner to notify.
   */
  bindLease(
    leaseId: string,
    identity: AgentIdentity,
    metadata: Readonly<Record<string, string>>,
    now: number,
  ): { session: SessionSnapshot; owner: ConnectionId | null } {
    const record = bindSession(this.#tables, leaseId, identity, metadata, now);
    this.#revision += 1;
    return { session: this.#snapshot(record), owner: this.#leases.ownerOf(leaseId) };
  }

  /** §11.5: drops the connection's subscription, owned lease and preview. */
  disconnect(connection: ConnectionId): boolean {
    let changed = this.#subscriptions.removeConnection(connection);
    changed = this.#questions.removeConnection(connection) || changed;
    const held = this.#leases.leaseOf(connection);
    if (held !== null && this.#leases.ownerOf(held) === connection) changed = releaseLease(this.#tables, held, connection) || changed;
    changed = this.#preview.dropConnection(connection) || changed;
    changed = this.#relays.remove(connection) || changed;
    if (changed) this.#revision += 1;
    return changed;
  }

  /** §12.3: a surface press; the one recipient, or null when any gate fails (no side effects then). */
  dispatch(action: ControlAction, now: number): DispatchedAction | null {
    const press = this.dispatchPress(action, now);
    return press.ok ? press.dispatched : null;
  }

  /** §12.3 with the first failing gate named, so a surface can say why nothing happened. Same effects as `dispatch`. */
  dispatchPress(action: ControlAction, now: number): PressDispatch {
    const selected = this.#registry.selected();
    if (selected === null) return { ok: false, reason: 'no_selection' };
    // Availability implies a recipient exists: it is the union of the subscribers' actions.
    const recipient = this.availableActions().has(action) ? this.#subscriptions.recipients(selected.key, action, this.#delivers)[0] : undefined;
    if (recipient === undefined) return { ok: false, reason: this.#onlyStalled(selected, action) ? 'not_delivered' : 'nothing_waiting' };
    if (!this.#debounce.allows(selected.key, action, now)) return { ok: false, reason: 'too_soon' };
    this.#debounce.record(selected.key, action, now);
    this.#registry.bump(selected, now);
    const requestId = recipient.requestId;
    if (recipient.oneShot) disableOneShot(recipient);
    this.#revision += 1;
    return { ok: true, dispatched: Object.freeze({ connection: recipient.connection, identity: selected.identity, action, requestId }) };
  }

  /**
   * A surface's action press: `dispatchPress`, except that Approve for a
   * destructive command (its described tier) only starts a hold when
   * `approveHold` is on; its release decides (`releaseAction`), and
   * `settleHold` ends one that cannot go on.
   */
  pressAction(action: ControlAction, now: number): ActionPress {
    const selected = this.#registry.selected();
    const recipient = selected === null || action !== 'approve' ? undefined : this.#subscriptions.recipients(selected.key, 'approve')[0];
    if (this.#config.approveHold === 0 || recipient === undefined || !this.availableActions().has('approve')) return this.dispatchPress(action, now);
    if (this.#subscriptions.approvalDetails(selected!.key)?.tier !== 'destructive') return this.dispatchPress(action, now);
    this.#hold.start(selected!.key, recipient.requestId, now);
    this.#revision += 1;
    return { ok: 'holding' };
  }

  /** A surface let go of an action pad: ends a running hold, too soon (nothing sent) or complete (dispatched). */
  releaseAction(action: ControlAction, now: number): ActionRelease {
    if (action !== 'approve') return { kind: 'none' };
    const released = this.#hold.release(now);
    if (released.kind === 'none') return released;
    this.#revision += 1;
    if (released.kind === 'short') return { kind: 'short', heldFor: released.heldFor, required: this.#config.approveHold };
    return { kind: 'complete', press: this.#dispatchHeld(released.hold, now) };
  }

  /**
   * Ends a hold that cannot go on, approving nothing: its request went away
   * (answered elsewhere, another agent selected), or no release came within
   * HOLD_RELEASE_LIMIT (a click that cannot hold). Null while nothing is held
   * or the hold runs on. The runtime asks every loop.
   */
  settleHold(now: number): Exclude<PressDispatch, { ok: true }> | null {
    const hold = this.#hold.current;
    if (hold === null) return null;
    const selected = this.#registry.selected();
    const recipient = selected?.key === hold.key ? this.#subscriptions.recipients(hold.key, 'approve')[0] : undefined;
    const gone = recipient?.requestId !== hold.requestId || !this.availableActions().has('approve');
    if (gone) this.#hold.cancel();
    else if (!this.#hold.expire(now)) return null;
    this.#revision += 1;
    return { ok: false, reason: gone ? 'nothing_waiting' : 'hold_required' };
  }

  /** A completed hold delivers Approve only to the request it was held for. */
  #dispatchHeld(hold: Hold, now: number): PressDispatch {
    const selected = this.#registry.selected();
    const recipient = selected?.key === hold.key ? this.#subscriptions.recipients(hold.key, 'approve')[0] : undefined;
    return recipient?.requestId === hold.requestId ? this.dispatchPress('approve', now) : { ok: false, reason: 'nothing_waiting' };
  }

  /**
   * Selects the agent a surface names by its opaque ref (SurfaceView.overflow),
   * visible or not; one without a Scene takes one first (Registry.selectRecord),
   * so the selection stays on a visible agent and a press still reaches exactly
   * one. Bumps the revision on success, like `selectSlot`.
   */
  selectAgent(ref: number, now: number): AgentSelection {
    const record = this.#registry.getBySerial(ref);
    if (record === null) return { ok: false, reason: 'gone' };
    if (!this.#registry.selectRecord(record, now)) return { ok: false, reason: 'no_room' };
    this.#revision += 1;
    return { ok: true, slot: record.slot! };
  }

  /** §13: `expiresAt` = now + a ttl the wire layer validated (0 < ttl ≤ 30). */
  setPreview(connection: ConnectionId, previewId: string, state: AgentState, expiresAt: number): PreviewResult {
    const result = this.#preview.set(connection, previewId, state, expiresAt);
    if (result.ok) this.#revision += 1;
    return result;
  }

  /** §13: false means `preview_not_owned` (PREVIEW_NOT_OWNED_MESSAGE). */
  endPreview(connection: ConnectionId, previewId: string): boolean {
    const ended = this.#preview.end(connection, previewId);
    if (ended) this.#revision += 1;
    return ended;
  }

  /** §17.3: preview expiry, terminal reverts, TTL expiry; one revision bump if anything changed. */
  tick(now: number): boolean {
    const previewExpired = this.#preview.expire(now);
    const noticeExpired = this.#notices.expire(now);
    const holdStepped = this.#hold.stepped(now);
    const changed = ageSessions(this.#tables, now, this.#config.sessionTtl) || previewExpired || noticeExpired || holdStepped;
    if (changed) this.#revision += 1;
    return changed;
  }

  /**
   * When `tick` will next change something by itself (a preview, a notice,
   * a terminal state or an idle session runs out), in the clock's seconds;
   * Infinity while only input can. A running hold is not counted: it moves
   * every tick while it lasts (`holding`).
   */
  nextDeadline(): number {
    return Math.min(this.#preview.expiresAt, this.#notices.nextExpiry(), nextAgingAt(this.#tables, this.#config.sessionTtl));
  }

  /** True while Approve is held (hold to approve): its fill rises, and a missing release must end it, with time alone. */
  get holding(): boolean {
    return this.#hold.current !== null;
  }

  /** §12.2: actions of the selected identity's subscribers that its state permits; empty under a preview; none of a stalled remote link. */
  availableActions(): ReadonlySet<ControlAction> {
    const selected = this.#registry.selected();
    if (this.#preview.current !== null || selected === null) return new Set();
    return this.#subscriptions.available(selected.key, selected.state, this.#delivers);
  }

  readonly #delivers = (connection: ConnectionId): boolean => this.#relays.delivers(connection);

  /** The action would be offered but for stalled remote links: the press is then refused as not delivered, not as "nothing waiting". */
  #onlyStalled(selected: SessionRecord, action: ControlAction): boolean {
    return this.#preview.current === null && this.#subscriptions.available(selected.key, selected.state).has(action);
  }

  /** §17.7: `frame` is the runtime counter before increment; `activityMotion` the runtime option. */
  surfaceView(frame: number, activityMotion: boolean): SurfaceView {
    const overflowCount = this.overflowCount();
    return buildSurfaceView({
      previewState: this.previewState(),
      selected: this.#registry.selected(),
      visible: this.#registry.visible(),
      accentNames: this.#config.accentNames,
      availableActions: this.availableActions(),
      overflowCount,
      // Renders are frequent: no list is built while every agent has a Scene, and a long overflow is not sorted whole.
      overflow: overflowCount === 0 ? [] : this.#registry.nextInLine(LISTED_OVERFLOW),
      frame,
      activityMotion,
      prompt: this.#selectedPrompt(),
      hold: this.#shownHold(),
      experienceBlock: this.experienceBlock(),
    });
  }

  /** The fill of a hold on the selected agent's approval, as far as the last tick saw it. */
  #shownHold(): ApproveHoldView | null {
    const hold = this.#hold.current;
    return hold === null || this.#registry.selected()?.key !== hold.key ? null : { filled: this.#hold.shownStep };
  }

  /**
   * What the selected agent asks (none under a preview): its oldest open
   * question, else the described approval a press would answer, else its
   * notice.
   */
  #selectedPrompt(): SurfacePrompt | null {
    const selected = this.#registry.selected();
    if (selected === null || this.#preview.current !== null) return null;
    const request = this.#questions.shownFor(selected.key);
    if (request !== null) {
      const questionIndex = request.answered.indexOf(false);
      return Object.freeze({
        kind: 'question',
        ref: request.ref,
        questionIndex,
        questionCount: request.questions.length,
        question: request.questions[questionIndex]!,
        selected: Object.freeze([...request.toggled[questionIndex]!].sort((a, b) => a - b)),
      });
    }
    const approval = selected.state === 'waiting_for_approval' ? this.#subscriptions.approvalDetails(selected.key) : null;
    return approval ?? this.#notices.shownFor(selected.key);
  }

  /** Status order (§18): visible by ascending slot, then overflow by ascending recency. */
  sessions(): SessionSnapshot[] {
    return [...this.#registry.visible(), ...this.#registry.overflow()].map((record) => this.#snapshot(record));
  }

  session(identity: AgentIdentity): SessionSnapshot | null {
    const record = this.#registry.get(identity);
    return record === null ? null : this.#snapshot(record);
  }

  selection(): AgentIdentity | null {
    return this.#registry.selected()?.identity ?? null;
  }

  selectedSessionState(): AgentState | null {
    return this.#registry.selected()?.state ?? null;
  }

  overflowCount(): number {
    return this.#registry.size - this.#registry.visible().length;
  }

  previewActive(): boolean {
    return this.#preview.current !== null;
  }

  previewState(): AgentState | null {
    return this.#preview.current?.state ?? null;
  }

  /** §17.4: some session, visible or not, waits for a reply or an approval. */
  attentionRequired(): boolean {
    return this.#registry.all().some((record) => ATTENTION_STATES.has(record.state));
  }

  /** The sessions that require attention (waiting for an approval or a reply), for saying whom a refused Demo or Show waited for. */
  attentionSessions(): SessionSnapshot[] {
    return this.#registry
      .all()
      .filter((record) => ATTENTION_STATES.has(record.state))
      .map((record) => this.#snapshot(record));
  }

  /** Why a Demo or Show start would be refused now, or null: the one decision the runtime acts on and surfaces show. */
  experienceBlock(): ExperienceBlock | null {
    return this.attentionRequired() ? 'agent_attention_required' : null;
  }

  /** Recency values of one session (§4), for diagnostics and tests; null when unregistered. */
  recency(identity: AgentIdentity): { readonly lastSeen: number; readonly lastActivityAt: number } | null {
    const record = this.#registry.get(identity);
    return record === null ? null : Object.freeze({ lastSeen: record.lastSeen, lastActivityAt: record.lastActivityAt });
  }

  /** A copy of the connection's subscription, or null; the surface never needs it, diagnostics do. */
  subscription(connection: ConnectionId): SubscriptionSnapshot | null {
    const subscription = this.#subscriptions.get(connection);
    if (subscription === null) return null;
    const record = this.#registry.getByKey(subscription.key);
    if (record === null) return null;
    return Object.freeze({
      identity: record.identity,
      actions: new Set(subscription.actions),
      requestId: subscription.requestId,
      oneShot: subscription.oneShot,
      subscribedAt: subscription.subscribedAt,
    });
  }

  /** The §19 invariants that do not hold right now (empty when healthy); a diagnostic self-check. */
  invariantViolations(): string[] {
    return invariantViolations({
      registry: this.#registry,
      subscriptions: this.#subscriptions,
      leases: this.#leases,
      capacity: this.#config.selectorCapacity,
      accentNames: this.#config.accentNames,
    });
  }

  #snapshot(record: SessionRecord): SessionSnapshot {
    return snapshotOf(record, this.#registry.isSelected(record), this.#leases.isLeased(record.key));
  }
}
