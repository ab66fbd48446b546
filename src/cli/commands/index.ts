import type { Command } from '../command.js';
import { portsCommand } from './ports.js';
import { daemonCommand } from './daemon.js';
import { statusCommand } from './status.js';
import { sendStateCommand } from './send-state.js';
import { hookStateCommand } from './hook-state.js';
import { endSessionCommand } from './end-session.js';
import { listenActionsCommand } from './listen-actions.js';
import { symbolsCommand } from './symbols.js';
import { pingCommand } from './ping.js';
import { profileCommand } from './profile.js';
import { claudeCommand } from './claude.js';
import { claudeHookCommand } from './claude-hook.js';
import { renderCommand } from './render.js';
import { codexCommand } from './codex.js';
import { codexHookCommand } from './codex-hook.js';
import { codexExecCommand } from './codex-exec.js';
import { uninstallCodexHooksCommand } from './uninstall-codex-hooks.js';
import { devicesCommand } from './devices.js';
import { monitorMidiCommand } from './monitor-midi.js';
import { doctorCommand } from './doctor.js';
import { udevRulesCommand } from './udev-rules.js';
import { benchCommand } from './bench.js';
import { showCommand } from './show.js';
import { demoCommand } from './demo.js';
import { webCommand } from './web.js';
import { remoteCommand } from './remote.js';

export interface CommandGroup {
  readonly title: string;
  readonly commands: readonly Command[];
}

/** The `pad-lattice --help` listing, grouped by what a user is doing. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  { title: 'Run the pad', commands: [daemonCommand, webCommand, remoteCommand, statusCommand, symbolsCommand, pingCommand] },
  {
    title: 'Report from agents and scripts',
    commands: [sendStateCommand, hookStateCommand, endSessionCommand, listenActionsCommand],
  },
  {
    title: 'Coding agents',
    commands: [codexCommand, codexExecCommand, codexHookCommand, uninstallCodexHooksCommand, claudeCommand, claudeHookCommand],
  },
  {
    title: 'Controllers and profiles',
    commands: [devicesCommand, portsCommand, monitorMidiCommand, profileCommand, renderCommand, doctorCommand, udevRulesCommand],
  },
  { title: 'Experiences and measurement', commands: [demoCommand, showCommand, benchCommand] },
];

/** Every `pad-lattice` subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = COMMAND_GROUPS.flatMap((group) => group.commands);
