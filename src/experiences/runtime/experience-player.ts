import type { ExperienceKind, SurfaceEvent } from '../../domain/index.js';
import { blockedView, demoPlayingView, showPlayingView, showStartingView, stoppedView, type ExperienceView } from '../experience-view.js';
import type { DemoManifest } from '../manifest/demo-manifest.js';
import type { PerformanceManifest } from '../manifest/performance-manifest.js';
import { DEFAULT_LEAD_IN_SECONDS, DEMO_TERMINAL_HOLD_SECONDS, type EarconName, type ExperienceStopReason } from '../vocabulary.js';
import { DemoRun, demoStageView, type DemoStep } from './demo-run.js';
import type { ExperienceOutput, HostAudio } from './output.js';
import { ShowPlayback } from './show-playback.js';
import { roundHalfEven } from '../round-half-even.js';

export interface ExperiencePlayerOptions {
  readonly demo: DemoManifest;
  readonly show: PerformanceManifest;
  readonly output: ExperienceOutput;
  /** Host earcons and the Show score; absent: silent. */
  readonly audio?: HostAudio | null;
  /** Play the host Show score (the daemon's `--audio-feedback`). */
  readonly hostScore?: boolean;
  /** Lines a standalone command prints: Demo prompts, Show captions. */
  readonly announce?: (line: string) => void;
}

export interface ShowStartOptions {
  /** Default 1.0 (the daemon always uses 1.0). */
  readonly tempo?: number;
  /** Default 0.5 s; the standalone MIDI command starts with 0. */
  readonly leadInSeconds?: number;
}

type Active =
  | { readonly kind: 'demo'; readonly run: DemoRun; completesAt: number | null }
  | { readonly kind: 'show'; readonly playback: ShowPlayback; scoreStarted: boolean };

/**
 * The Demo/Show controller of experiences.md §9: Idle, Demo(stage),
 * ShowLeadIn and ShowPlaying. Time is passed in (monotonic seconds), so it
 * does no I/O of its own beyond its output, audio and announce callbacks.
 * It satisfies the daemon's ExperienceController structurally.
 */
export class ExperiencePlayer {
  readonly #demo: DemoManifest;
  readonly #show: PerformanceManifest;
  readonly #output: ExperienceOutput;
  readonly #audio: HostAudio | null;
  readonly #hostScore: boolean;
  readonly #announce: (line: string) => void;
  #active: Active | null = null;
  /** Demo publications so far; never reset, it numbers the Demo's surface views (§5.2). */
  #publications = 0;
  /** Demo earcons so far; never reset, so browsers can tell a new cue from a re-delivered one. */
  #audioSequence = 0;
  #lastStopReason: ExperienceStopReason | null = null;

  constructor(options: ExperiencePlayerOptions) {
    this.#demo = options.demo;
    this.#show = options.show;
    this.#output = options.output;
    this.#audio = options.audio ?? null;
    this.#hostScore = options.hostScore ?? false;
    this.#announce = options.announce ?? (() => undefined);
  }

  get activeKind(): ExperienceKind | null {
    return this.#active?.kind ?? null;
  }

  /** Why the last experience ended (null after a start); a standalone command exits 0 only on `complete`. */
  get lastStopReason(): ExperienceStopReason | null {
    return this.#lastStopReason;
  }

  /** Starts when idle (true); while something plays the request is ignored (false) and nothing is sent. */
  start(kind: ExperienceKind, now: number, options: ShowStartOptions = {}): boolean {
    if (this.#active !== null) return false;
    this.#lastStopReason = null;
    if (kind === 'demo') {
      const run = new DemoRun(this.#demo);
      this.#active = { kind: 'demo', run, completesAt: null };
      this.#publish(run.first());
      return true;
    }
    const leadIn = options.leadInSeconds ?? DEFAULT_LEAD_IN_SECONDS;
    const playback = new ShowPlayback(this.#show, now, options.tempo ?? 1, leadIn);
    this.#active = { kind: 'show', playback, scoreStarted: false };
    this.#setView(showStartingView(playback.header, roundHalfEven(leadIn * 1000)));
    return true;
  }

  /** Ends what plays (true) and tells the surfaces why; false and silent when idle. */
  stop(reason: ExperienceStopReason = 'stopped'): boolean {
    const active = this.#active;
    if (active === null) return false;
    if (active.kind === 'show' && active.scoreStarted) this.#quietly((audio) => audio.stopShowScore());
    this.#active = null;
    this.#lastStopReason = reason;
    this.#setView(stoppedView(active.kind, reason));
    return true;
  }

  /** Tells the surfaces a start request was refused; whatever plays goes on. */
  block(kind: ExperienceKind, reason: string): void {
    this.#setView(blockedView(kind, reason));
  }

  /** Scene and action presses while active: the Demo may advance on them, the Show ignores them. */
  handleEvent(event: SurfaceEvent, now: number): void {
    const active = this.#active;
    if (active?.kind !== 'demo') return;
    const step = active.run.advance(event);
    if (step === null) return;
    this.#publish(step);
    if (step.stage.terminal) active.completesAt = now + DEMO_TERMINAL_HOLD_SECONDS;
  }

  /** Advances playback; true when the experience just completed by itself. */
  tick(now: number): boolean {
    const active = this.#active;
    if (active === null) return false;
    if (active.kind === 'demo') {
      if (active.completesAt === null || now < active.completesAt) return false;
      return this.stop('complete');
    }
    const result = active.playback.tick(now);
    if (result.kind === 'waiting') return false;
    if (this.#hostScore && !active.scoreStarted) {
      active.scoreStarted = true;
      this.#quietly((audio) => audio.startShowScore(active.playback.scoreCues()));
    }
    if (result.kind === 'ended') return this.stop('complete');
    if (result.kind === 'new_cue') {
      this.#output.renderShowFrame(this.#show.cues[result.cue.cueIndex]!.frame);
      this.#setView(showPlayingView(active.playback.header, result.cue));
      if (result.ownCaption !== null) this.#announce(`${result.cue.act}: ${result.ownCaption}`);
    }
    return false;
  }

  /** §5.2: the stage's view, then its earcon, then the lifecycle view. */
  #publish(step: DemoStep): void {
    const { stage } = step;
    this.#output.render(demoStageView(stage, this.#publications++));
    if (step.audio !== null) {
      this.#audioSequence += 1;
      this.#playEarcon(step.audio, step.audioSlot);
    }
    this.#setView(
      demoPlayingView({
        title: this.#demo.title,
        stageIndex: stage.index,
        caption: stage.prompt.title,
        detail: stage.prompt.detail,
        audioCue: step.audio,
        audioSlot: step.audioSlot,
        audioSequence: this.#audioSequence,
      }),
    );
    this.#announce(`${stage.prompt.title}\n  ${stage.prompt.detail}`);
  }

  #playEarcon(name: EarconName, slot: number | null): void {
    this.#quietly((audio) => audio.playEarcon(name, slot));
  }

  #setView(view: ExperienceView): void {
    this.#output.setExperience(view);
  }

  /** Host sound is decoration: a failing player must never change what the surfaces show. */
  #quietly(run: (audio: HostAudio) => void): void {
    if (this.#audio === null) return;
    try {
      run(this.#audio);
    } catch {
      // Deliberately ignored (experiences.md §12.5: playback failures never affect control flow).
    }
  }
}
