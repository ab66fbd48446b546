import { closeSync, writeSync } from 'node:fs';
import { fileProblem } from '../support/file-errors.js';
import { openPrivateOutput, UnsafePathError } from '../support/private-file.js';
import { MidiDeviceError, MidiPortClosedError } from './errors.js';
import { formatHexLine } from './hex-line.js';
import { assertMidiMessage } from './midi-message.js';
import type { MidiBytes, MidiOutput } from './midi-port.js';

export interface TextSink {
  write(text: string): unknown;
}

/**
 * An output that writes each message as one line of hex bytes (see hex-line.ts) instead
 * of driving hardware: `trace:-` prints to the given stdout, `trace:PATH` truncates and
 * writes the file synchronously, so a trace is complete even if the process dies. The
 * file is opened without following a link and refused when another user owns it.
 * Unlike the RtMidi adapter it validates every message, because its purpose is to show
 * exactly what a renderer would send.
 */
export function openTraceOutput(path: string, stdout: TextSink): MidiOutput {
  const name = `trace:${path}`;
  const fd = path === '-' ? null : openTraceFile(path);
  const write = fd === null ? (line: string) => stdout.write(line) : (line: string) => writeSync(fd, line);
  let open = true;
  return {
    name,
    send(message: MidiBytes): void {
      if (!open) throw new MidiPortClosedError(`MIDI output '${name}' is closed`);
      assertMidiMessage(message);
      write(`${formatHexLine(message)}\n`);
    },
    isOpen: () => open,
    close(): void {
      if (!open) return;
      open = false;
      if (fd !== null) closeSync(fd);
    },
  };
}

function openTraceFile(path: string): number {
  try {
    return openPrivateOutput(path);
  } catch (error) {
    if (error instanceof UnsafePathError) throw new MidiDeviceError(`cannot write MIDI trace: ${error.message}`, { cause: error });
    throw new MidiDeviceError(`cannot write MIDI trace '${path}': ${fileProblem(error)}; give a file in an existing folder (or trace:- for stdout)`, {
      cause: error,
    });
  }
}
