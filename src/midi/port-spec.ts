import { MidiDeviceError } from './errors.js';
import { FileInput } from './file-input.js';
import type { MidiBackend, MidiInput, MidiOutput } from './midi-port.js';
import { openTraceOutput, type TextSink } from './trace-output.js';

/**
 * What a port argument names. Wherever a port name is accepted, `trace:PATH` (outputs)
 * and `file:PATH` (inputs) stand in for hardware; anything else is a device port name.
 */
export type PortSpec =
  | { readonly kind: 'trace'; readonly path: string }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'device'; readonly name: string };

export type PortDirection = 'input' | 'output';

export function parsePortSpec(text: string, direction: PortDirection): PortSpec {
  for (const kind of ['trace', 'file'] as const) {
    if (!text.startsWith(`${kind}:`)) continue;
    const path = text.slice(kind.length + 1);
    if (path === '') throw new MidiDeviceError(`'${text}' needs a path after '${kind}:'${kind === 'trace' ? " (or '-' for stdout)" : ''}`);
    if (kind === 'trace' && direction === 'input') {
      throw new MidiDeviceError(`'${text}' is an output; for a MIDI input read from a file with file:PATH`);
    }
    if (kind === 'file' && direction === 'output') {
      throw new MidiDeviceError(`'${text}' is an input; for a MIDI output write a trace with trace:PATH`);
    }
    return { kind, path };
  }
  return { kind: 'device', name: text };
}

export interface PortSpecContext {
  /** Called only when a device port is named, so trace/file ports work without MIDI. */
  readonly backend: () => MidiBackend;
  /** Where `trace:-` writes. */
  readonly stdout: TextSink;
  /** Receives a line per skipped line of a `file:` input. */
  readonly reportProblem: (message: string) => void;
}

/** Opens the port a spec names: a trace output, a file input or a device port of the backend. */
export function resolvePortSpec(text: string, direction: 'output', context: PortSpecContext): MidiOutput;
export function resolvePortSpec(text: string, direction: 'input', context: PortSpecContext): MidiInput;
export function resolvePortSpec(text: string, direction: PortDirection, context: PortSpecContext): MidiInput | MidiOutput {
  const spec = parsePortSpec(text, direction);
  switch (spec.kind) {
    case 'trace':
      return openTraceOutput(spec.path, context.stdout);
    case 'file':
      return new FileInput(spec.path, context.reportProblem);
    case 'device': {
      const backend = context.backend();
      return direction === 'input' ? backend.openInput(spec.name) : backend.openOutput(spec.name);
    }
  }
}

/** The two open functions of `openPortPair`, taking port specs instead of bare names. */
export function specOpener(context: PortSpecContext): { openInput(text: string): MidiInput; openOutput(text: string): MidiOutput } {
  return {
    openInput: (text) => resolvePortSpec(text, 'input', context),
    openOutput: (text) => resolvePortSpec(text, 'output', context),
  };
}
