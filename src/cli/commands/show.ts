import { join } from 'node:path';
import { createHostAudio, systemAudioEnvironment, type HostAudioHandle } from '../../audio/host/index.js';
import { manifestScoreCues } from '../../audio/show-audio.js';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { announceBrowserPad, openInBrowser, type StartBridge } from '../../app/browser-pad.js';
import type { ControllerBackends } from '../../app/controllers.js';
import { openExperienceSurfaces, SurfaceStartError, type ExperienceSurfaces } from '../../app/experience-surfaces.js';
import { BROWSER_PAD_HELP, BROWSER_PAD_OPTIONS } from '../browser-pad-flags.js';
import { DAEMON_SURFACE_OPTIONS } from '../daemon-surface-flags.js';
import { SURFACE_HELP, surfacePlan, type SurfaceValues } from '../experience-surface-plan.js';
import { pause } from '../../support/pause.js';
import { interruptSignal } from '../interrupt.js';
import { numberOption, parseCommandArgs } from '../parse-args.js';
import { checkPortFlags } from '../controller-choice.js';
import { lineLogger } from '../../support/log-lines.js';
import type { ExperienceKind } from '../../domain/index.js';
import type { GreetingOptions } from '../../midi-grid/open-device.js';
import {
  ExperiencePlayer,
  ManifestError,
  PACKAGED_DEMO_FILE,
  PACKAGED_SHOW_FILE,
  StandaloneSession,
  loadDemoManifest,
  loadPerformanceManifest,
} from '../../experiences/index.js';
import { HubSetupError } from '../../midi-grid/index.js';
import { gateOnSequencer } from '../../midi/sequencer-gate.js';
import { MidiDeviceError } from '../../midi/errors.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import { PACKAGE_ROOT } from '../../support/package-info.js';
import { ProfileError } from '../../profiles/index.js';

/** The daemon's controller options without its greeting ones (the Show never greets; the Demo adds them), and where to play. */
export const DEVICE_OPTIONS = {
  profile: { type: 'string' },
  'profile-file': { type: 'string' },
  input: { type: 'string' },
  output: { type: 'string' },
  ...DAEMON_SURFACE_OPTIONS,
  surface: { type: 'string' },
  ...BROWSER_PAD_OPTIONS,
} as const;

export const DEVICE_HELP = `  --profile ID          drive controllers of this profile (default: every connected
                        controller that a supported profile matches)
  --profile-file FILE   drive controllers of the profile in FILE
  --input NAME          the MIDI input port (as 'pad-lattice ports' lists it), or
                        file:PATH to read presses as hex lines from a file or FIFO
  --output NAME         the MIDI output port, or trace:PATH to write every message
                        as a hex line (trace:- = stdout); file:/trace: need --profile
  --grid PATH           also drive the monome grid at this serial port (repeatable);
                        without it grids are found by their USB identity
  --no-serial           do not look for monome grids
  --no-hid              do not look for Stream Decks
${SURFACE_HELP}

${BROWSER_PAD_HELP}
  These need --surface web or both.`;

/** Exit status after Ctrl-C, as a shell reports a SIGINT death. */
const EXIT_INTERRUPTED = 130;

/** Seconds between loop iterations (experiences.md §10.5). */
const LOOP_INTERVAL = 0.03;

export interface ExperienceCommandDeps extends Omit<ControllerBackends, 'midiBackend'> {
  readonly backend: () => MidiBackend;
  /** Monotonic seconds. */
  readonly now: () => number;
  /** Resolves after `seconds`, or early when `signal` aborts. */
  readonly sleep: (seconds: number, signal: AbortSignal) => Promise<void>;
  readonly interrupt: () => { readonly signal: AbortSignal; release(): void };
  /** Host sound for `--audio`; default: the first command-line player on the command's PATH (src/audio/host). */
  readonly hostAudio?: (report: (message: string) => void, env: NodeJS.ProcessEnv) => HostAudioHandle;
  /** Default: the real bridge (web-surface-protocol-1.md). */
  readonly startWeb?: StartBridge;
  /** Default: xdg-open when a display exists. */
  readonly openBrowser?: (url: string, env: NodeJS.ProcessEnv) => boolean;
}

export const DEFAULT_EXPERIENCE_DEPS: ExperienceCommandDeps = {
  backend: () => gateOnSequencer(createJulusianBackend()),
  now: () => performance.now() / 1000,
  sleep: (seconds, signal) => pause(seconds * 1000, signal),
  interrupt: interruptSignal,
};

const defaultHostAudio = (report: (message: string) => void, env: NodeJS.ProcessEnv): HostAudioHandle =>
  createHostAudio({ report, environment: systemAudioEnvironment(env) });

/**
 * The standalone `show` / `demo` loop (experiences.md §10.5): on the
 * controllers (MIDI, grids, Stream Decks) it starts at once; with the browser pad (`--surface web` or
 * `both`) it waits for the admin page's start request and refuses the other
 * kind. Presses go to the experience, it ticks every 30 ms and leaves when
 * the experience ends. Whatever happens — the end, Ctrl-C, an error — the
 * surfaces are closed: controllers cleared, browsers told and disconnected.
 */
export async function runExperienceCommand(
  kind: ExperienceKind,
  values: SurfaceValues & { manifest?: string; tempo?: number; audio?: boolean; greeting?: GreetingOptions },
  io: CliIo,
  deps: ExperienceCommandDeps,
): Promise<number> {
  const plan = surfacePlan(values);
  if (plan.controllers) checkPortFlags(values, { showOnly: kind === 'show' });
  const say = (stream: NodeJS.WritableStream) => (line: string) => void stream.write(`${line}\n`);
  // Escaped and cut like daemon log lines: device names and profile problems pass through here.
  const warn = lineLogger(io.stderr, kind, false).info;
  // With the MIDI trace on stdout, the narration moves to stderr so the trace stays parseable.
  const narrationStream = values.output === 'trace:-' ? io.stderr : io.stdout;
  const narrate = say(narrationStream);
  let opened: ExperienceSurfaces | null = null;
  let audio: HostAudioHandle | null = null;
  let player: ExperiencePlayer;
  let title: string;
  try {
    const [demo, show] = await Promise.all([
      loadDemoManifest(join(PACKAGE_ROOT, PACKAGED_DEMO_FILE)),
      loadPerformanceManifest(values.manifest ?? join(PACKAGE_ROOT, PACKAGED_SHOW_FILE)),
    ]);
    const devices = {
      profile: values.profile,
      profileFile: values['profile-file'],
      input: values.input,
      output: values.output,
      grids: values['no-serial'] === true ? null : (values.grid ?? []),
      hid: values['no-hid'] !== true,
      greeting: values.greeting,
    };
    const context = { env: io.env, stdout: io.stdout, logger: { info: warn, warn, error: warn } };
    opened = await openExperienceSurfaces(kind, plan, devices, context, { ...deps, midiBackend: deps.backend });
    if (values.audio === true) {
      audio = (deps.hostAudio ?? defaultHostAudio)(warn, io.env);
      if (kind === 'show') audio.prepareShowScore(manifestScoreCues(show, values.tempo ?? 1));
    }
    player = new ExperiencePlayer({
      demo,
      show,
      announce: narrate,
      output: opened.hub,
      audio,
      hostScore: audio !== null,
    });
    title = kind === 'show' ? `${show.title} (${(show.durationMs / 1000).toFixed(1)} s)` : demo.title;
  } catch (error) {
    audio?.close();
    await opened?.close();
    if (error instanceof HubSetupError) throw new UsageError(error.message);
    if (!(error instanceof ManifestError || error instanceof ProfileError || error instanceof MidiDeviceError || error instanceof SurfaceStartError))
      throw error;
    warn(error.message);
    return EXIT.failure;
  }
  const { hub, bridge } = opened;
  // Grids and Stream Decks open asynchronously (a grid must answer its size first): wait for the first look.
  await opened.scanned();
  if (plan.controllers && opened.controllerCount() === 0) {
    if (bridge === null) {
      audio?.close();
      await opened.close();
      warn(
        `no controller found; connect a MIDI controller, monome grid or Stream Deck (or name one with --profile/--input/--output or --grid), or play in the browser: pad-lattice ${kind} --surface web`,
      );
      return EXIT.unavailable;
    }
    warn('no controller found; playing in the browser only');
  }
  narrate(title);
  if (bridge !== null) {
    announceBrowserPad(bridge, narrationStream, false);
    if (plan.pad?.open === true) (deps.openBrowser ?? openInBrowser)(bridge.adminUrl, io.env);
    narrate(`Waiting for the admin page to start the ${kind === 'show' ? 'Show' : 'Demo'}…`);
  }
  const session = new StandaloneSession(player, { prepared: kind, waitForRequest: bridge !== null, tempo: values.tempo ?? 1 });
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
    // Browsers hear how it ended (idle, with the reason) before their connections close.
    session.close();
    audio?.close();
    await opened.close();
    interrupt.release();
  }
  if (interrupt.signal.aborted) return EXIT_INTERRUPTED;
  return session.completed ? EXIT.ok : EXIT.failure;
}

const HELP = `Usage: pad-lattice show [--manifest FILE] [--tempo X] [--audio] [device options]

Plays a Show — a timed full-surface light performance — on every connected
controller, as the daemon drives them, and exits when it ends. RGB MIDI
controllers get every colour exactly (the profile's show_rgb), others draw
each light's palette fallback; a monome grid shows each light's brightness, a
Stream Deck one colour per key. Without --manifest it plays Pad-Lattice's own
Show, "The Night Shift". Ctrl-C stops it and always leaves the controllers
cleared.

With --surface web (or both) it serves the browser pad instead (or as well),
prints the admin link and waits: the admin page's Start Show plays it, after
a 0.5 s lead-in; Start Demo is refused, since this command plays the Show.

Options:
  --manifest FILE       a Performance Manifest 1 file
  --tempo X             playback speed, > 0 (default 1.0; 2.0 plays twice as fast)
  --audio               also play the Show's score on this machine (through paplay,
                        aplay, pw-play or ffplay; says so when there is no sound)
${DEVICE_HELP}
  -h, --help

Captions are printed as the Show reaches them (on stderr when --output is trace:-).
With a trace: output and no --input the Show reads no presses; it ignores them anyway.

Exit status: 0 the Show played to its end, 1 it did not (stopped from the admin page,
a manifest, profile or port error), 2 usage error, 3 no controller found (with
--surface midi), 130 interrupted.
`;

export function makeShowCommand(deps: ExperienceCommandDeps = DEFAULT_EXPERIENCE_DEPS): Command {
  return {
    name: 'show',
    summary: 'Play a full-surface light Show on the controllers or the browser pad',
    help: HELP,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      const { values } = parseCommandArgs(args, {
        ...DEVICE_OPTIONS,
        manifest: { type: 'string' },
        tempo: { type: 'string' },
        audio: { type: 'boolean', default: false },
      });
      const tempo = numberOption('--tempo', values.tempo, 1);
      if (!(tempo > 0)) throw new UsageError(`--tempo must be greater than 0, got ${JSON.stringify(values.tempo)}`);
      if (values.manifest === '') throw new UsageError('--manifest must not be empty');
      return runExperienceCommand('show', { ...values, tempo }, io, deps);
    },
  };
}

export const showCommand = makeShowCommand();
