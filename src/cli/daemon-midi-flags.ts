import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS } from '../render/greeting-scroll.js';

/*
 * The daemon's controller flags, apart from opening the controllers
 * (controllers.ts), so the daemon parses them without loading the MIDI
 * and profile code before it answers its first client.
 */

/** The daemon's MIDI controller options (parsed by `daemon`; see openControllers). */
export const DAEMON_MIDI_OPTIONS = {
  profile: { type: 'string' },
  'profile-file': { type: 'string' },
  input: { type: 'string' },
  output: { type: 'string' },
  'no-greeting': { type: 'boolean', default: false },
  'greeting-delay': { type: 'string' },
} as const;

export const DAEMON_MIDI_HELP = `Controllers:
  --profile ID            drive controllers of this profile (experimental ones too)
  --profile-file FILE     drive controllers of the profile in FILE
  --input NAME            the MIDI input port (as 'pad-lattice ports' lists it), or
                          file:PATH to read presses as hex lines from a file or FIFO
  --output NAME           the MIDI output port, or trace:PATH to write every message
                          as a hex line (trace:- = stdout); file:/trace: need --profile
  --no-greeting           skip the "${DEFAULT_GREETING}" scroll on new controllers
  --greeting-delay SEC    seconds per greeting frame (default ${DEFAULT_GREETING_DELAY_SECONDS})

Without --profile the daemon opens every controller that a supported profile,
or one checked against the manufacturer's documents, matches ('pad-lattice
devices' shows them). It looks again as soon as the system reports hardware
coming or going (and a few seconds later), and about once a second besides:
one plugged in later shows the current view at once, one unplugged is dropped
and repainted when it returns; several can run at once. Each controller gets
at most 60 frames a second, always the newest. Without any controller, or
without MIDI on the machine, the daemon keeps running.`;
