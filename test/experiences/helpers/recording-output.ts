import type { ShowFrame, SurfaceView } from '../../../src/domain/index.js';
import type { ExperienceView } from '../../../src/experiences/experience-view.js';
import type { ExperienceOutput, HostAudio, ShowScoreCue } from '../../../src/experiences/runtime/output.js';

export type Recorded =
  | { readonly kind: 'view'; readonly view: SurfaceView }
  | { readonly kind: 'frame'; readonly frame: ShowFrame }
  | { readonly kind: 'experience'; readonly view: ExperienceView };

/** Records everything an experience sends, in one ordered log. */
export class RecordingOutput implements ExperienceOutput {
  readonly log: Recorded[] = [];

  render(view: SurfaceView): void {
    this.log.push({ kind: 'view', view });
  }
  renderShowFrame(frame: ShowFrame): void {
    this.log.push({ kind: 'frame', frame });
  }
  setExperience(view: ExperienceView): void {
    this.log.push({ kind: 'experience', view });
  }

  get views(): SurfaceView[] {
    return this.log.flatMap((entry) => (entry.kind === 'view' ? [entry.view] : []));
  }
  get frames(): ShowFrame[] {
    return this.log.flatMap((entry) => (entry.kind === 'frame' ? [entry.frame] : []));
  }
  get experiences(): ExperienceView[] {
    return this.log.flatMap((entry) => (entry.kind === 'experience' ? [entry.view] : []));
  }
  clear(): void {
    this.log.length = 0;
  }
}

export class RecordingAudio implements HostAudio {
  readonly earcons: [string, number | null][] = [];
  readonly scores: ShowScoreCue[][] = [];
  stops = 0;

  playEarcon(name: string, slot: number | null): void {
    this.earcons.push([name, slot]);
  }
  startShowScore(cues: readonly ShowScoreCue[]): void {
    this.scores.push([...cues]);
  }
  stopShowScore(): void {
    this.stops += 1;
  }
}
