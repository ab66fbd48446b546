import { SoundController, type SoundHost } from './sound-controller.js';
import { renderSoundFor } from './sound-sources.js';
import { SynthesizedSound } from './synthesized-sound.js';

let context: AudioContext | null = null;

/** The browser side of SoundController: sounds rendered in the page and played by Web Audio, and window timers. */
const BROWSER_SOUND: SoundHost = {
  createAudio: (url) => {
    context ??= new AudioContext();
    return new SynthesizedSound(context, (rate) => renderSoundFor(url, rate));
  },
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/** This browser's Sound toggle and playback (experiences.md §12.6); the logic lives in sound-controller.ts. */
export class SoundPlayer extends SoundController {
  constructor() {
    super(BROWSER_SOUND);
  }
}
