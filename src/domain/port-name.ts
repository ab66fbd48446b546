/**
 * Windows (WinMM) names a second device of the same name "2- Launchpad X",
 * a third "3- …", and keeps the number until the ports are renamed. The
 * number says nothing about the device, so names are matched without it.
 */
const WINDOWS_DEVICE_NUMBER = /^\d{1,3}- /;

/** A MIDI port name without the number Windows puts before a repeated device name. */
export function withoutWindowsDeviceNumber(name: string): string {
  return name.replace(WINDOWS_DEVICE_NUMBER, '');
}
