import type { Command, CommandEntry, LazyCommand } from '../command.js';

export interface CommandGroup {
  readonly title: string;
  readonly commands: readonly CommandEntry[];
}

/** `name` must be the loaded command's own (the CLI tests check every entry). */
const lazy = (name: string, load: () => Promise<Command>): LazyCommand => ({ name, load });

/** The `pad-lattice --help` listing, grouped by what a user is doing; each module loads when its command runs. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  {
    title: 'Run the pad',
    commands: [
      lazy('daemon', async () => (await import('./daemon.js')).daemonCommand),
      lazy('web', async () => (await import('./web.js')).webCommand),
      lazy('remote', async () => (await import('./remote.js')).remoteCommand),
      lazy('status', async () => (await import('./status.js')).statusCommand),
      lazy('symbols', async () => (await import('./symbols.js')).symbolsCommand),
      lazy('ping', async () => (await import('./ping.js')).pingCommand),
    ],
  },
  {
    title: 'Report from agents and scripts',
    commands: [
      lazy('send-state', async () => (await import('./send-state.js')).sendStateCommand),
      lazy('hook-state', async () => (await import('./hook-state.js')).hookStateCommand),
      lazy('end-session', async () => (await import('./end-session.js')).endSessionCommand),
      lazy('listen-actions', async () => (await import('./listen-actions.js')).listenActionsCommand),
    ],
  },
  {
    title: 'Coding agents',
    commands: [
      lazy('codex', async () => (await import('./codex.js')).codexCommand),
      lazy('codex-exec', async () => (await import('./codex-exec.js')).codexExecCommand),
      lazy('codex-hook', async () => (await import('./codex-hook.js')).codexHookCommand),
      lazy('uninstall-codex-hooks', async () => (await import('./uninstall-codex-hooks.js')).uninstallCodexHooksCommand),
      lazy('claude', async () => (await import('./claude.js')).claudeCommand),
      lazy('claude-hook', async () => (await import('./claude-hook.js')).claudeHookCommand),
      lazy('gemini', async () => (await import('./gemini.js')).geminiCommand),
      lazy('copilot', async () => (await import('./copilot.js')).copilotCommand),
      lazy('opencode', async () => (await import('./opencode.js')).opencodeCommand),
      lazy('acp', async () => (await import('./acp.js')).acpCommand),
    ],
  },
  {
    title: 'Controllers and profiles',
    commands: [
      lazy('devices', async () => (await import('./devices.js')).devicesCommand),
      lazy('ports', async () => (await import('./ports.js')).portsCommand),
      lazy('monitor-midi', async () => (await import('./monitor-midi.js')).monitorMidiCommand),
      lazy('profile', async () => (await import('./profile.js')).profileCommand),
      lazy('render', async () => (await import('./render.js')).renderCommand),
      lazy('doctor', async () => (await import('./doctor.js')).doctorCommand),
      lazy('udev-rules', async () => (await import('./udev-rules.js')).udevRulesCommand),
    ],
  },
  {
    title: 'Experiences and measurement',
    commands: [
      lazy('demo', async () => (await import('./demo.js')).demoCommand),
      lazy('show', async () => (await import('./show.js')).showCommand),
      lazy('bench', async () => (await import('./bench.js')).benchCommand),
    ],
  },
];

/** Every `pad-lattice` subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = COMMAND_GROUPS.flatMap((group) => group.commands);
