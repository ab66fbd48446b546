import type { SoundElement, SoundHost } from '../../../src/web/app/sound-controller.js';
import type { ExperienceStateMessage } from '../../../src/web/app/messages.js';

/** An audio element that only remembers what was done to it. */
export class FakeElement implements SoundElement {
  paused = true;
  currentTime = 0;
  playbackRate = 1;
  preservesPitch = false;
  muted = false;
  preload = '';
  /** currentTime at each play() call. */
  readonly playedFrom: number[] = [];
  /** Every value assigned to currentTime after creation, in order. */
  readonly seeks: number[] = [];

  constructor(readonly url: string) {
    let time = 0;
    Object.defineProperty(this, 'currentTime', {
      get: () => time,
      set: (value: number) => {
        time = value;
        this.seeks.push(value);
      },
    });
  }

  play(): Promise<void> {
    this.playedFrom.push(this.currentTime);
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
}

interface Timer {
  readonly ms: number;
  readonly run: () => void;
  cleared: boolean;
}

/** Elements and timers for SoundController, all recorded; timers run only when the test says so. */
export class FakeSoundHost implements SoundHost {
  readonly elements: FakeElement[] = [];
  readonly timers: Timer[] = [];

  createAudio(url: string): FakeElement {
    const element = new FakeElement(url);
    this.elements.push(element);
    return element;
  }
  setTimeout(run: () => void, ms: number): number {
    this.timers.push({ ms, run, cleared: false });
    return this.timers.length - 1;
  }
  clearTimeout(id: number): void {
    const timer = this.timers[id];
    if (timer !== undefined) timer.cleared = true;
  }
  /** Fires every pending timer. */
  runTimers(): void {
    for (const timer of this.timers) {
      if (timer.cleared) continue;
      timer.cleared = true;
      timer.run();
    }
  }
  get pendingTimers(): Timer[] {
    return this.timers.filter((timer) => !timer.cleared);
  }
  /** Elements that were asked to play, by URL. */
  get playedUrls(): string[] {
    return this.elements.filter((element) => element.playedFrom.length > 0).map((element) => element.url);
  }
}

/** An experience_state message with the 15 fields; idle by default. */
export function experienceState(fields: Partial<ExperienceStateMessage>): ExperienceStateMessage {
  return {
    protocol: 1,
    type: 'experience_state',
    status: 'idle',
    kind: null,
    title: null,
    cue_index: null,
    caption: null,
    detail: null,
    elapsed_ms: 0,
    duration_ms: null,
    tempo: 1,
    audio_asset: null,
    audio_cue: null,
    audio_slot: null,
    audio_sequence: 0,
    start_delay_ms: 0,
    reason: null,
    ...fields,
  };
}
