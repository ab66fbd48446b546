/**
 * Errors of the MIDI transport. A `MidiDeviceError` is something the user can act on
 * (a port is missing, busy or gone); the CLI prints its message as is. A malformed
 * outgoing message is a programming error and gets its own type (`MidiMessageError`).
 */
export class MidiDeviceError extends Error {
  override readonly name: string = 'MidiDeviceError';
}

/** Why MIDI as a whole cannot be used on this machine. */
export type MidiUnavailableReason =
  /** `@julusian/midi` or its native binding could not be loaded. */
  | 'library-missing'
  /** The library loaded but the system MIDI service refused (e.g. no ALSA sequencer). */
  | 'system-unavailable';

export class MidiUnavailableError extends MidiDeviceError {
  override readonly name = 'MidiUnavailableError';

  constructor(
    readonly reason: MidiUnavailableReason,
    /** The backend's own words, e.g. "Failed to initialise RtMidi". */
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(unavailableMessage(reason, detail), options);
  }
}

function unavailableMessage(reason: MidiUnavailableReason, detail: string): string {
  if (reason === 'library-missing') {
    return (
      `MIDI support is unavailable: the @julusian/midi native module could not be loaded (${detail}). ` +
      'Install the runtime dependencies (on Linux: the ALSA library, libasound2) and reinstall pad-lattice.'
    );
  }
  return (
    `MIDI support is unavailable: the system MIDI service could not be started (${detail}). ` +
    'On Linux this usually means there is no ALSA sequencer: /dev/snd/seq is missing ' +
    '(load the snd-seq kernel module) or not accessible (add the user to the audio group).'
  );
}

/** Raised when an open port is used after close() or after its device vanished. */
export class MidiPortClosedError extends MidiDeviceError {
  override readonly name = 'MidiPortClosedError';
}

export type MidiMessageProblem = 'empty' | 'not-a-byte' | 'missing-status' | 'undefined-status' | 'status-in-data' | 'unframed-sysex' | 'wrong-length';

/** An outgoing message that real hardware would drop or misread. */
export class MidiMessageError extends Error {
  override readonly name = 'MidiMessageError';

  constructor(
    readonly problem: MidiMessageProblem,
    message: string,
  ) {
    super(message);
  }
}
