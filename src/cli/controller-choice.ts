import type { ControllerChoice } from '../app/controllers.js';
import type { GreetingOptions } from '../midi-grid/open-device.js';
import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS } from '../render/greeting-scroll.js';
import type { SurfaceValues } from './daemon-surface-flags.js';
import { numberOption } from './parse-args.js';

/** The values of DAEMON_MIDI_OPTIONS. */
export type MidiValues = {
  profile?: string;
  'profile-file'?: string;
  input?: string;
  output?: string;
  'no-greeting'?: boolean;
  'greeting-delay'?: string;
};

/**
 * The controllers the daemon's flags ask for, checked now — before the daemon
 * starts — so a bad value is a usage error that leaks nothing. `midi` false:
 * no MIDI controllers at all (`web` drives grids and Stream Decks, no MIDI).
 */
export function controllerChoice(values: MidiValues & SurfaceValues, midi: boolean): ControllerChoice {
  return {
    midi: midi
      ? {
          profileId: values.profile,
          profileFile: values['profile-file'],
          input: values.input,
          output: values.output,
          greeting: greetingChoice(values),
        }
      : null,
    serial: values['no-serial'] === true ? null : { paths: values.grid ?? [] },
    hid: values['no-hid'] !== true,
  };
}

/** `--no-greeting` and `--greeting-delay` (the daemon's and the Demo's): the startup scroll new MIDI controllers show. */
export function greetingChoice(values: Pick<MidiValues, 'no-greeting' | 'greeting-delay'>): GreetingOptions {
  const delaySeconds = numberOption('--greeting-delay', values['greeting-delay'], DEFAULT_GREETING_DELAY_SECONDS, 0);
  return { text: values['no-greeting'] === true ? null : DEFAULT_GREETING, delaySeconds };
}
