import type { ExperienceStateMessage } from './messages.js';

const DEFAULT_SOUNDTRACK = './experiences/audio/constellation-v1.wav';
/** Past this drift (seconds) the soundtrack seeks back to the cue time. */
const MAX_DRIFT = 0.75;

/**
 * This browser's own sound (experiences.md §12.6): off by default, never
 * stored, independent of other browsers and of host audio. Demo earcons play
 * once per audio sequence; the Show soundtrack follows the cue clock and
 * stops on any idle or blocked state, whatever its kind.
 */
export class SoundPlayer {
  #enabled = false;
  #soundtrack: HTMLAudioElement | null = null;
  #source: string | null = null;
  #startTimer: number | null = null;
  #lastSequence = 0;

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
    const slot = state.audio_slot === null ? 'none' : String(state.audio_slot);
    new Audio(`./experiences/audio/earcon-${state.audio_cue}-${slot}.wav`).play().catch(() => undefined);
  }

  #followShow(state: ExperienceStateMessage): void {
    const source = state.audio_asset === null ? DEFAULT_SOUNDTRACK : `./${state.audio_asset.replace(/^\.\//, '')}`;
    const audio = this.#soundtrackFor(source);
    audio.playbackRate = state.tempo;
    audio.preservesPitch = true;
    if (state.status === 'starting') {
      this.#stopSoundtrack();
      this.#startTimer = window.setTimeout(() => {
        this.#startTimer = null;
        audio.play().catch(() => undefined);
      }, state.start_delay_ms);
      return;
    }
    const target = state.elapsed_ms / 1000;
    if (audio.paused || Math.abs(audio.currentTime - target) > MAX_DRIFT) audio.currentTime = target;
    if (audio.paused) audio.play().catch(() => undefined);
  }

  #soundtrackFor(source: string): HTMLAudioElement {
    if (this.#soundtrack !== null && this.#source === source) return this.#soundtrack;
    this.#stopSoundtrack();
    this.#soundtrack = new Audio(source);
    this.#soundtrack.preload = 'auto';
    this.#source = source;
    return this.#soundtrack;
  }

  #stopSoundtrack(): void {
    if (this.#startTimer !== null) window.clearTimeout(this.#startTimer);
    this.#startTimer = null;
    if (this.#soundtrack === null) return;
    this.#soundtrack.pause();
    this.#soundtrack.currentTime = 0;
  }
}
