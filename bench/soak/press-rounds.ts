import { setTimeout as sleep } from 'node:timers/promises';
import type { ActionSubscription, PadLatticeClient } from '../../src/client/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import { reportAcked } from './agents.js';
import { noteFailure, type SoakCounters } from './counters.js';
import { pressThroughFifo, TraceFollower } from './trace-follower.js';

/** Launchpad Pro (MK1) top row: CC 91 is approve (pro-mk1.json); 0x15 is its "enabled" colour. */
const APPROVE_CC = 0x5b;
const APPROVE_LIT = '15';
const APPROVE_PRESS = 'B0 5B 7F';
const LIGHT_TIMEOUT_MS = 10_000;
const ACTION_TIMEOUT_MS = 10_000;
/** Presses closer than the daemon's action debounce (0.25 s per agent and action) are dropped by design; keep well clear. */
const PRESS_SPACING_MS = 500;

async function until(probe: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`${what} not seen within ${timeoutMs} ms`);
    await sleep(20);
  }
}

/**
 * The approver: the first session of the run, so it holds the selection
 * (later sessions never take it, control-plane.md §16), and every press of
 * approve reaches it. A round: report `waiting_for_approval`, subscribe
 * one-shot with a fresh request id, wait for approve to light on the device,
 * press it through the FIFO, and expect exactly that request's action —
 * and none more, which the next round checks before closing the old
 * subscription. Between rounds the controller is unplugged and returned.
 */
export class PressRounds {
  readonly #agent = makeIdentity('soak', 'approver');
  readonly #trace: TraceFollower;
  #round = 0;
  #previous: ActionSubscription | null = null;
  #lastPressAt = 0;

  constructor(
    private readonly client: PadLatticeClient,
    private readonly counters: SoakCounters,
    private readonly fifo: string,
    tracePath: string,
  ) {
    this.#trace = new TraceFollower(tracePath);
  }

  /** Registers the approver before any other agent exists. */
  async register(): Promise<void> {
    if (!(await reportAcked(this.client, this.counters, this.#agent, 'running'))) throw new Error('the approver was not acknowledged');
  }

  async press(): Promise<void> {
    const requestId = `press-${++this.#round}`;
    await this.#checkNoExtra();
    await reportAcked(this.client, this.counters, this.#agent, 'waiting_for_approval');
    this.#trace.poll();
    const since = this.#trace.lines;
    const subscription = await this.client.subscribeActions({ agent: this.#agent, actions: ['approve', 'reject'], requestId, oneShot: true });
    this.#previous = subscription;
    try {
      await until(
        () => {
          this.#trace.poll();
          const approve = this.#trace.lastCc(APPROVE_CC);
          return approve !== null && approve.value === APPROVE_LIT && approve.line > since;
        },
        LIGHT_TIMEOUT_MS,
        `approve lit for ${requestId}`,
      );
      await sleep(Math.max(0, this.#lastPressAt + PRESS_SPACING_MS - Date.now()));
      pressThroughFifo(this.fifo, APPROVE_PRESS);
      this.#lastPressAt = Date.now();
      this.counters.presses++;
      const event = await subscription.receive(ACTION_TIMEOUT_MS);
      if (event?.action === 'approve' && event.requestId === requestId) this.counters.actions++;
      else noteFailure(this.counters, requestId, new Error(`unexpected action ${JSON.stringify(event)}`));
    } catch (error) {
      noteFailure(this.counters, requestId, error);
    }
    await reportAcked(this.client, this.counters, this.#agent, 'running');
  }

  /** Unplugs the controller, waits past the hub's once-a-second scan, plugs it back and waits until it shows the pad again. */
  async cycleDevice(move: (command: 'unplug' | 'plug-in') => void): Promise<void> {
    move('unplug');
    await sleep(2_500);
    this.#trace.poll();
    const before = this.#trace.lines;
    move('plug-in');
    try {
      await until(
        () => {
          this.#trace.poll();
          return (this.#trace.lastCc(APPROVE_CC)?.line ?? -1) > before;
        },
        LIGHT_TIMEOUT_MS,
        'the returned controller repainted',
      );
      this.counters.deviceCycles++;
    } catch (error) {
      noteFailure(this.counters, 'device cycle', error);
    }
  }

  /** A one-shot subscription that got a second action would show it here. */
  async #checkNoExtra(): Promise<void> {
    const previous = this.#previous;
    this.#previous = null;
    if (previous === null) return;
    const extra = await previous.receive(1).catch(() => null);
    if (extra !== null) this.counters.extraActions++;
    await previous.close();
  }

  async finish(): Promise<void> {
    await this.#checkNoExtra();
  }
}
