import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeResult, type ProbeResult } from '../../src/midi/child-probe.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { createJulusianBackend, type MidiProbe, type RtMidiModule } from '../../src/midi/julusian-backend.js';
import { nativeCauses } from '../../src/midi/native-stderr.js';

/** What libasound and RtMidi print when /dev/snd/seq cannot be opened (seen on a machine without sound). */
const ALSA_STDERR =
  'ALSA lib seq_hw.c:466:(snd_seq_hw_open) open /dev/snd/seq failed: Permission denied\n\n' +
  'MidiInAlsa::initialize: error creating ALSA sequencer client object.\n\n' +
  'ALSA lib seq_hw.c:466:(snd_seq_hw_open) open /dev/snd/seq failed: Permission denied\n\n' +
  'MidiOutAlsa::initialize: error creating ALSA sequencer client object.\n';

describe('native stderr causes', () => {
  it('sum up ALSA and RtMidi lines once per cause, without the library file and line', () => {
    expect(nativeCauses(ALSA_STDERR)).toEqual([
      "ALSA said 'open /dev/snd/seq failed: Permission denied' (2 times)",
      "RtMidi said 'error creating ALSA sequencer client object' (2 times)",
    ]);
    expect(nativeCauses('\n\n')).toEqual([]);
    expect(nativeCauses('something else\n')).toEqual(["the MIDI library printed 'something else'"]);
  });

  it("a child's fd 2 writes reach the error as causes, not the parent's stderr", () => {
    // A child that behaves like the probe when ALSA refuses: its answer on stdout, the library's lines written straight to fd 2.
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `require('node:fs').writeSync(2, ${JSON.stringify(ALSA_STDERR)}); process.stdout.write(JSON.stringify({ ok: false, stage: 'system', message: 'Failed to initialise RtMidi' }))`,
      ],
      { encoding: 'utf8' },
    );
    const result = probeResult(child.stdout, child.stderr, null);
    expect(result.ok).toBe(false);
    const { error } = result as Extract<ProbeResult, { ok: false }>;
    expect(error).toBeInstanceOf(MidiUnavailableError);
    expect(error.reason).toBe('system-unavailable');
    expect(error.detail).toBe(
      "Failed to initialise RtMidi; ALSA said 'open /dev/snd/seq failed: Permission denied' (2 times); RtMidi said 'error creating ALSA sequencer client object' (2 times)",
    );
  });

  it('a child that loads nothing, or dies without an answer, is a failure that says so', () => {
    expect(probeResult(JSON.stringify({ ok: false, stage: 'load', message: 'no binding' }), '', null)).toMatchObject({
      ok: false,
      error: { reason: 'library-missing', detail: 'no binding' },
    });
    expect(probeResult('', '', 'the MIDI probe was stopped (SIGTERM)')).toMatchObject({
      ok: false,
      error: { reason: 'system-unavailable', detail: 'the MIDI probe was stopped (SIGTERM)' },
    });
    expect(probeResult('{"ok":true}', 'noise\n', null)).toEqual({ ok: true });
  });

  it('on this machine: a process using the real library writes nothing to its own stderr', () => {
    const backendModule = fileURLToPath(new URL('../../dist/src/midi/julusian-backend.js', import.meta.url));
    const script = `import(${JSON.stringify(backendModule)}).then(async ({ createJulusianBackend }) => {
      const backend = createJulusianBackend();
      await backend.ready();
      try { backend.listPorts(); console.log('listed'); } catch (error) { console.log(error.message); }
    })`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    if (existsSync('/dev/snd/seq')) expect(run.stdout).toBe('listed\n');
    else
      expect(run.stdout).toMatch(
        /^MIDI support is unavailable: .*\(Failed to initialise RtMidi; ALSA said 'open \/dev\/snd\/seq failed: No such file or directory'/,
      );
  });
});

/** A library that lists one port, or fails in this process when `broken` says so. */
function fakeLibrary(state: { broken: boolean; loads: number }): RtMidiModule {
  const list = () => {
    if (state.broken) throw new Error('Failed to initialise RtMidi');
    return ['Pad'];
  };
  class Port {}
  return {
    verifyLibraryLoaded: () => void state.loads++,
    Input: Object.assign(class extends Port {}, { getPortNames: list }) as unknown as RtMidiModule['Input'],
    Output: Object.assign(class extends Port {}, { getPortNames: list }) as unknown as RtMidiModule['Output'],
  };
}

function countingProbe(results: ProbeResult[]) {
  const calls: string[] = [];
  const next = () => results.shift() ?? { ok: true as const };
  const probe: MidiProbe = {
    sync: () => (calls.push('sync'), next()),
    async: async () => (calls.push('async'), next()),
  };
  return { probe, calls };
}

const refused = (): ProbeResult => ({ ok: false, error: new MidiUnavailableError('system-unavailable', "Failed to initialise RtMidi; ALSA said 'x'") });

describe('the probe gate of the real backend', () => {
  it('never starts the library in this process before a probe succeeded, and repeats a failure until it is due again', async () => {
    const state = { broken: false, loads: 0 };
    const { probe, calls } = countingProbe([refused(), refused()]);
    let now = 0;
    const backend = createJulusianBackend({ load: () => fakeLibrary(state), probe, reprobeMs: 5000, now: () => now });
    await backend.ready!();
    expect(() => backend.listPorts()).toThrow("ALSA said 'x'");
    now = 4999;
    await backend.ready!();
    expect(() => backend.listPorts()).toThrow(MidiUnavailableError);
    expect(calls).toEqual(['async']);
    expect(state.loads).toBe(0);
    now = 5000;
    await backend.ready!();
    expect(calls).toEqual(['async', 'async']);
    now = 10_000;
    await backend.ready!();
    expect(backend.listPorts()).toEqual({ inputs: ['Pad'], outputs: ['Pad'] });
    expect(state.loads).toBe(1);
    await backend.ready!();
    backend.listPorts();
    expect(calls).toEqual(['async', 'async', 'async']);
  });

  it('goes back to probing when the library fails in this process; a one-off caller probes without waiting', () => {
    const state = { broken: false, loads: 0 };
    const { probe, calls } = countingProbe([{ ok: true }, refused()]);
    const backend = createJulusianBackend({ load: () => fakeLibrary(state), probe, now: () => 0 });
    expect(backend.listPorts().inputs).toEqual(['Pad']);
    state.broken = true;
    expect(() => backend.listPorts()).toThrow('Failed to initialise RtMidi');
    expect(() => backend.listPorts()).toThrow("ALSA said 'x'");
    expect(calls).toEqual(['sync', 'sync']);
  });
});
