import { EXIT, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { udevRules } from '../../diagnostics/udev-rules.js';
import { errorMessage } from '../../support/error-message.js';
import { loadStreamDeckLibrary, type DeckModelSpec } from '../../stream-deck/library.js';

const HELP = `Usage: pad-lattice udev-rules

Prints Linux udev rules that let you use monome grids and Stream Decks without
root (they tag the devices "uaccess": the logged-in user gets access). Install
them once:

  pad-lattice udev-rules | sudo tee /etc/udev/rules.d/70-pad-lattice.rules
  sudo udevadm control --reload-rules && sudo udevadm trigger

then unplug and replug the device. MIDI controllers need no rules.

Options:
  -h, --help

Exit status: 0 printed, 1 the Stream Deck library could not be loaded (reinstall pad-lattice).
`;

export function makeUdevRulesCommand(deckModels: () => readonly DeckModelSpec[]): Command {
  return {
    name: 'udev-rules',
    summary: 'Print Linux udev rules for monome grids and Stream Decks (no root needed afterwards)',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      parseCommandArgs(args, {});
      let models: readonly DeckModelSpec[];
      try {
        models = deckModels();
      } catch (error) {
        io.stderr.write(`pad-lattice udev-rules: the Stream Deck library could not be loaded (${errorMessage(error)}); reinstall pad-lattice\n`);
        return EXIT.failure;
      }
      io.stdout.write(udevRules(models));
      return EXIT.ok;
    },
  };
}

export const udevRulesCommand = makeUdevRulesCommand(() => loadStreamDeckLibrary().models);
