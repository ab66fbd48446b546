import { createRequire } from 'node:module';
import type * as Julusian from '@julusian/midi';
import { probeMidi, probeMidiSync, type ProbeResult } from './child-probe.js';
import { MidiDeviceError, MidiPortClosedError, MidiUnavailableError } from './errors.js';
import type { MidiBackend, MidiBytes, MidiInput, MidiOutput, MidiPortNames } from './midi-port.js';
import { findPortName } from './port-names.js';
import { QueuedInput } from './queued-input.js';
import { errorMessage } from '../support/error-message.js';

/*
 * The only file that touches `@julusian/midi` (RtMidi). It is required lazily, on the
 * first call that needs it, so a machine without the native module or without ALSA still
 * starts; every failure to reach MIDI becomes a `MidiUnavailableError`. Until a child
 * process showed that RtMidi starts here (child-probe.ts), the library is not started in
 * this process, so what ALSA prints when it cannot start never reaches our stderr.
 */

/** The slice of `@julusian/midi` this adapter uses; tests may inject a fake. */
export interface RtMidiModule {
  verifyLibraryLoaded(): void;
  Input: { new (): RtMidiInput; getPortNames(): string[] };
  Output: { new (): RtMidiOutput; getPortNames(): string[] };
}
interface RtMidiInput {
  on(event: 'messageBuffer', listener: (deltaTime: number, message: Buffer) => void): unknown;
  ignoreTypes(sysex: boolean, timing: boolean, activeSensing: boolean): void;
  openPortByName(name: string): void;
  isPortOpen(): boolean;
  destroy(): void;
}
interface RtMidiOutput {
  openPortByName(name: string): void;
  isPortOpen(): boolean;
  send(message: number[] | Buffer): void;
  destroy(): void;
}

function requireJulusian(): RtMidiModule {
  // Typed through the package's own declarations, so the slice above is checked against the real API.
  const loaded: typeof Julusian = createRequire(import.meta.url)('@julusian/midi');
  const checked: RtMidiModule = loaded;
  return checked;
}

export interface MidiProbe {
  readonly sync: () => ProbeResult;
  readonly async: () => Promise<ProbeResult>;
}

/** The library's entry file for the probe's child, or why there is none (a library-missing failure). */
function libraryFile(): { readonly file: string } | { readonly failure: ProbeResult } {
  try {
    return { file: createRequire(import.meta.url).resolve('@julusian/midi') };
  } catch (error) {
    return { failure: { ok: false, error: new MidiUnavailableError('library-missing', errorMessage(error), { cause: error }) } };
  }
}

const CHILD_PROBE: MidiProbe = {
  sync: () => {
    const library = libraryFile();
    return 'file' in library ? probeMidiSync(library.file) : library.failure;
  },
  async: async () => {
    const library = libraryFile();
    return 'file' in library ? probeMidi(library.file) : library.failure;
  },
};

export interface JulusianBackendOptions {
  /** The library; a test's fake is trusted at once (no probe) unless `probe` is given too. */
  readonly load?: () => RtMidiModule;
  /** Default: a child process when `load` is the real library, none for an injected one. */
  readonly probe?: MidiProbe | null;
  /**
   * After a failed probe, the same failure is given for this long before a
   * new child is started (default 5 s): a daemon lists ports every second,
   * and a Node child each second would cost a tenth of a core.
   */
  readonly reprobeMs?: number;
  /** Monotonic milliseconds. */
  readonly now?: () => number;
}

/**
 * Whether MIDI may be started in this process: yes once a probe succeeded;
 * after a failure, that failure until `reprobeMs` passed. A failure of the
 * library in this process sends it back to probing (the device may be gone).
 */
class ProbeGate {
  readonly #probe: MidiProbe | null;
  readonly #reprobeMs: number;
  readonly #now: () => number;
  #trusted: boolean;
  #failure: { readonly error: Error; readonly at: number } | null = null;
  #probing: Promise<void> | null = null;

  constructor(probe: MidiProbe | null, reprobeMs: number, now: () => number) {
    this.#probe = probe;
    this.#reprobeMs = reprobeMs;
    this.#now = now;
    this.#trusted = probe === null;
  }

  /** True when no probe is due: the library is trusted, or the last failure still stands. */
  #settled(): boolean {
    return this.#trusted || (this.#failure !== null && this.#now() - this.#failure.at < this.#reprobeMs);
  }

  #record(result: ProbeResult): void {
    this.#trusted = result.ok;
    this.#failure = result.ok ? null : { error: result.error, at: this.#now() };
  }

  ready(): Promise<void> {
    if (this.#settled() || this.#probe === null) return Promise.resolve();
    this.#probing ??= this.#probe
      .async()
      .then((result) => this.#record(result))
      .finally(() => (this.#probing = null));
    return this.#probing;
  }

  /** Throws the standing failure; probes (blocking) when nothing is known. */
  check(): void {
    if (!this.#settled() && this.#probe !== null) this.#record(this.#probe.sync());
    if (!this.#trusted && this.#failure !== null) throw this.#failure.error;
  }

  distrust(): void {
    if (this.#probe !== null) this.#trusted = false;
  }
}

export function createJulusianBackend(options: JulusianBackendOptions = {}): MidiBackend {
  const load = options.load ?? requireJulusian;
  const gate = new ProbeGate(
    options.probe === undefined ? (options.load === undefined ? CHILD_PROBE : null) : options.probe,
    options.reprobeMs ?? 5000,
    options.now ?? (() => performance.now()),
  );
  let module: RtMidiModule | null = null;

  const library = (): RtMidiModule => {
    gate.check();
    if (module !== null) return module;
    try {
      const candidate = load();
      candidate.verifyLibraryLoaded();
      module = candidate;
      return candidate;
    } catch (error) {
      throw new MidiUnavailableError('library-missing', errorMessage(error), { cause: error });
    }
  };

  /** RtMidi throws "Failed to initialise RtMidi" from constructors and listings when ALSA is absent. */
  const system = <T>(call: () => T): T => {
    try {
      return call();
    } catch (error) {
      gate.distrust();
      throw new MidiUnavailableError('system-unavailable', errorMessage(error), { cause: error });
    }
  };

  return {
    label: '@julusian/midi (RtMidi)',
    ready: () => gate.ready(),
    listPorts(): MidiPortNames {
      const midi = library();
      return system(() => ({ inputs: midi.Input.getPortNames(), outputs: midi.Output.getPortNames() }));
    },
    openInput(name: string): MidiInput {
      const midi = library();
      const exact = findPortName(
        system(() => midi.Input.getPortNames()),
        name,
        'input',
      );
      const port = system(() => new midi.Input());
      return openRtMidiInput(port, exact);
    },
    openOutput(name: string): MidiOutput {
      const midi = library();
      const exact = findPortName(
        system(() => midi.Output.getPortNames()),
        name,
        'output',
      );
      const port = system(() => new midi.Output());
      return openRtMidiOutput(port, exact);
    },
  };
}

function openRtMidiOutput(port: RtMidiOutput, name: string): MidiOutput {
  openOrThrow(port, name);
  let open = true;
  return {
    name,
    send(message: MidiBytes): void {
      if (!open) throw new MidiPortClosedError(`MIDI output '${name}' is closed`);
      // RtMidi copies the bytes; a Uint8Array is viewed as a Buffer without copying here.
      port.send(message instanceof Uint8Array ? Buffer.from(message.buffer, message.byteOffset, message.byteLength) : [...message]);
    },
    isOpen: () => open,
    close(): void {
      if (!open) return;
      open = false;
      port.destroy();
    },
  };
}

function openRtMidiInput(port: RtMidiInput, name: string): MidiInput {
  return new RtMidiInputPort(port, name);
}

/** An RtMidi input port, opened by the constructor and destroyed on close. */
class RtMidiInputPort extends QueuedInput {
  readonly #port: RtMidiInput;

  constructor(port: RtMidiInput, name: string) {
    super(name);
    this.#port = port;
    // Deliver SysEx (device replies) but drop MIDI clock and active sensing, which only add noise.
    port.ignoreTypes(false, true, true);
    port.on('messageBuffer', (_deltaTime, message) => this.deliver(message));
    openOrThrow(port, name);
  }

  protected override releaseSource(): void {
    this.#port.destroy();
  }
}

/** `openPortByName` returns quietly when it opened nothing, so the result is checked. */
function openOrThrow(port: RtMidiInput | RtMidiOutput, name: string): void {
  try {
    port.openPortByName(name);
  } catch (error) {
    port.destroy();
    throw new MidiDeviceError(errorMessage(error), { cause: error });
  }
  if (!port.isPortOpen()) {
    port.destroy();
    throw new MidiDeviceError('the port did not open (it may have been unplugged or be in use by another program)');
  }
}
