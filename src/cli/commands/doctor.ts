import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { colourEnabled, makeStyle } from '../style.js';
import { countLegacyHooks } from '../../agents/codex/legacy-hooks.js';
import { defaultHooksPath, readHooksFile } from '../../agents/codex/legacy-hooks-file.js';
import { DaemonUnavailableError, PadLatticeClient } from '../../client/index.js';
import { defaultSocketPath } from '../../unix-socket/socket-path.js';
import {
  agentClisCheck,
  agentCliSourcesFor,
  runDoctor,
  type AgentCliSources,
  type CheckStatus,
  type DoctorCheck,
  type DoctorReport,
} from '../../diagnostics/doctor/index.js';
import { askEach } from '../../diagnostics/identity-probe.js';
import { currentEnvironment } from '../../diagnostics/guided-test/index.js';
import { gateOnSequencer } from '../../midi/sequencer-gate.js';
import type { HidBackend } from '../../hid/hid-device.js';
import { loadStreamDeckLibrary, type DeckModelSpec } from '../../stream-deck/library.js';
import { createNodeHidBackend } from '../../hid/node-hid-backend.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import { PACKAGE_VERSION } from '../../support/package-info.js';
import type { SerialBackend } from '../../serial/serial-port.js';
import { createSerialportBackend } from '../../serial/serialport-backend.js';
import { homeFrom, loadCatalogFor } from './profile-context.js';
import { errorMessage } from '../../support/error-message.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';

const HELP = `Usage: pad-lattice doctor [--socket PATH] [--hooks-path FILE] [--json]

Checks what Pad-Lattice needs and prints one line per check:
  runtime         the Node.js version and operating system
  profiles        the device profile catalog, built-in and yours
  midi            the MIDI ports (none are opened)
  devices         which profiles match those ports, experimental ones included
  identity        each matched device asked who it is (a MIDI Device Inquiry, the
                  one check that opens a port): maker and firmware where it
                  answers, and the profile's USB ids
  serial_backend  whether serial ports can be listed, and how many there are
  hid_backend     whether HID devices can be listed, and how many there are
  surfaces        the monome grids and Stream Decks among them (never opened)
  daemon          whether a daemon answers on the socket
  codex_hooks     leftover Pad-Lattice handlers in the global Codex hooks file
  agent_clis      the coding-agent CLIs on PATH (claude, codex, gemini, copilot,
                  opencode), their versions and whether the pad supports them
Your home directory is shown as ~ and $XDG_RUNTIME_DIR by name, so the output
can be shared as it is.

Options:
  --socket PATH      the daemon socket the daemon check asks (default: $PAD_LATTICE_SOCKET,
                     else $XDG_RUNTIME_DIR/pad-lattice.sock, else /tmp/pad-lattice-<uid>/pad-lattice.sock)
  --hooks-path FILE  the Codex hooks file the codex_hooks check reads (default:
                     $CODEX_HOME/hooks.json, else ~/.codex/hooks.json)
  --json             print {"version","overall","checks":[{"name","status","summary","details"}]}
  -h, --help

Exit status: 0 every check is ok or a warning, 1 a check found an error,
3 the only error is that MIDI is unavailable on this machine.
`;

export interface DoctorDeps {
  readonly backend: () => MidiBackend;
  /** True when a daemon answers on the socket, false when none runs there. */
  readonly probeDaemon: (socketPath: string, io: CliIo) => Promise<boolean>;
  /** Listed (never opened) by the serial_backend and hid_backend checks; each check is left out without its backend. */
  readonly serialBackend?: () => SerialBackend;
  readonly hidBackend?: () => HidBackend;
  /** Stream Deck models for the surfaces check (left out without them). */
  readonly deckModels?: () => readonly DeckModelSpec[];
  /** Where the agent_clis check looks for agent CLIs (default: the PATH of the command's environment). */
  readonly agentClis?: (env: NodeJS.ProcessEnv) => AgentCliSources;
  /** How long a device may take to answer the Device Inquiry. */
  readonly identityTimeoutMs?: number;
}

async function pingDaemon(socketPath: string): Promise<boolean> {
  try {
    await new PadLatticeClient({ socketPath }).ping();
    return true;
  } catch (error) {
    if (error instanceof DaemonUnavailableError) return false;
    throw error;
  }
}

/** The `codex_hooks` check of agent-adapters.md §A.10. */
function codexHooksCheck(path: string): DoctorCheck {
  try {
    const count = countLegacyHooks(readHooksFile(path));
    if (count > 0) {
      return {
        name: 'codex_hooks',
        status: 'warning',
        summary: `${count} legacy global Pad-Lattice hooks remain (remove them with 'pad-lattice uninstall-codex-hooks')`,
        details: { path, count },
      };
    }
    return { name: 'codex_hooks', status: 'ok', summary: 'hooks activate only through pad-lattice codex', details: { path } };
  } catch (error) {
    return { name: 'codex_hooks', status: 'error', summary: errorMessage(error), details: { path } };
  }
}

function printReport(io: CliIo, report: DoctorReport): void {
  const style = makeStyle(colourEnabled(io.stdout, io.env));
  const paint: Record<CheckStatus, (text: string) => string> = { ok: style.green, warning: style.yellow, error: style.red };
  const width = Math.max(...report.checks.map((check) => check.name.length));
  io.stdout.write(`pad-lattice ${report.version}: ${paint[report.overall](report.overall)}\n`);
  for (const check of report.checks) {
    // Summaries quote port names, file names and profile problems: shown escaped.
    io.stdout.write(`  ${paint[check.status](check.status.padEnd(7))}  ${check.name.padEnd(width)}  ${escapeUntrusted(check.summary)}\n`);
  }
}

export function makeDoctorCommand(deps: DoctorDeps): Command {
  return {
    name: 'doctor',
    summary: 'Check the runtime, device profiles, MIDI ports, daemon and hooks',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, {
        json: { type: 'boolean', default: false },
        socket: { type: 'string' },
        'hooks-path': { type: 'string' },
      });
      if (values.socket === '') throw new UsageError('--socket must not be empty');
      if (values['hooks-path'] === '') throw new UsageError('--hooks-path must not be empty');
      const environment = currentEnvironment();
      const socketPath = values.socket ?? defaultSocketPath(io.env);
      const hooksPath = values['hooks-path'] ?? defaultHooksPath(io.env);
      const report = await runDoctor({
        runtime: { node: environment.node, system: environment.system, release: environment.release, version: PACKAGE_VERSION },
        loadCatalog: () => loadCatalogFor(io),
        listPorts: () => deps.backend().listPorts(),
        askIdentities: (pairs) => askEach(deps.backend(), pairs, deps.identityTimeoutMs),
        serialBackend: deps.serialBackend,
        hidBackend: deps.hidBackend,
        deckModels: deps.deckModels,
        socketPath,
        probeDaemon: (path) => deps.probeDaemon(path, io),
        moreChecks: [async () => codexHooksCheck(hooksPath), () => agentClisCheck((deps.agentClis ?? agentCliSourcesFor)(io.env))],
        redaction: { home: homeFrom(io.env), runtimeDir: io.env['XDG_RUNTIME_DIR'] },
      });
      if (values.json === true) io.stdout.write(`${stringifyJsonSafely(report, 2)}\n`);
      else printReport(io, report);
      return doctorExit(report);
    },
  };
}

/** 3 when MIDI missing on this machine is the only error (README: a device is not available), 1 for any other error. */
function doctorExit(report: DoctorReport): number {
  const errors = report.checks.filter((check) => check.status === 'error');
  if (errors.length === 0) return EXIT.ok;
  return errors.every((check) => check.name === 'midi' && check.details['unavailable'] !== undefined) ? EXIT.unavailable : EXIT.failure;
}

export const doctorCommand = makeDoctorCommand({
  backend: () => gateOnSequencer(createJulusianBackend()),
  probeDaemon: (socketPath) => pingDaemon(socketPath),
  serialBackend: createSerialportBackend,
  hidBackend: createNodeHidBackend,
  deckModels: () => loadStreamDeckLibrary().models,
});
