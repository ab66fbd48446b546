import type { AgentIdentity, ControlAction, ExperienceKind, PressReceipt, PressTarget, SurfaceEvent, SurfaceSet } from '../../domain/index.js';
import type { AudioCueEvent, ConnectionId, ControlPlane, PressDispatch } from '../control-plane/index.js';
import { decodeClientLine, type AsciiLine, type StatusReport } from '../../wire/index.js';
import { AudioFeedback, type EarconSink } from './audio-feedback.js';
import type { MonotonicClock } from './clock.js';
import { ATTENTION_BLOCK_REASON, NO_EXPERIENCES, type ExperienceController } from './experience.js';
import { SILENT_LOGGER, describeError, type DaemonLogger } from './logger.js';
import { handleClientMessage, type MessageContext } from './message-handler.js';
import { sendNotification, sendReply, type Outbox } from './outbox.js';
import { RenderScheduler } from './render-scheduler.js';
import { buildInventory, type ProfileInventorySource } from './inventory-report.js';
import { buildStatusReport } from './status-report.js';

export interface RuntimeOptions {
  readonly plane: ControlPlane;
  readonly surfaces: SurfaceSet;
  readonly outbox: Outbox;
  readonly clock: MonotonicClock;
  readonly experience?: ExperienceController;
  /** Periodic re-render of a running selected session (control-plane.md §17.7). */
  readonly activityMotion?: boolean;
  /** Host earcons for `--audio-feedback` (§17.6); absent: silent, and status says audio_feedback false. */
  readonly earcons?: EarconSink | null;
  readonly logger?: DaemonLogger;
  /** The device profiles the `inventory` request lists; absent: none. */
  readonly profileInventory?: ProfileInventorySource | null;
}

/**
 * The daemon runtime of control-plane.md §17 without the event loop: the
 * loop (runtime-loop.ts) calls `renderStep` and `surfaceStep`, the socket
 * server calls `handleLine` and `connectionClosed`. Tests drive all four
 * directly with an injected clock.
 */
export class DaemonRuntime {
  readonly plane: ControlPlane;
  readonly surfaces: SurfaceSet;
  readonly activityMotion: boolean;
  readonly #outbox: Outbox;
  readonly #clock: MonotonicClock;
  #experience: ExperienceController;
  readonly #logger: DaemonLogger;
  readonly #scheduler: RenderScheduler;
  readonly #context: MessageContext;
  #audio: AudioFeedback | null;
  #profileInventory: ProfileInventorySource | null;
  #inputListener: () => void = () => undefined;
  /** The receipt of the press that started the running hold (hold to approve), settled when the hold ends. */
  #holdReceipt: PressReceipt | null = null;

  constructor(options: RuntimeOptions) {
    this.plane = options.plane;
    this.surfaces = options.surfaces;
    this.activityMotion = options.activityMotion ?? false;
    this.#outbox = options.outbox;
    this.#clock = options.clock;
    this.#experience = options.experience ?? NO_EXPERIENCES;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#scheduler = new RenderScheduler(this.activityMotion);
    this.#audio = options.earcons ? new AudioFeedback(options.earcons) : null;
    this.#profileInventory = options.profileInventory ?? null;
    this.#context = {
      plane: this.plane,
      outbox: this.#outbox,
      now: () => this.#clock(),
      status: () => this.status(),
      inventory: () => buildInventory(this.surfaces.descriptors, this.#profileInventory),
      preemptIfAttentionRequired: () => this.#preemptIfAttentionRequired(),
      audioCue: (event) => this.#audioCue(event),
    };
  }

  /** The frame number the next render will carry. */
  get frame(): number {
    return this.#scheduler.frame;
  }

  status(): StatusReport {
    return buildStatusReport({
      plane: this.plane,
      surfaces: this.surfaces,
      activityMotion: this.activityMotion,
      audioFeedback: this.#audio !== null,
      experience: this.#experience.activeKind,
    });
  }

  /**
   * Told after every handled line, closed connection and surface press; the
   * loop uses it to iterate at once instead of waiting for its timer.
   */
  onInput(listener: () => void): void {
    this.#inputListener = listener;
    this.surfaces.onInput(listener);
  }

  /**
   * What came with surfaces attached after startup: the Demo/Show controller
   * that draws on them, the host earcons and the profiles `inventory` lists. The next render step repaints
   * every surface with the current view.
   */
  attach(parts: {
    readonly experience?: ExperienceController;
    readonly earcons?: EarconSink | null;
    readonly profileInventory?: ProfileInventorySource | null;
  }): void {
    if (parts.experience !== undefined) this.#experience = parts.experience;
    if (parts.earcons) this.#audio = new AudioFeedback(parts.earcons);
    if (parts.profileInventory) this.#profileInventory = parts.profileInventory;
    this.#scheduler.force();
    this.#inputListener();
  }

  /**
   * Seconds until the render step has work that no input announces: a
   * preview, notice, terminal state or idle session runs out, or the running
   * activity's re-render is due; Infinity while only input can change the
   * pad. Null while something moves on every step: a Demo or Show plays, or
   * Approve is held. The loop sleeps this long (runtime-loop.ts).
   */
  secondsUntilDue(): number | null {
    if (this.#experience.activeKind !== null || this.plane.holding) return null;
    const motion = this.#scheduler.nextMotionAt({ previewActive: this.plane.previewActive(), selectedState: this.plane.selectedSessionState() });
    return Math.min(this.plane.nextDeadline(), motion) - this.#clock();
  }

  /** One complete inbound line of a connection: decode at the edge, then handle; errors are answered, never thrown. */
  handleLine(connection: ConnectionId, line: Uint8Array | AsciiLine): void {
    this.#handleLine(connection, line);
    this.#inputListener();
  }

  /** §11.5 clean-up for a connection that is gone, whatever the cause. */
  connectionClosed(connection: ConnectionId): void {
    this.plane.disconnect(connection);
    this.#audioCue({ type: 'connection_closed', registered: this.plane.sessions().map((session) => session.identity) });
    this.#inputListener();
  }

  /** §17.2 step 1: tick, preemption, experience tick, then render if the revision (or activity motion) asks. */
  renderStep(): void {
    const now = this.#clock();
    this.plane.tick(now);
    const ended = this.plane.settleHold(now);
    if (ended !== null) {
      if (ended.reason === 'hold_required') this.#logger.info('approve: hold to approve: Approve was never let go, so nothing was sent (a click cannot hold)');
      this.#deliver('approve', ended, this.#takeHoldReceipt());
    }
    this.#preemptIfAttentionRequired();
    if (this.#experience.activeKind !== null) {
      // While an experience plays it owns the surfaces; only its own ending forces the live view back.
      if (!this.#experience.tick(now)) return;
      this.#scheduler.force();
    }
    const inputs = {
      revision: this.plane.revision,
      now,
      previewActive: this.plane.previewActive(),
      selectedState: this.plane.selectedSessionState(),
    };
    if (!this.#scheduler.shouldRender(inputs)) return;
    this.surfaces.render(this.plane.surfaceView(this.#scheduler.frame, this.activityMotion));
    this.#scheduler.rendered(inputs.revision, now);
  }

  /** §17.2 step 3: every pending surface event, in surface order (§17.5). */
  surfaceStep(): void {
    for (const event of this.surfaces.pollEvents()) this.#handleSurfaceEvent(event);
  }

  /** §3.3: stops a playing experience before the connections close. */
  stopExperience(): void {
    this.#experience.stop('daemon_stopped');
  }

  #handleLine(connection: ConnectionId, line: Uint8Array | AsciiLine): void {
    const decoded = decodeClientLine(line);
    if (!decoded.ok) {
      sendReply(this.#outbox, connection, { type: 'error', code: decoded.error.code, message: decoded.error.message });
      return;
    }
    try {
      handleClientMessage(this.#context, connection, decoded.message);
    } catch (error) {
      // A bug behind the edge must not take the daemon (and every other client) down.
      this.#logger.error(`handling ${decoded.message.type} failed: ${describeError(error)}`);
    }
  }

  /**
   * The surfaces show the reference's refusal text; the log says who waits
   * and the way out, since a finished agent waits for a reply until it ends
   * or its session expires (control-plane.md: both states require attention).
   */
  #blockedStartLine(kind: ExperienceKind): string {
    const waiting = this.plane.attentionSessions();
    const shown = waiting.slice(0, 3).map((session) => `${session.identity.backend}/${session.identity.sessionId} (${session.state})`);
    const more = waiting.length > shown.length ? ` and ${waiting.length - shown.length} more` : '';
    return `${kind} not started: ${shown.join(', ')}${more} still wait; answer them, or end finished ones with 'pad-lattice end-session --all'`;
  }

  #handleSurfaceEvent(event: SurfaceEvent): void {
    const now = this.#clock();
    switch (event.type) {
      case 'experience_requested':
        if (this.plane.experienceBlock() !== null) {
          this.#experience.block(event.kind, ATTENTION_BLOCK_REASON);
          this.#logger.info(this.#blockedStartLine(event.kind));
        } else this.#experience.start(event.kind, now);
        return;
      case 'experience_stop_requested':
        if (this.#experience.stop('stopped')) this.#scheduler.force();
        return;
      case 'agent_selected':
        // A Demo or Show has no agents without a Scene: the press changes nothing while one plays.
        if (this.#experience.activeKind !== null) return event.receipt?.settle({ kind: 'experience' });
        return this.#selectAgent(event.ref, now, event.receipt);
      case 'option_pressed':
        // A question makes its agent wait for a reply, which stops an experience; a press during one meant its stage.
        if (this.#experience.activeKind !== null) return event.receipt?.settle({ kind: 'experience' });
        return this.#answer(event.ref, event.question, event.option, now, event.receipt);
      case 'action_released':
        // An experience takes presses, not releases; a hold can only run outside one.
        if (this.#experience.activeKind === null) this.#release(event.action, now);
        return;
      default:
        if (this.#experience.activeKind !== null) {
          this.#experience.handleEvent(event, now);
          if (event.type === 'action_pressed') event.receipt?.settle({ kind: 'experience' });
        } else if (event.type === 'session_selected') this.#select(event.slot, now);
        else this.#press(event.action, now, event.receipt);
    }
  }

  /** An action press: delivered at once, or the start of a hold (hold to approve) whose receipt waits for its end. */
  #press(action: ControlAction, now: number, receipt: PressReceipt | undefined): void {
    const press = this.plane.pressAction(action, now);
    if (press.ok !== 'holding') return this.#deliver(action, press, receipt);
    // A press while a hold ran starts it over; the earlier press approved nothing.
    this.#takeHoldReceipt()?.settle({ kind: 'refused', action, reason: 'hold_required' });
    this.#holdReceipt = receipt ?? null;
  }

  /** An action pad let go: a hold ends, approved only if it lasted (the plane's approveHold seconds). */
  #release(action: ControlAction, now: number): void {
    const release = this.plane.releaseAction(action, now);
    if (release.kind === 'complete') return this.#deliver(action, release.press, this.#takeHoldReceipt());
    if (release.kind === 'none') return;
    this.#logger.info(
      `approve: hold to approve: a destructive command needs Approve held ${release.required} s; it was let go after ${release.heldFor.toFixed(1)} s, nothing was sent`,
    );
    this.#audioCue({ type: 'action_unavailable' });
    this.#takeHoldReceipt()?.settle({ kind: 'refused', action, reason: 'hold_required' });
  }

  #takeHoldReceipt(): PressReceipt | null {
    const receipt = this.#holdReceipt;
    this.#holdReceipt = null;
    return receipt;
  }

  /** An agent chosen by its ref (the browser's list of agents without a Scene); it takes a Scene if it has none. */
  #selectAgent(ref: number, now: number, receipt: PressReceipt | undefined): void {
    const selection = this.plane.selectAgent(ref, now);
    if (!selection.ok) return receipt?.settle({ kind: 'not_selected', reason: selection.reason });
    this.#audioCue({ type: 'scene_selected', slot: selection.slot });
    receipt?.settle({ kind: 'selected', agent: this.#target(this.plane.selection()) });
  }

  /** An option press: one `answer` line to the asking connection once a question is answered; a toggle sends nothing yet. */
  #answer(ref: number, question: number, option: number, now: number, receipt: PressReceipt | undefined): void {
    const press = this.plane.answer(ref, question, option, now);
    if (!press.ok) return receipt?.settle({ kind: 'not_answered', reason: press.reason });
    if ('toggled' in press) return receipt?.settle({ kind: 'toggled', option: press.toggled.option, selected: press.toggled.selected });
    const { answered } = press;
    const delivered = sendNotification(this.#outbox, answered.connection, {
      type: 'answer',
      agent: answered.identity,
      requestId: answered.requestId,
      question: answered.question,
      option: answered.option,
      options: answered.options,
    });
    if (!delivered) this.#logger.warn(`answer to question ${question + 1} for connection ${answered.connection} was not delivered`);
    receipt?.settle(
      delivered ? { kind: 'answered', option: answered.option, agent: this.#target(answered.identity) } : { kind: 'not_answered', reason: 'not_delivered' },
    );
  }

  /** Who a press reached, as a surface may name it. */
  #target(identity: AgentIdentity | null): PressTarget {
    const session = identity === null ? null : this.plane.session(identity);
    return { slot: session?.slot ?? null, label: session?.label ?? '', accent: session?.accent ?? null };
  }

  /** §16.3: a Scene press; an occupied slot also sounds, even when it was already selected (§17.6). */
  #select(slot: number, now: number): void {
    if (this.plane.selectSlot(slot, now)) this.#audioCue({ type: 'scene_selected', slot });
  }

  /** §12.3: one action message to the single recipient, if its connection still exists; the receipt learns which. */
  #deliver(action: ControlAction, press: PressDispatch, receipt: PressReceipt | null | undefined): void {
    this.#audioCue(press.ok ? { type: 'action_dispatched', action } : { type: 'action_unavailable' });
    if (!press.ok) return receipt?.settle({ kind: 'refused', action, reason: press.reason });
    const { dispatched } = press;
    const delivered = sendNotification(this.#outbox, dispatched.connection, {
      type: 'action',
      action: dispatched.action,
      agent: dispatched.identity,
      requestId: dispatched.requestId,
    });
    if (!delivered) this.#logger.warn(`action ${action} for connection ${dispatched.connection} was not delivered`);
    receipt?.settle(delivered ? { kind: 'delivered', action, agent: this.#target(dispatched.identity) } : { kind: 'refused', action, reason: 'not_delivered' });
  }

  #audioCue(event: AudioCueEvent): void {
    this.#audio?.note(event, () => this.#selectedSlot());
  }

  #selectedSlot(): number | null {
    const selected = this.plane.selection();
    return selected === null ? null : (this.plane.session(selected)?.slot ?? null);
  }

  #preemptIfAttentionRequired(): void {
    if (this.#experience.activeKind === null || !this.plane.attentionRequired()) return;
    this.#experience.stop('agent_attention_required');
    this.#scheduler.force();
  }
}
