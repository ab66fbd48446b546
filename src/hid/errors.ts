/**
 * Errors of the HID transport. A `HidDeviceError` concerns one device (gone, busy, not
 * permitted); a `HidUnavailableError` says why HID cannot be used here at all, in words
 * a user can act on. The CLI prints either message as is.
 */
export class HidDeviceError extends Error {
  override readonly name: string = 'HidDeviceError';
}

export type HidUnavailableReason =
  /** The `node-hid` package itself could not be loaded. */
  | 'library-missing'
  /** Its native binding needs a system library that is not installed (libusb, libudev). */
  | 'system-library-missing'
  /** Any other failure to list devices. */
  | 'listing-failed';

/** Shared libraries node-hid's Linux builds link against, and the Debian/Ubuntu package providing each. */
const PROVIDING_PACKAGE: Readonly<Record<string, string>> = {
  'libusb-1.0.so.0': 'libusb-1.0-0',
  'libudev.so.1': 'libudev1',
};

export class HidUnavailableError extends HidDeviceError {
  override readonly name = 'HidUnavailableError';

  constructor(
    readonly reason: HidUnavailableReason,
    /** The backend's own words, e.g. "libusb-1.0.so.0: cannot open shared object file: …". */
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(unavailableMessage(reason, detail), options);
  }
}

/** The library a dynamic-loader message names ("libusb-1.0.so.0: cannot open shared object file"). */
export function missingLibraryOf(detail: string): string | undefined {
  return /([\w.+-]+\.so(?:\.\d+)*): cannot open shared object file/.exec(detail)?.[1];
}

function unavailableMessage(reason: HidUnavailableReason, detail: string): string {
  switch (reason) {
    case 'library-missing':
      return `HID support is unavailable: the node-hid module could not be loaded (${detail}); reinstall pad-lattice`;
    case 'system-library-missing': {
      const library = missingLibraryOf(detail);
      if (library === undefined) return `HID support is unavailable: a system library is missing (${detail})`;
      const providing = PROVIDING_PACKAGE[library];
      return `HID support is unavailable: ${library} not found: install ${providing ?? 'the package that provides it'}`;
    }
    case 'listing-failed':
      return `HID devices cannot be listed (${detail})`;
  }
}
