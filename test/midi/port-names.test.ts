import { describe, expect, it } from 'vitest';
import { MidiDeviceError } from '../../src/midi/errors.js';
import { findPortName, normalisePortName, pairPorts } from '../../src/midi/port-names.js';

describe('normalisePortName', () => {
  it('removes the ALSA client:port suffix', () => {
    expect(normalisePortName('Launchpad Pro MIDI 2 20:1')).toBe('Launchpad Pro MIDI 2');
    expect(normalisePortName('Launchpad Pro:Launchpad Pro Standalone Port 20:1')).toBe('Launchpad Pro:Launchpad Pro Standalone Port');
    expect(normalisePortName('LPProMK3 MIDI 2 128:0')).toBe('LPProMK3 MIDI 2');
  });

  it('leaves names without a suffix alone, including trailing numbers that are part of the name', () => {
    expect(normalisePortName('LPProMK3 MIDI 2')).toBe('LPProMK3 MIDI 2');
    expect(normalisePortName('MIDIIN2 (LPProMK3 MIDI)')).toBe('MIDIIN2 (LPProMK3 MIDI)');
    expect(normalisePortName('Port 20:1 extra')).toBe('Port 20:1 extra');
    expect(normalisePortName('Time 12:30a')).toBe('Time 12:30a');
  });
});

describe('pairPorts', () => {
  it('pairs the input and output of one ALSA port', () => {
    const names = ['LPProMK3 DIN 20:0', 'LPProMK3 MIDI 2 20:1', 'LPProMK3 DAW 20:2'];
    expect(pairPorts(names, [...names].reverse())).toEqual([
      { name: 'LPProMK3 DIN', input: 'LPProMK3 DIN 20:0', output: 'LPProMK3 DIN 20:0' },
      { name: 'LPProMK3 MIDI 2', input: 'LPProMK3 MIDI 2 20:1', output: 'LPProMK3 MIDI 2 20:1' },
      { name: 'LPProMK3 DAW', input: 'LPProMK3 DAW 20:2', output: 'LPProMK3 DAW 20:2' },
    ]);
  });

  it('never crosses two identical controllers', () => {
    expect(pairPorts(['Pad 20:0', 'Pad 24:0'], ['Pad 24:0', 'Pad 20:0'])).toEqual([
      { name: 'Pad', input: 'Pad 20:0', output: 'Pad 20:0' },
      { name: 'Pad', input: 'Pad 24:0', output: 'Pad 24:0' },
    ]);
  });

  it('pairs by the name without suffix when the full names differ', () => {
    expect(pairPorts(['Pad 20:0'], ['Pad 20:1'])).toEqual([{ name: 'Pad', input: 'Pad 20:0', output: 'Pad 20:1' }]);
  });

  it('pairs the Windows MIDIIN2/MIDIOUT2 names of one interface', () => {
    expect(pairPorts(['LPProMK3 MIDI', 'MIDIIN2 (LPProMK3 MIDI)'], ['MIDIOUT2 (LPProMK3 MIDI)', 'LPProMK3 MIDI'])).toEqual([
      { name: 'LPProMK3 MIDI', input: 'LPProMK3 MIDI', output: 'LPProMK3 MIDI' },
      { name: 'MIDIIN2 (LPProMK3 MIDI)', input: 'MIDIIN2 (LPProMK3 MIDI)', output: 'MIDIOUT2 (LPProMK3 MIDI)' },
    ]);
  });

  it('keeps one-directional ports as devices of their own', () => {
    expect(pairPorts(['Keys 28:0'], ['Synth 32:0'])).toEqual([
      { name: 'Keys', input: 'Keys 28:0', output: null },
      { name: 'Synth', input: null, output: 'Synth 32:0' },
    ]);
    expect(pairPorts([], [])).toEqual([]);
  });
});

describe('findPortName', () => {
  const names = ['Launchpad Pro MIDI 2 20:1', 'Pad 24:0', 'Pad 28:0'];

  it('prefers the exact name, then the one name without ALSA suffix', () => {
    expect(findPortName(names, 'Pad 28:0', 'output')).toBe('Pad 28:0');
    expect(findPortName(names, 'Launchpad Pro MIDI 2', 'output')).toBe('Launchpad Pro MIDI 2 20:1');
  });

  it('finds a name Windows numbered as a repeated device ("2- …") when nothing closer is listed', () => {
    expect(findPortName(['2- Launchpad X', 'Other'], 'Launchpad X', 'input')).toBe('2- Launchpad X');
    expect(findPortName(['Launchpad X', '2- Launchpad X'], 'Launchpad X', 'input')).toBe('Launchpad X');
    expect(() => findPortName(['2- Launchpad X', '3- Launchpad X'], 'Launchpad X', 'input')).toThrow(/ambiguous/);
  });

  it('refuses an ambiguous or missing name, naming the candidates', () => {
    expect(() => findPortName(names, 'Pad', 'input')).toThrow(/ambiguous.*'Pad 24:0', 'Pad 28:0'/);
    expect(() => findPortName(names, 'Nope', 'input')).toThrow(MidiDeviceError);
    expect(() => findPortName([], 'Nope', 'output')).toThrow("no MIDI output named 'Nope' (available: none)");
  });
});
