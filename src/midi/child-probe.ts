import { execFile, spawnSync } from 'node:child_process';
import { MidiUnavailableError } from './errors.js';
import { nativeCauses } from './native-stderr.js';

/**
 * Whether RtMidi can start on this machine, found out in a child process.
 * When it cannot, ALSA and RtMidi print their own lines straight to file
 * descriptor 2, past anything Node could catch, and in a daemon those land
 * raw in its log, once per port scan. A child's descriptor 2 is a pipe to us
 * instead: its lines become causes in the error (see nativeCauses), and the
 * daemon's own stderr stays clean. Only once a child could list ports does
 * the library start in the daemon itself.
 */
export type ProbeResult = { readonly ok: true } | { readonly ok: false; readonly error: MidiUnavailableError };

/** Lists ports in the library named by argv[1]; says on stdout what happened, whatever the library printed on stderr. */
const PROBE_SCRIPT = `
let stage = 'load';
try {
  const midi = require(process.argv[1]);
  midi.verifyLibraryLoaded();
  stage = 'system';
  midi.Input.getPortNames();
  midi.Output.getPortNames();
  process.stdout.write(JSON.stringify({ ok: true }));
} catch (error) {
  process.stdout.write(JSON.stringify({ ok: false, stage, message: String(error && error.message || error) }));
}`;

/** Long enough for a slow machine to start Node and load the library; a hung ALSA must not hang the caller. */
const PROBE_TIMEOUT_MS = 10_000;

/** `library` is the path of @julusian/midi's entry file, which only its adapter resolves. */
function probeArgs(library: string): string[] {
  return ['-e', PROBE_SCRIPT, library];
}

/** The child's answer as a result; its stderr joins the error as causes. */
export function probeResult(stdout: string, stderr: string, failure: string | null): ProbeResult {
  let answer: { ok?: unknown; stage?: unknown; message?: unknown } = {};
  try {
    answer = JSON.parse(stdout) as typeof answer;
  } catch {
    // No answer: the child died or timed out; `failure` says how.
  }
  if (answer.ok === true) return { ok: true };
  const said = typeof answer.message === 'string' ? answer.message : (failure ?? 'the MIDI probe gave no answer');
  const detail = [said, ...nativeCauses(stderr)].join('; ');
  return { ok: false, error: new MidiUnavailableError(answer.stage === 'load' ? 'library-missing' : 'system-unavailable', detail) };
}

function failureOf(error: Error | null | undefined, signal: string | null | undefined): string | null {
  if (signal) return `the MIDI probe was stopped (${signal})`;
  return error ? `the MIDI probe failed: ${error.message}` : null;
}

/** The probe for a long-running process: the event loop keeps turning while the child starts. */
export function probeMidi(library: string): Promise<ProbeResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, probeArgs(library), { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) =>
      resolve(probeResult(stdout, stderr, failureOf(error, error?.signal))),
    );
  });
}

/** The probe for a one-off command, which has nothing else to do meanwhile. */
export function probeMidiSync(library: string): ProbeResult {
  const run = spawnSync(process.execPath, probeArgs(library), { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8', windowsHide: true });
  return probeResult(run.stdout ?? '', run.stderr ?? '', failureOf(run.error, run.signal));
}
