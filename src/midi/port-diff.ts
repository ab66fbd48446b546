import type { MidiDevice } from './port-names.js';

export type PortChange = { readonly type: 'appeared'; readonly device: MidiDevice } | { readonly type: 'vanished'; readonly device: MidiDevice };

/**
 * A device is identified by its exact port names. A controller plugged in again under a
 * new ALSA client number therefore vanishes and appears again, which is what a consumer
 * needs: its old port handles are dead and must be reopened.
 */
function deviceKey(device: MidiDevice): string {
  return `${device.input ?? ''}\u0000${device.output ?? ''}`;
}

/** The changes from one port listing to the next: vanished devices first, each list in listing order. */
export function diffDevices(previous: readonly MidiDevice[], next: readonly MidiDevice[]): PortChange[] {
  const previousKeys = new Set(previous.map(deviceKey));
  const nextKeys = new Set(next.map(deviceKey));
  const changes: PortChange[] = [];
  for (const device of previous) {
    if (!nextKeys.has(deviceKey(device))) changes.push({ type: 'vanished', device });
  }
  for (const device of next) {
    if (!previousKeys.has(deviceKey(device))) changes.push({ type: 'appeared', device });
  }
  return changes;
}
