import {
  FileInput,
  MidiDeviceError,
  MidiPortClosedError,
  openTraceOutput,
  type MidiBackend,
  type MidiBytes,
  type MidiInput,
  type MidiOutput,
  type MidiPortNames,
} from '../../src/midi/index.js';

/** An ALSA-style name the Launchpad Pro (MK1) profile matches. */
export const VIRTUAL_PORT = 'Launchpad Pro:Launchpad Pro Standalone Port 24:0';

/**
 * The soak's controller: a MIDI backend with one Launchpad Pro whose presses
 * come through a `file:` FIFO (hex lines, as `--input file:PATH` reads them)
 * and whose lights go to a trace file. It can be unplugged and plugged back:
 * while gone it is missing from the port list and its open output refuses
 * every send, as RtMidi does for a vanished device; the daemon's hub notices
 * at its next scan, and reopens (FIFO and trace) when it returns.
 */
export class VirtualLaunchpad implements MidiBackend {
  readonly label = 'soak';
  #present = true;
  #output: VanishingOutput | null = null;

  constructor(
    private readonly fifo: string,
    private readonly tracePath: string,
    private readonly report: (message: string) => void,
  ) {}

  get present(): boolean {
    return this.#present;
  }

  unplug(): void {
    this.#present = false;
    this.#output?.vanish();
  }

  plugIn(): void {
    this.#present = true;
  }

  listPorts(): MidiPortNames {
    return this.#present ? { inputs: [VIRTUAL_PORT], outputs: [VIRTUAL_PORT] } : { inputs: [], outputs: [] };
  }

  openInput(name: string): MidiInput {
    this.#check(name);
    return new FileInput(this.fifo, this.report);
  }

  openOutput(name: string): MidiOutput {
    this.#check(name);
    this.#output = new VanishingOutput(openTraceOutput(this.tracePath, process.stdout));
    return this.#output;
  }

  #check(name: string): void {
    if (!this.#present || !VIRTUAL_PORT.startsWith(name)) throw new MidiDeviceError(`no MIDI port named '${name}'`);
  }
}

class VanishingOutput implements MidiOutput {
  #gone = false;

  constructor(private readonly trace: MidiOutput) {}

  get name(): string {
    return VIRTUAL_PORT;
  }

  vanish(): void {
    this.#gone = true;
  }

  send(message: MidiBytes): void {
    if (this.#gone) throw new MidiPortClosedError(`MIDI output '${VIRTUAL_PORT}' is gone (device unplugged)`);
    this.trace.send(message);
  }

  isOpen(): boolean {
    return this.trace.isOpen();
  }

  close(): void {
    this.trace.close();
  }
}
