import type { ShowFrame, Surface, SurfaceEvent, SurfaceView, VisualFrame } from '../domain/index.js';
import { FramePacer, type PacerTimers } from './frame-pacer.js';

/** What a device is asked to show: a semantic view (compiled once for all) or a Show frame. */
export type Paint = { readonly kind: 'view'; readonly view: SurfaceView; readonly frame: VisualFrame } | { readonly kind: 'show'; readonly frame: ShowFrame };

export interface FanOutMember {
  /** The same device keeps its key while it stays plugged in. */
  readonly key: string;
  readonly device: Surface;
  /** The frame cap of this device's transport: least time between two frames. */
  readonly frameIntervalMs: number;
}

export type DeviceOperation = 'render' | 'read';

export interface DeviceFanOutOptions<M extends FanOutMember> {
  readonly timers: PacerTimers;
  /** A member's draw or read failed. The hub decides whether it is lost (`remove`) or only reported; must not throw. */
  readonly onFailure: (member: M, operation: DeviceOperation, error: unknown) => void;
}

interface Entry<M> {
  readonly member: M;
  readonly pacer: FramePacer<Paint>;
}

const draw = (device: Surface, paint: Paint) => (paint.kind === 'view' ? device.render(paint.view, paint.frame) : device.renderShowFrame(paint.frame));

/** Closes a device that may be gone already: nobody is left to tell about a failure. */
function closeQuietly(device: Surface): Promise<void> {
  try {
    return Promise.resolve(device.close()).catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}

/**
 * The open devices of a hub and the paints they get. Every view or Show frame
 * goes to every member through the member's own FramePacer (latest wins, one
 * frame waiting at most, the member's frame cap), and presses are merged in
 * opening order. A member that joins is shown the latest paint at once — a
 * device that returns starts from nothing drawn, so it is repainted in full.
 * A failing member never stops the others: its failure goes to the hub, once
 * per failed draw or read.
 */
export class DeviceFanOut<M extends FanOutMember> {
  readonly #options: DeviceFanOutOptions<M>;
  readonly #entries = new Map<string, Entry<M>>();
  #latest: Paint | null = null;

  constructor(options: DeviceFanOutOptions<M>) {
    this.#options = options;
  }

  /** The members in opening order. */
  get members(): M[] {
    return [...this.#entries.values()].map((entry) => entry.member);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): M | undefined {
    return this.#entries.get(key)?.member;
  }

  /** True while no member has a frame waiting or being drawn. */
  get settled(): boolean {
    return [...this.#entries.values()].every((entry) => entry.pacer.idle);
  }

  /** Frames offered to the members and frames they drew, summed (the difference was superseded). */
  get frameCounts(): { readonly offered: number; readonly drawn: number } {
    let offered = 0;
    let drawn = 0;
    for (const { pacer } of this.#entries.values()) {
      offered += pacer.offered;
      drawn += pacer.drawn;
    }
    return { offered, drawn };
  }

  /** Joins a member (the hub has opened and initialised it) and shows it the latest paint. */
  add(member: M): void {
    const pacer = new FramePacer<Paint>({
      timers: this.#options.timers,
      minIntervalMs: member.frameIntervalMs,
      draw: (paint) => draw(member.device, paint),
      onFailure: (error) => this.#options.onFailure(member, 'render', error),
    });
    this.#entries.set(member.key, { member, pacer });
    if (this.#latest !== null) pacer.submit(this.#latest);
  }

  /**
   * Takes a member out and closes it; resolves once it is let go (never
   * rejects). Null when it was not a member (already removed).
   */
  remove(member: M): Promise<void> | null {
    const entry = this.#entries.get(member.key);
    if (entry === undefined || entry.member !== member) return null;
    this.#entries.delete(member.key);
    entry.pacer.close();
    return closeQuietly(member.device);
  }

  render(view: SurfaceView, frame: VisualFrame): void {
    this.#paint({ kind: 'view', view, frame });
  }

  renderShowFrame(frame: ShowFrame): void {
    this.#paint({ kind: 'show', frame });
  }

  pollEvents(): SurfaceEvent[] {
    const events: SurfaceEvent[] = [];
    for (const { member } of [...this.#entries.values()]) {
      try {
        events.push(...member.device.pollEvents());
      } catch (error) {
        this.#options.onFailure(member, 'read', error);
      }
    }
    return events;
  }

  /** Removes every member, the last opened first; resolves once all are let go. */
  closeAll(): Promise<void> {
    const closing = [...this.#entries.values()].reverse().map(({ member }) => this.remove(member));
    return Promise.all(closing).then(() => undefined);
  }

  #paint(paint: Paint): void {
    this.#latest = paint;
    for (const { pacer } of [...this.#entries.values()]) pacer.submit(paint);
  }
}
