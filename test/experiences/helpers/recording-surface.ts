import { IDENTITY_ACCENTS, type Surface, type SurfaceDescriptor, type SurfaceEvent, type SurfaceGeometry } from '../../../src/domain/index.js';
import { RecordingOutput, type Recorded } from './recording-output.js';

/** A browser-like surface: records views, Show frames and lifecycle views in one log, as RecordingOutput does; hands out queued presses. */
export class RecordingSurface extends RecordingOutput implements Surface {
  readonly descriptor: SurfaceDescriptor = { kind: 'web', profile: 'test/browser-like', visualProtocol: 1, input: 'Recording In', output: 'Recording Out' };
  readonly geometry: SurfaceGeometry;
  #pending: SurfaceEvent[] = [];

  constructor(capacity = 4) {
    super();
    this.geometry = { selectorCapacity: capacity, accentNames: IDENTITY_ACCENTS.slice(0, capacity) };
  }

  press(...events: SurfaceEvent[]): void {
    this.#pending.push(...events);
  }
  initialize(): void {}
  pollEvents(): readonly SurfaceEvent[] {
    const events = this.#pending;
    this.#pending = [];
    return events;
  }
  close(): void {}

  /** Entries logged since `mark` (a previous log length). */
  since(mark: number): Recorded[] {
    return this.log.slice(mark);
  }
}
