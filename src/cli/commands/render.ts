import { createInterface } from 'node:readline';
import { EXIT, UsageError, type CliIo, type Command } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import type { ShowFrame } from '../../domain/index.js';
import { formatHexLine } from '../../midi/hex-line.js';
import { loadProfileFile, ProfileError, type DeviceProfile } from '../../profiles/index.js';
import { DEFAULT_GREETING, greetingScroll, PaletteGridRenderer, RenderError } from '../../render/index.js';
import { parseViewLine } from '../render-input/view-line.js';
import { loadPerformanceManifest, ManifestError } from '../../experiences/index.js';
import { loadCatalogFor, problemLines } from './profile-context.js';

const HELP = `Usage: pad-lattice render (--profile ID | --profile-file FILE) [options] < views.ndjson
       pad-lattice render (--profile ID | --profile-file FILE) --show MANIFEST [options]

A dry run of the MIDI renderer, without hardware: shows exactly which MIDI
messages a device profile sends. Reads one surface view per line (JSON, snake_case):
  {"selected_state": "waiting_for_approval", "frame": 0,
   "sessions": [{"slot": 0, "state": "waiting_for_approval", "selected": true, "accent": "cyan", "label": ""}],
   "available_actions": ["approve", "reject"], "overflow_count": 0, "activity_motion": false}
selected_state is required (null = nothing selected); the other fields may be left out.
For each view it prints the messages that view sends after the previous one (only
lights that changed), one message a line as hex bytes ("90 51 03"), then an empty line.

Options:
  --profile ID          a catalog profile (built-in or user), e.g. novation/launchpad/pro-mk1
  --profile-file FILE   a profile JSON file
  --initialize          first print the startup sequence (startup commands, forced clear)
  --greeting            include the startup greeting scroll in it ("${DEFAULT_GREETING}")
  --greeting-text TEXT  the same with another text
  --show MANIFEST       render each cue frame of a Performance Manifest 1 file instead of stdin
  --json                one JSON object per block: {"line":N,"messages":["90 51 03",...]}
                        ({"startup":true,...} for --initialize, {"cue":N,...} for --show)
  -h, --help

A bad input line (or a cue the profile cannot draw) is reported on stderr with its
line (cue) number and prints no block; rendering goes on with the next one.
Exit status: 0 every line rendered, 1 some line failed or the profile/manifest could not
be loaded, 2 usage error.
`;

const OPTIONS = {
  profile: { type: 'string' },
  'profile-file': { type: 'string' },
  initialize: { type: 'boolean', default: false },
  greeting: { type: 'boolean', default: false },
  'greeting-text': { type: 'string' },
  show: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

type Label = { readonly startup: true } | { readonly line: number } | { readonly cue: number };

/** Collects what the renderer sends and prints it as one block per input. */
class BlockPrinter {
  readonly messages: Uint8Array[] = [];

  constructor(
    private readonly io: CliIo,
    private readonly json: boolean,
  ) {}

  flush(label: Label): void {
    const lines = this.messages.map(formatHexLine);
    this.messages.length = 0;
    if (this.json) this.io.stdout.write(`${JSON.stringify({ ...label, messages: lines })}\n`);
    else this.io.stdout.write(`${lines.map((line) => `${line}\n`).join('')}\n`);
  }

  discard(): void {
    this.messages.length = 0;
  }
}

async function loadProfile(io: CliIo, id: string | undefined, file: string | undefined): Promise<DeviceProfile> {
  if (file !== undefined) return loadProfileFile(file);
  const { catalog, problems } = await loadCatalogFor(io);
  for (const line of problemLines(problems)) io.stderr.write(`pad-lattice render: warning: ${line}\n`);
  return catalog.get(id!);
}

function greetingText(values: { greeting?: boolean; 'greeting-text'?: string }): string | null {
  if (values['greeting-text'] !== undefined) return values['greeting-text'];
  return values.greeting === true ? DEFAULT_GREETING : null;
}

/** Startup commands, forced clear and, if asked, every greeting frame and the closing forced clear (no sleeping). */
function renderStartup(renderer: PaletteGridRenderer, greeting: string | null): void {
  renderer.startup();
  const scroll = greetingScroll(greeting, renderer.profile.capabilities.text_scroll);
  if (scroll === null) return;
  for (let offset = 0; offset < scroll.frameCount; offset += 1) renderer.renderGreetingFrame(scroll, offset);
  renderer.clear(true);
}

async function renderViews(io: CliIo, renderer: PaletteGridRenderer, printer: BlockPrinter): Promise<number> {
  let failures = 0;
  let lineNumber = 0;
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const report = (problem: string) => {
      failures += 1;
      io.stderr.write(`pad-lattice render: line ${lineNumber}: ${problem}\n`);
    };
    const parsed = parseViewLine(line);
    if (!parsed.ok) {
      report(parsed.problem);
      continue;
    }
    try {
      renderer.render(parsed.view);
      printer.flush({ line: lineNumber });
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      printer.discard();
      report(error.message);
    }
  }
  return failures;
}

/** The manifest's cue frames, or null after telling the user why the file cannot be read. */
/** Every cue frame of a Performance Manifest 1 file, checked by the same loader the Show player uses. */
async function loadShowFrames(io: CliIo, file: string): Promise<ShowFrame[] | null> {
  try {
    return (await loadPerformanceManifest(file)).cues.map((cue) => cue.frame);
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    io.stderr.write(`pad-lattice render: ${error.message}\n`);
    return null;
  }
}

function renderShow(io: CliIo, frames: readonly ShowFrame[], renderer: PaletteGridRenderer, printer: BlockPrinter): number {
  let failures = 0;
  frames.forEach((frame, cue) => {
    try {
      renderer.renderShowFrame(frame);
      printer.flush({ cue });
    } catch (error) {
      if (!(error instanceof RenderError)) throw error;
      printer.discard();
      failures += 1;
      io.stderr.write(`pad-lattice render: cue ${cue}: ${error.message}\n`);
    }
  });
  return failures;
}

export const renderCommand: Command = {
  name: 'render',
  summary: 'Show the MIDI a device profile sends for given views (dry run, no hardware)',
  help: HELP,
  async run(args: readonly string[], io: CliIo): Promise<number> {
    const { values } = parseCommandArgs(args, OPTIONS);
    const id = values.profile;
    const file = values['profile-file'];
    if ((id === undefined) === (file === undefined)) throw new UsageError('give exactly one of --profile ID and --profile-file FILE');
    const greeting = greetingText(values);
    if (greeting !== null && !values.initialize) throw new UsageError('--greeting and --greeting-text need --initialize');
    let profile: DeviceProfile;
    try {
      profile = await loadProfile(io, id, file);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      io.stderr.write(`pad-lattice render: ${error.message}\n`);
      return EXIT.failure;
    }
    const frames = values.show === undefined ? null : await loadShowFrames(io, values.show);
    if (values.show !== undefined && frames === null) return EXIT.failure;
    const printer = new BlockPrinter(io, values.json === true);
    const renderer = new PaletteGridRenderer(profile, (message) => printer.messages.push(message));
    if (values.initialize) {
      renderStartup(renderer, greeting);
      printer.flush({ startup: true });
    }
    const failures = frames === null ? await renderViews(io, renderer, printer) : renderShow(io, frames, renderer, printer);
    return failures > 0 ? EXIT.failure : EXIT.ok;
  },
};
