import { UsageError, type CliIo, type Command } from '../command.js';
import { greetingChoice } from '../controller-choice.js';
import { parseCommandArgs } from '../parse-args.js';
import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS } from '../../render/greeting-scroll.js';
import { DEFAULT_EXPERIENCE_DEPS, DEVICE_HELP, DEVICE_OPTIONS, runExperienceCommand, type ExperienceCommandDeps } from './show.js';

const HELP = `Usage: pad-lattice demo [--no-greeting] [--greeting-delay SEC] [--audio] [device options]

A guided tour of the visual protocol on the connected controllers (MIDI,
monome grids, Stream Decks, as the daemon drives them), with three pretend
agents: select a Scene, read an agent's state, approve it, retry another, and
watch everything turn green. Each step's instructions are printed here; the
controllers' Scene and action buttons answer them. No real agent is contacted.
Ctrl-C stops it and always leaves the controllers cleared. MIDI controllers
first scroll the "${DEFAULT_GREETING}" greeting, as the daemon's do.

With --surface web (or both) it serves the browser pad instead (or as well),
prints the admin link and waits: the admin page's Start Demo begins the tour
(Start Show is refused), and the page's Scene and action buttons answer it.

Options:
  --no-greeting         skip the greeting scroll on MIDI controllers
  --greeting-delay SEC  seconds per greeting frame (default ${DEFAULT_GREETING_DELAY_SECONDS})
  --audio               also play the Demo's earcons on this machine (through paplay,
                        aplay, pw-play or ffplay; says so when there is no sound)
${DEVICE_HELP}
  -h, --help

Exit status: 0 the tour was finished, 1 it was not (stopped from the admin page, a
profile or port error), 2 usage error, 3 no controller found (with --surface midi),
130 interrupted.
`;

export function makeDemoCommand(deps: ExperienceCommandDeps = DEFAULT_EXPERIENCE_DEPS): Command {
  return {
    name: 'demo',
    summary: 'A guided tour of the pad on the controllers or the browser pad, with pretend agents',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, {
        ...DEVICE_OPTIONS,
        'no-greeting': { type: 'boolean', default: false },
        'greeting-delay': { type: 'string' },
        audio: { type: 'boolean', default: false },
      });
      if (values['no-greeting'] === true && values['greeting-delay'] !== undefined) {
        throw new UsageError('--greeting-delay has nothing to time with --no-greeting; drop one of them');
      }
      return runExperienceCommand('demo', { ...values, greeting: greetingChoice(values) }, io, deps);
    },
  };
}

export const demoCommand = makeDemoCommand();
