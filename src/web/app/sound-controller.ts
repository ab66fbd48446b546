import type { ExperienceStateMessage } from './messages.js';

export const DEFAULT_SOUNDTRACK = './experiences/audio/constellation-v1.wav';
/** Past this drift (seconds) the soundtrack seeks back to the cue time. */
export const MAX_DRIFT = 0.75;

/** The part of an audio element the sound logic uses (HTMLAudioElement has all of it). */
export interface SoundElement {
  readonly paused: boolean;
  currentTime: number;
  playbackRate: number;
  preservesPitch: boolean;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
}

/** What the browser provides: audio elements and timers. Tests pass fakes, so this logic runs in Node. */
export interface SoundHost {
  createAudio(url: string): SoundElement;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** The earcon file a Demo cue names: `earcon-<cue>-<slot or none>.wav` (experiences.md §12.6). */
export function earconUrl(cue: string, slot: number | null): string {
  return `./experiences/audio/earcon-${cue}-${slot === null ? 'none' : String(slot)}.wav`;
}

/** The soundtrack of a Show message: its `audio_asset` under the app root (a leading `./` dropped), else the default. */
export function soundtrackUrl(audioAsset: string | null): string {
  return audioAsset === null ? DEFAULT_SOUNDTRACK : `./${audioAsset.replace(/^\.\//, '')}`;
}

/**
 * This browser's own sound (experiences.md §12.6): off by default, never
 * stored, independent of other browsers and of host audio. Demo earcons play
 * once per audio sequence; the Show soundtrack follows the cue clock and
 * stops on any idle or blocked state, whatever its kind.
 */
export class SoundController {
  readonly #host: SoundHost;
  #enabled = false;
  #soundtrack: SoundElement | null = null;
  #source: string | null = null;
  #startTimer: number | null = null;
  #lastSequence = 0;

  constructor(host: SoundHost) {
    this.#host = host;
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Turning sound on primes the soundtrack inside the click, so later playback passes autoplay rules. */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    if (!enabled) return this.#stopSoundtrack();
    const audio = this.#soundtrackFor(DEFAULT_SOUNDTRACK);
    audio.muted = true;
    audio
      .play()
      .then(() => {
        audio.pause();
        audio.currentTime = 0;
      })
      .catch(() => undefined)
      .finally(() => {
        audio.muted = false;
      });
  }

  onExperience(state: ExperienceStateMessage | null): void {
    if (state === null || state.status === 'idle' || state.status === 'blocked') {
      this.#stopSoundtrack();
      if (state?.kind === 'demo') this.#noteSequence(state);
      return;
    }
    if (state.kind === 'demo') this.#playEarcon(state);
    else if (state.kind === 'show' && this.#enabled) this.#followShow(state);
  }

  #noteSequence(state: ExperienceStateMessage): void {
    // A lower sequence means a new Demo controller: start counting again.
    if (state.audio_sequence < this.#lastSequence) this.#lastSequence = 0;
  }

  #playEarcon(state: ExperienceStateMessage): void {
    this.#noteSequence(state);
    if (!this.#enabled || state.audio_cue === null || state.audio_sequence <= this.#lastSequence) return;
    this.#lastSequence = state.audio_sequence;
    this.#host
      .createAudio(earconUrl(state.audio_cue, state.audio_slot))
      .play()
      .catch(() => undefined);
  }

  #followShow(state: ExperienceStateMessage): void {
    const audio = this.#soundtrackFor(soundtrackUrl(state.audio_asset));
    audio.playbackRate = state.tempo;
    audio.preservesPitch = true;
    if (state.status === 'starting') {
      this.#stopSoundtrack();
      this.#startTimer = this.#host.setTimeout(() => {
        this.#startTimer = null;
        audio.play().catch(() => undefined);
      }, state.start_delay_ms);
      return;
    }
    const target = state.elapsed_ms / 1000;
    if (audio.paused || Math.abs(audio.currentTime - target) > MAX_DRIFT) audio.currentTime = target;
    if (audio.paused) audio.play().catch(() => undefined);
  }

  #soundtrackFor(source: string): SoundElement {
    if (this.#soundtrack !== null && this.#source === source) return this.#soundtrack;
    this.#stopSoundtrack();
    this.#soundtrack = this.#host.createAudio(source);
    this.#soundtrack.preload = 'auto';
    this.#source = source;
    return this.#soundtrack;
  }

  #stopSoundtrack(): void {
    if (this.#startTimer !== null) this.#host.clearTimeout(this.#startTimer);
    this.#startTimer = null;
    if (this.#soundtrack === null) return;
    this.#soundtrack.pause();
    this.#soundtrack.currentTime = 0;
  }
}
