import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { loadCommand } from '../../src/cli/command.js';
import { makePortsCommand, portsCommand } from '../../src/cli/commands/ports.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';

const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
const unavailable = () => new MidiUnavailableError('system-unavailable', 'Failed to initialise RtMidi');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

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

  it('on this machine: without an ALSA sequencer, one line with the reason devices gives and exit 3, no ALSA library noise', () => {
    // A child process, because the ALSA library writes to file descriptor 2 itself, past any captured stream.
    // An empty home: no user profiles whose warnings would add lines.
    const home = mkdtempSync(join(tmpdir(), 'pad-lattice-ports-'));
    cleanups.push(() => rmSync(home, { recursive: true }));
    const env = { PATH: process.env['PATH'], HOME: home, NO_COLOR: '1' };
    const run = (command: string) => spawnSync(process.execPath, [CLI, command], { encoding: 'utf8', env });
    const ports = run('ports');
    if (existsSync('/dev/snd/seq')) {
      expect(ports.status).toBe(0);
      expect(ports.stdout).toMatch(/^MIDI inputs/);
      return;
    }
    const devices = run('devices');
    expect(ports.status).toBe(3);
    expect(ports.stderr.split('\n').filter((line) => line !== '')).toEqual([devices.stderr.trim().replace('pad-lattice devices:', 'pad-lattice ports:')]);
    expect(ports.stderr).toContain('/dev/snd/seq does not exist');
  });
});
