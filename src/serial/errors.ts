/**
 * Errors of the serial transport. A `SerialDeviceError` concerns one port (missing,
 * busy); a `SerialUnavailableError` says why serial cannot be used here at all, in
 * words a user can act on. The CLI prints either message as is.
 */
export class SerialDeviceError extends Error {
  override readonly name: string = 'SerialDeviceError';
}

export type SerialUnavailableReason =
  /** `serialport` or its native binding could not be loaded. */
  | 'library-missing'
  /** Listing spawns `udevadm` (Linux), which is not installed. */
  | 'udevadm-missing'
  /** The port exists but this user may not open it. */
  | 'permission-denied'
  /** Any other failure to list ports. */
  | 'listing-failed';

export class SerialUnavailableError extends SerialDeviceError {
  override readonly name = 'SerialUnavailableError';

  constructor(
    readonly reason: SerialUnavailableReason,
    /** The backend's own words, e.g. "spawn udevadm ENOENT". */
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(unavailableMessage(reason, detail), options);
  }
}

function unavailableMessage(reason: SerialUnavailableReason, detail: string): string {
  switch (reason) {
    case 'library-missing':
      return `serial support is unavailable: the serialport native module could not be loaded (${detail}); reinstall pad-lattice`;
    case 'udevadm-missing':
      return 'serial ports cannot be listed: udevadm not found: install udev';
    case 'permission-denied':
      return `serial port access denied (${detail}); on Linux add your user to the dialout group (sudo usermod -aG dialout $USER) and log in again`;
    case 'listing-failed':
      return `serial ports cannot be listed (${detail})`;
  }
}
