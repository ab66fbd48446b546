import type { ControlSurface, ExperienceView, ShowFrame, SurfaceEvent, SurfaceKind, SurfaceView } from '../../src/domain/index.js';

/** A ControlSurface that records every call into a shared log, for composite tests. */
export class FakeSurface implements ControlSurface {
  readonly inputName: string;
  readonly outputName: string;
  readonly pending: SurfaceEvent[] = [];
  failInitialize: Error | null = null;
  failClose: Error | null = null;
  failRender: Error | null = null;
  closeCalls = 0;

  constructor(
    readonly profileId: string,
    readonly log: string[],
    readonly surfaceKind: SurfaceKind = 'web',
    readonly selectorCapacity = 8,
    readonly accentNames: readonly string[] = ['cyan', 'magenta', 'lime', 'orange', 'violet', 'teal', 'rose', 'sky'],
    readonly visualProtocol = 1,
  ) {
    this.inputName = `${profileId} in`;
    this.outputName = `${profileId} out`;
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
