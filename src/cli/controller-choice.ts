import type { ControllerChoice } from '../app/controllers.js';
import type { GreetingOptions } from '../midi-grid/open-device.js';
import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS } from '../render/greeting-scroll.js';
import type { SurfaceValues } from './daemon-surface-flags.js';
import { numberOption } from './parse-args.js';
import { UsageError } from './command.js';
import { portFlagsProblem } from '../midi-grid/fixed-ports.js';
import { parsePortSpec } from '../midi/port-spec.js';
import { MidiDeviceError } from '../midi/errors.js';

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
  if (midi) checkPortFlags(values);
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

/**
 * The controller flags that cannot work together, as a usage error before
 * anything starts (the hub checks them again). `showOnly`: the Show reads no
 * presses, so a trace: output alone is enough (it reads file:/dev/null).
 */
export function checkPortFlags(values: MidiValues, options: { readonly showOnly?: boolean } = {}): void {
  try {
    checkPortFlagsOrThrow(values, options.showOnly === true);
  } catch (error) {
    // A malformed trace:/file: spec ('trace:' without a path) is a flag to write again, too.
    throw error instanceof MidiDeviceError ? new UsageError(error.message) : error;
  }
}

function checkPortFlagsOrThrow(values: MidiValues, showOnly: boolean): void {
  const given = (value: string | undefined): value is string => value !== undefined && value !== '';
  const traceAlone = showOnly && !given(values.input) && given(values.output) && parsePortSpec(values.output, 'output').kind !== 'device';
  const problem = portFlagsProblem({
    profile: given(values.profile),
    profileFile: given(values['profile-file']),
    input: traceAlone ? 'file:/dev/null' : values.input,
    output: values.output,
  });
  if (problem !== null) throw new UsageError(problem);
}
