export { MidiDeviceHub, type HubLogger, type MidiDeviceHubOptions } from './midi-device-hub.js';
export { planDevices, type DevicePlan, type DeviceSelection, type WantedDevice } from './device-plan.js';
export { HubSetupError, fixedPorts } from './fixed-ports.js';
export { geometryProblem, HUB_ACCENT_NAMES, HUB_SELECTOR_CAPACITY } from './hub-geometry.js';
export type { GreetingOptions } from './open-device.js';
export { ALSA_SEQUENCER, gateOnSequencer } from './sequencer-gate.js';
export { createMidiHub, type DaemonMidi, type MidiHubSetup } from './create-hub.js';
export { followProfiles, type FollowProfilesSetup, type LiveProfiles, type WatchedCatalog } from './live-profiles.js';
export { watchSoundDevices, type DeviceEventSource } from './device-node-events.js';
