import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { loadCommand } from '../../src/cli/command.js';
import { makePortsCommand, portsCommand } from '../../src/cli/commands/ports.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';

const unavailable = () => new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi');

describe('pad-lattice ports', () => {
  it('is registered', async () => {
    const entry = COMMANDS.find((command) => command.name === 'ports');
    expect(entry && (await loadCommand(entry))).toBe(portsCommand);
  });

  it('lists inputs, then outputs, with the names the system reports', async () => {
    const backend = new MockMidiBackend().plug('Launchpad Pro:Launchpad Pro Standalone Port 20:1').plug('Synth 24:0', ['output']);
    const io = captureIo();
    expect(await runCli(['ports'], io.io, [makePortsCommand(() => backend)])).toBe(0);
    expect(io.stdout()).toBe(
      'MIDI inputs:\n  Launchpad Pro:Launchpad Pro Standalone Port 20:1\n' +
        'MIDI outputs:\n  Launchpad Pro:Launchpad Pro Standalone Port 20:1\n  Synth 24:0\n',
    );
  });

  it('says "none" for an empty direction', async () => {
    const io = captureIo();
    expect(await runCli(['ports'], io.io, [makePortsCommand(() => new MockMidiBackend())])).toBe(0);
    expect(io.stdout()).toBe('MIDI inputs: none\nMIDI outputs: none\n');
  });

  it('prints JSON for --json', async () => {
    const backend = new MockMidiBackend().plug('Pad 20:0');
    const io = captureIo();
    expect(await runCli(['ports', '--json'], io.io, [makePortsCommand(() => backend)])).toBe(0);
    expect(JSON.parse(io.stdout())).toEqual({ midi: 'available', inputs: ['Pad 20:0'], outputs: ['Pad 20:0'] });
  });

  it('says plainly that MIDI is unavailable and why, exit 3', async () => {
    const io = captureIo();
    const command = makePortsCommand(() => new MockMidiBackend().setUnavailable(unavailable()));
    expect(await runCli(['ports'], io.io, [command])).toBe(3);
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toMatch(/^pad-lattice ports: MIDI support is unavailable: .*Failed to initialise RtMidi/);
  });

  it('reports unavailability as JSON for --json, exit 3', async () => {
    const io = captureIo();
    const command = makePortsCommand(() => new MockMidiBackend().setUnavailable(unavailable()));
    expect(await runCli(['ports', '--json'], io.io, [command])).toBe(3);
    expect(JSON.parse(io.stdout())).toEqual({ midi: 'unavailable', reason: 'system-unavailable', message: unavailable().message });
  });

  it('rejects unknown options with exit 2 and documents --json in --help', async () => {
    const io = captureIo();
    expect(await runCli(['ports', '--bogus'], io.io, [portsCommand])).toBe(2);
    const help = captureIo();
    expect(await runCli(['ports', '--help'], help.io, [portsCommand])).toBe(0);
    expect(help.stdout()).toContain('--json');
  });

  it('on this machine: exits 3 with the reason when there is no ALSA sequencer (0 with a listing otherwise)', async () => {
    const io = captureIo();
    const code = await runCli(['ports'], io.io, [portsCommand]);
    if (existsSync('/dev/snd/seq')) {
      expect(code).toBe(0);
      expect(io.stdout()).toMatch(/^MIDI inputs/);
      return;
    }
    expect(code).toBe(3);
    expect(io.stderr()).toContain('pad-lattice ports: MIDI support is unavailable: the system MIDI service could not be started (Failed to initialise RtMidi)');
  });
});
