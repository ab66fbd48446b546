import { join } from 'node:path';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { interruptSignal, pause } from '../interrupt.js';
import { numberOption, parseCommandArgs } from '../parse-args.js';
import type { ExperienceKind } from '../../domain/index.js';
import {
  ExperiencePlayer,
  ManifestError,
  PACKAGED_DEMO_FILE,
  PACKAGED_SHOW_FILE,
  StandaloneSession,
  loadDemoManifest,
  loadPerformanceManifest,
  surfacesOutput,
} from '../../experiences/index.js';
import { HubSetupError, gateOnSequencer, type DaemonMidi, type HubLogger } from '../../devices/hub/index.js';
import { MidiDeviceError } from '../../midi/errors.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import { parsePortSpec } from '../../midi/port-spec.js';
import { PACKAGE_ROOT } from '../../package-info.js';
import { ProfileError } from '../../profiles/index.js';
import { midiHubFor } from '../daemon-options.js';

/** The daemon's controller options without its greeting ones: `show` and `demo` never greet. */
export const DEVICE_OPTIONS = {
  profile: { type: 'string' },
  'profile-file': { type: 'string' },
  input: { type: 'string' },
  output: { type: 'string' },
} as const;

export const DEVICE_HELP = `  --profile ID          drive controllers of this profile (default: every connected
                        controller that a supported profile matches)
  --profile-file FILE   drive controllers of the profile in FILE
  --input NAME          the MIDI input port (as 'pad-lattice ports' lists it), or
                        file:PATH to read presses as hex lines from a file or FIFO
  --output NAME         the MIDI output port, or trace:PATH to write every message
                        as a hex line (trace:- = stdout); file:/trace: need --profile`;

/** Exit status after Ctrl-C, as a shell reports a SIGINT death. */
const EXIT_INTERRUPTED = 130;

/** Seconds between loop iterations (experiences.md §10.5). */
const LOOP_INTERVAL = 0.03;

export interface ExperienceCommandDeps {
  readonly backend: () => MidiBackend;
  /** Monotonic seconds. */
  readonly now: () => number;
  /** Resolves after `seconds`, or early when `signal` aborts. */
  readonly sleep: (seconds: number, signal: AbortSignal) => Promise<void>;
  readonly interrupt: () => { readonly signal: AbortSignal; release(): void };
}

export const DEFAULT_EXPERIENCE_DEPS: ExperienceCommandDeps = {
  backend: () => gateOnSequencer(createJulusianBackend()),
  now: () => performance.now() / 1000,
  sleep: (seconds, signal) => pause(seconds * 1000, signal),
  interrupt: interruptSignal,
};

type DeviceValues = { profile?: string; 'profile-file'?: string; input?: string; output?: string };

const isPortSpec = (text: string | undefined, direction: 'input' | 'output') =>
  text !== undefined && text !== '' && parsePortSpec(text, direction).kind !== 'device';

/** The controllers, chosen as the daemon chooses them. A Show reads no presses, so a trace output alone is enough. */
function openControllers(kind: ExperienceKind, values: DeviceValues, io: CliIo, logger: HubLogger, deps: ExperienceCommandDeps): Promise<DaemonMidi> {
  const input = values.input ?? (kind === 'show' && isPortSpec(values.output, 'output') ? 'file:/dev/null' : undefined);
  return midiHubFor({ ...values, ...(input === undefined ? {} : { input }), 'no-greeting': true }, io, logger, deps.backend);
}

/** Clears and releases every controller (its shutdown commands) and stops watching the profile folders. */
async function closeControllers(midi: DaemonMidi | null): Promise<void> {
  midi?.hub.close();
  await midi?.dispose();
}

/**
 * The standalone `show` / `demo` loop (experiences.md §10.5) on MIDI
 * controllers: start at once, feed presses to the experience, tick every
 * 30 ms, leave when it ends. Whatever happens — the end, Ctrl-C, an error —
 * the controllers are closed, which clears them and sends their shutdown
 * commands.
 */
export async function runExperienceCommand(
  kind: ExperienceKind,
  values: DeviceValues & { manifest?: string; tempo?: number },
  io: CliIo,
  deps: ExperienceCommandDeps,
): Promise<number> {
  const say = (stream: NodeJS.WritableStream) => (line: string) => void stream.write(`${line}\n`);
  const warn = (line: string) => say(io.stderr)(`pad-lattice ${kind}: ${line}`);
  // With the MIDI trace on stdout, the narration moves to stderr so the trace stays parseable.
  const narrate = values.output === 'trace:-' ? say(io.stderr) : say(io.stdout);
  let midi: DaemonMidi | null = null;
  let player: ExperiencePlayer;
  try {
    const [demo, show] = await Promise.all([
      loadDemoManifest(join(PACKAGE_ROOT, PACKAGED_DEMO_FILE)),
      loadPerformanceManifest(values.manifest ?? join(PACKAGE_ROOT, PACKAGED_SHOW_FILE)),
    ]);
    midi = await openControllers(kind, values, io, { info: warn, warn, error: warn }, deps);
    player = new ExperiencePlayer({ demo, show, announce: narrate, output: surfacesOutput([midi.hub], (_surface, error) => warn(String(error))) });
    midi.hub.initialize();
    narrate(kind === 'show' ? `${show.title} (${(show.durationMs / 1000).toFixed(1)} s)` : demo.title);
  } catch (error) {
    await closeControllers(midi);
    if (error instanceof HubSetupError) throw new UsageError(error.message);
    if (!(error instanceof ManifestError || error instanceof ProfileError || error instanceof MidiDeviceError)) throw error;
    warn(error.message);
    return EXIT.failure;
  }
  const hub = midi.hub;
  if (hub.descriptors.length === 0) {
    await closeControllers(midi);
    warn('no MIDI controller found; connect one, or name it with --profile/--input/--output');
    return EXIT.unavailable;
  }
  const session = new StandaloneSession(player, { prepared: kind, waitForRequest: false, tempo: values.tempo ?? 1 });
  const interrupt = deps.interrupt();
  try {
    session.begin(deps.now());
    while (session.running && !interrupt.signal.aborted) {
      for (const event of hub.pollEvents()) session.handle(event, deps.now());
      if (session.tick(deps.now())) break;
      await deps.sleep(LOOP_INTERVAL, interrupt.signal);
    }
    if (interrupt.signal.aborted) session.interrupt();
  } finally {
    session.close();
    await closeControllers(midi);
    interrupt.release();
  }
  if (interrupt.signal.aborted) return EXIT_INTERRUPTED;
  return session.completed ? EXIT.ok : EXIT.failure;
}

const HELP = `Usage: pad-lattice show [--manifest FILE] [--tempo X] [device options]

Plays a Show — a timed full-surface light performance — on a MIDI controller
and exits when it ends. RGB controllers get every colour exactly (the
profile's show_rgb); others draw each light's palette fallback. Without
--manifest it plays Pad-Lattice's own Show, "The Night Shift". Ctrl-C stops
it and always leaves the controller cleared.

Options:
  --manifest FILE       a Performance Manifest 1 file
  --tempo X             playback speed, > 0 (default 1.0; 2.0 plays twice as fast)
${DEVICE_HELP}
  -h, --help

Captions are printed as the Show reaches them (on stderr when --output is trace:-).
With a trace: output and no --input the Show reads no presses; it ignores them anyway.

Exit status: 0 the Show played to its end, 1 it did not (a manifest, profile or port
error), 2 usage error, 3 no MIDI controller found, 130 interrupted.
`;

export function makeShowCommand(deps: ExperienceCommandDeps = DEFAULT_EXPERIENCE_DEPS): Command {
  return {
    name: 'show',
    summary: 'Play a full-surface light Show on a MIDI controller',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, { ...DEVICE_OPTIONS, manifest: { type: 'string' }, tempo: { type: 'string' } });
      const tempo = numberOption('--tempo', values.tempo, 1);
      if (!(tempo > 0)) throw new UsageError(`--tempo must be greater than 0, got ${JSON.stringify(values.tempo)}`);
      if (values.manifest === '') throw new UsageError('--manifest must not be empty');
      return runExperienceCommand('show', { ...values, tempo }, io, deps);
    },
  };
}

export const showCommand = makeShowCommand();
