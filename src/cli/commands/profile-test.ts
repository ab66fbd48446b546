import { EXIT, UsageError, type CliIo } from '../command.js';
import { interruptSignal } from '../interrupt.js';
import { parseCommandArgs, numberOption } from '../parse-args.js';
import { PACKAGE_VERSION } from '../../support/package-info.js';
import { MidiDeviceError, MidiUnavailableError } from '../../midi/errors.js';
import { createJulusianBackend } from '../../midi/julusian-backend.js';
import type { MidiBackend } from '../../midi/midi-port.js';
import { openPortPair } from '../../midi/open-ports.js';
import { pacedOutput } from '../../midi/paced-output.js';
import { specOpener } from '../../midi/port-spec.js';
import { loadProfileFile, ProfileError, resolveDevice, type ResolvedDevice } from '../../profiles/index.js';
import { MidiSurface } from '../../midi-grid/midi-surface.js';
import { gateOnSequencer } from '../../midi/sequencer-gate.js';
import {
  DEFAULT_EVENT_TIMEOUT,
  DEFAULT_SETTLE_DELAY,
  InterruptedError,
  LineReader,
  ReportWriteError,
  parseAnswer,
  questionPrompt,
  runGuidedTest,
  type GuidedTestIo,
} from '../../diagnostics/guided-test/index.js';
import { loadCatalogFor, problemLines } from './profile-context.js';
import { checkCount, failedChecks } from './profile-test-failures.js';
import { errorMessage } from '../../support/error-message.js';

export const PROFILE_TEST_USAGE =
  'pad-lattice profile test (ID | --profile-file FILE) --report FILE [--input NAME] [--output NAME] [--event-timeout SEC] [--settle-delay SEC]';

/** Exit status after Ctrl-C, as a shell reports a SIGINT death. */
const EXIT_INTERRUPTED = 130;

export interface ProfileTestDeps {
  readonly backend: () => MidiBackend;
  readonly sleep: (seconds: number) => Promise<void>;
  /** Monotonic seconds. */
  readonly now: () => number;
}

const DEFAULT_DEPS: ProfileTestDeps = {
  backend: () => gateOnSequencer(createJulusianBackend()),
  sleep: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
  now: () => performance.now() / 1000,
};

const OPTIONS = {
  'profile-file': { type: 'string' },
  input: { type: 'string' },
  output: { type: 'string' },
  report: { type: 'string' },
  'event-timeout': { type: 'string' },
  'settle-delay': { type: 'string' },
} as const;

interface DeviceChoice {
  readonly profileId: string | undefined;
  readonly profileFile: string | undefined;
  readonly input: string | undefined;
  readonly output: string | undefined;
}

/** Resolves the device (§8.3; ports may be file:/trace: specs) and opens it as a MIDI surface without greeting. */
async function openDeviceUnderTest(io: CliIo, deps: ProfileTestDeps, choice: DeviceChoice) {
  let backend: MidiBackend | null = null;
  const midi = () => (backend ??= deps.backend());
  const device = await resolveDevice({
    ...(choice.profileId ? { profileId: choice.profileId } : {}),
    ...(choice.profileFile ? { profileFile: choice.profileFile } : {}),
    ...(choice.input ? { input: choice.input } : {}),
    ...(choice.output ? { output: choice.output } : {}),
    loadCatalog: async () => {
      const { catalog, problems } = await loadCatalogFor(io);
      for (const line of problemLines(problems)) io.stderr.write(`pad-lattice profile test: warning: ${line}\n`);
      return catalog;
    },
    loadProfileFile: (path) => loadProfileFile(path),
    listPorts: async () => midi().listPorts(),
  });
  const opener = specOpener({ backend: midi, stdout: io.stdout, reportProblem: (line) => io.stderr.write(`${line}\n`) });
  const ports = openPortPair(opener, { input: device.input, output: device.output });
  const output = pacedOutput(ports.output, device.profile.max_messages_per_second);
  const surface = new MidiSurface({ profile: device.profile, output, input: ports.input, greeting: null });
  return { device, surface };
}

/**
 * `profile test`: the guided physical test of device-profile-schema-1.md §11.
 * Draws each figure and asks whether it is visible, asks for each action and
 * selector press, and writes the sanitized report. Exit 0 when it passed.
 */
export async function runProfileTest(args: readonly string[], io: CliIo, deps: ProfileTestDeps = DEFAULT_DEPS): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true);
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[1])}`);
  const profileId = positionals[0];
  const profileFile = values['profile-file'];
  if (!profileId && !profileFile) throw new UsageError('profile test needs a profile id or --profile-file');
  const reportPath = values.report;
  if (!reportPath) throw new UsageError('profile test needs --report FILE (where the sanitized report is written)');
  const timing = {
    eventTimeout: numberOption('--event-timeout', values['event-timeout'], DEFAULT_EVENT_TIMEOUT, 0),
    settleDelay: numberOption('--settle-delay', values['settle-delay'], DEFAULT_SETTLE_DELAY, 0),
  };
  const fail = (message: string, code: number = EXIT.failure) => {
    io.stderr.write(`pad-lattice profile test: ${message}\n`);
    return code;
  };

  let opened: { readonly device: ResolvedDevice; readonly surface: MidiSurface };
  try {
    opened = await openDeviceUnderTest(io, deps, { profileId, profileFile, input: values.input, output: values.output });
  } catch (error) {
    if (error instanceof MidiUnavailableError) return fail(error.message, EXIT.unavailable);
    if (error instanceof ProfileError || error instanceof MidiDeviceError) return fail(error.message);
    throw error;
  }

  const { device, surface } = opened;
  io.stdout.write(
    `Guided test of ${device.profile.name} (${device.profile.id}) on input '${device.input}', output '${device.output}'.\n` +
      'Answer each question with y or n; press each control when asked. Ctrl-C stops the test.\n',
  );
  const reader = new LineReader(io.stdin);
  const interrupt = interruptSignal();
  const guidedIo: GuidedTestIo = {
    async ask(question) {
      io.stdout.write(questionPrompt(question));
      return parseAnswer(await reader.readLine(interrupt.signal));
    },
    say: (text) => void io.stdout.write(`${text}\n`),
    sleep: deps.sleep,
    now: deps.now,
    signal: interrupt.signal,
  };
  try {
    const report = await runGuidedTest({
      surface,
      profile: device.profile,
      inputPort: device.input,
      outputPort: device.output,
      io: guidedIo,
      timing,
      reportPath,
      version: PACKAGE_VERSION,
    });
    const failed = failedChecks(report, timing.eventTimeout);
    io.stdout.write(`${report.passed ? 'PASSED' : `FAILED ${failed.length} of ${checkCount(report)} checks`}: report written to ${reportPath}\n`);
    for (const line of failed) io.stdout.write(`  ${line}\n`);
    if (!report.passed) io.stdout.write(`Change the profile, check it with 'pad-lattice profile validate', and run the test again.\n`);
    return report.passed ? EXIT.ok : EXIT.failure;
  } catch (error) {
    if (error instanceof ReportWriteError) return fail(error.message);
    if (error instanceof InterruptedError) return fail(`interrupted; report written to ${reportPath}`, EXIT_INTERRUPTED);
    const message = errorMessage(error);
    return fail(`${message}; report written to ${reportPath}`);
  } finally {
    interrupt.release();
    reader.close();
  }
}
