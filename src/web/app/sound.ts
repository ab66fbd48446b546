import { SoundController, type SoundHost } from './sound-controller.js';

/** The browser side of SoundController: real audio elements and window timers. */
const BROWSER_SOUND: SoundHost = {
  createAudio: (url) => new Audio(url),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/** This browser's Sound toggle and playback (experiences.md §12.6); the logic lives in sound-controller.ts. */
export class SoundPlayer extends SoundController {
  constructor() {
    super(BROWSER_SOUND);
  }
}
