import {
  IDENTITY_ACCENTS,
  type ExperienceView,
  type ShowFrame,
  type Surface,
  type SurfaceDescriptor,
  type SurfaceEvent,
  type SurfaceGeometry,
  type SurfaceKind,
  type SurfaceView,
} from '../../src/domain/index.js';

/** A surface that records every call into a shared log, for the hub's fan-out tests. */
export class FakeSurface implements Surface {
  readonly descriptor: SurfaceDescriptor;
  readonly geometry: SurfaceGeometry;
  readonly pending: SurfaceEvent[] = [];
  failInitialize: Error | null = null;
  failClose: Error | null = null;
  failRender: Error | null = null;
  closeCalls = 0;

  constructor(
    readonly profileId: string,
    readonly log: string[],
    kind: SurfaceKind = 'web',
    selectorCapacity = 8,
    accentNames: readonly string[] = IDENTITY_ACCENTS,
    visualProtocol = 1,
  ) {
    this.descriptor = { kind, profile: profileId, visualProtocol, input: `${profileId} in`, output: `${profileId} out` };
    this.geometry = { selectorCapacity, accentNames };
  }

  initialize(): void {
    this.log.push(`${this.profileId}.initialize`);
    if (this.failInitialize !== null) throw this.failInitialize;
  }

  render(view: SurfaceView): void {
    this.log.push(`${this.profileId}.render ${view.selectedState}`);
    if (this.failRender !== null) throw this.failRender;
  }

  renderShowFrame(frame: ShowFrame): void {
    this.log.push(`${this.profileId}.show ${frame.grid[0]?.[0]?.fallback}`);
  }

  setExperience(view: ExperienceView): void {
    this.log.push(`${this.profileId}.experience ${view.status}`);
  }

  pollEvents(): SurfaceEvent[] {
    return this.pending.splice(0);
  }

  close(): void {
    this.closeCalls += 1;
    this.log.push(`${this.profileId}.close`);
    if (this.failClose !== null) throw this.failClose;
  }
}
