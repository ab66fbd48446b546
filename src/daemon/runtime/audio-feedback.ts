import type { ControlAction } from '../../domain/index.js';
import { AudioCueDecider, type AudioCue, type AudioCueEvent, type StateCueName } from '../control-plane/index.js';

/** The earcons live operation can ask for (experiences.md §12.2); a subset of the eleven. */
export type LiveEarconName = StateCueName | ControlAction | 'session_selected' | 'unavailable';

/** Host sound as the daemon needs it; the experiences' HostAudio satisfies it. */
export interface EarconSink {
  playEarcon(name: LiveEarconName, slot: number | null): void;
}

/**
 * `--audio-feedback` (control-plane.md §17.6): the pure AudioCueDecider picks
 * the cue, this plays it. Action and "unavailable" cues sound at the selected
 * session's slot, which only the runtime knows, hence `selectedSlot`. Sound
 * is decoration: a failing sink never reaches the caller.
 */
export class AudioFeedback {
  readonly #decider = new AudioCueDecider();
  readonly #sink: EarconSink;

  constructor(sink: EarconSink) {
    this.#sink = sink;
  }

  note(event: AudioCueEvent, selectedSlot: () => number | null): void {
    const cue = this.#decider.decide(event);
    if (cue === null) return;
    const [name, slot] = earconFor(cue, selectedSlot);
    try {
      this.#sink.playEarcon(name, slot);
    } catch {
      // Deliberately ignored: playback failures never affect control flow (experiences.md §12.5).
    }
  }
}

function earconFor(cue: AudioCue, selectedSlot: () => number | null): [LiveEarconName, number | null] {
  switch (cue.kind) {
    case 'state':
      return [cue.cue, cue.slot];
    case 'session_selected':
      return ['session_selected', cue.slot];
    case 'action':
      return [cue.action, selectedSlot()];
    case 'unavailable':
      return ['unavailable', selectedSlot()];
  }
}
