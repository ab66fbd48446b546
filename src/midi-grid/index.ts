export { MidiSurface, type MidiSurfaceOptions, type Sleep } from './midi-surface.js';
export { midiGridDriver, DEFAULT_FRAME_INTERVAL_MS, type MidiGridDriverOptions } from './midi-grid-driver.js';
export { openFixedDevice, type FixedDeviceSetup } from './fixed-device.js';
export { resolveMidiSelection, type MidiSelection, type MidiSelectionSetup } from './midi-selection.js';
export { planDevices, type DevicePlan, type DeviceSelection, type WantedDevice } from './device-plan.js';
export { HubSetupError, fixedPorts, portFlagsProblem, type FixedPorts } from './fixed-ports.js';
export { lookingFor } from './hub-messages.js';
export type { GreetingOptions } from './open-device.js';
export { addMidiGrids, type MidiGridSetup, type SurfaceSink } from './add-midi-grids.js';
