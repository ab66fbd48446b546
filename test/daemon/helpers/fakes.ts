import {
  IDENTITY_ACCENTS,
  type ExperienceKind,
  type ShowFrame,
  type Surface,
  type SurfaceDescriptor,
  type SurfaceEvent,
  type SurfaceGeometry,
  type SurfaceView,
} from '../../../src/domain/index.js';
import type { ExperienceController, ExperienceStopReason } from '../../../src/daemon/runtime/experience.js';
import type { Outbox } from '../../../src/daemon/runtime/outbox.js';

/** A surface that records every render and hands out the events a test queues. */
export class RecordingSurface implements Surface {
  readonly descriptor: SurfaceDescriptor;
  readonly geometry: SurfaceGeometry;
  readonly views: SurfaceView[] = [];
  readonly showFrames: ShowFrame[] = [];
  initialized = false;
  closed = false;
  #pending: SurfaceEvent[] = [];

  constructor(capacity = 4, profileId = 'test/recording') {
    this.geometry = { selectorCapacity: capacity, accentNames: IDENTITY_ACCENTS.slice(0, capacity) };
    this.descriptor = { kind: 'midi', profile: profileId, visualProtocol: 1, input: 'Recording In', output: 'Recording Out' };
  }

  get lastView(): SurfaceView | undefined {
    return this.views.at(-1);
  }

  press(...events: SurfaceEvent[]): void {
    this.#pending.push(...events);
  }

  initialize(): void {
    this.initialized = true;
  }
  render(view: SurfaceView): void {
    this.views.push(view);
  }
  renderShowFrame(frame: ShowFrame): void {
    this.showFrames.push(frame);
  }
  pollEvents(): readonly SurfaceEvent[] {
    const events = this.#pending;
    this.#pending = [];
    return events;
  }
  close(): void {
    this.closed = true;
  }
}

/** A Demo/Show stand-in: records calls; ends by itself once `finishAt` is reached. */
export class FakeExperience implements ExperienceController {
  activeKind: ExperienceKind | null = null;
  readonly stops: ExperienceStopReason[] = [];
  readonly blocks: { kind: ExperienceKind; reason: string }[] = [];
  readonly consumed: SurfaceEvent[] = [];
  readonly starts: ExperienceKind[] = [];
  finishAt: number | null = null;

  start(kind: ExperienceKind): boolean {
    if (this.activeKind !== null) return false;
    this.activeKind = kind;
    this.starts.push(kind);
    return true;
  }
  stop(reason: ExperienceStopReason): boolean {
    if (this.activeKind === null) return false;
    this.activeKind = null;
    this.stops.push(reason);
    return true;
  }
  block(kind: ExperienceKind, reason: string): void {
    this.blocks.push({ kind, reason });
  }
  handleEvent(event: SurfaceEvent): void {
    this.consumed.push(event);
  }
  tick(now: number): boolean {
    if (this.finishAt === null || now < this.finishAt) return false;
    this.finishAt = null;
    return this.stop('complete');
  }
}

/** A monotonic clock the test moves by hand. */
export class FakeClock {
  now = 0;
  readonly read = (): number => this.now;
  advance(seconds: number): void {
    this.now += seconds;
  }
}

/** Records the lines sent per connection; connections in `closed` are gone. */
export class RecordingOutbox implements Outbox {
  readonly lines = new Map<number, string[]>();
  readonly closed = new Set<number>();

  send(connection: number, line: string): boolean {
    if (this.closed.has(connection)) return false;
    const list = this.lines.get(connection) ?? [];
    list.push(line);
    this.lines.set(connection, list);
    return true;
  }

  messages(connection: number): Record<string, unknown>[] {
    return (this.lines.get(connection) ?? []).map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
