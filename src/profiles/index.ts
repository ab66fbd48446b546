export { addressKey, describeAddress } from './address.js';
export { opensAutomatically, untestedNotice } from './auto-open.js';
export { ProfileCatalog, type ProfileProblem } from './catalog.js';
export { catalogEntries, findEntry, type CatalogEntry } from './catalog-entries.js';
export { closestIds } from './closest-ids.js';
export { catalogChanges, type CatalogLogLine } from './catalog-changes.js';
export { CatalogWatcher, type CatalogWatcherOptions } from './catalog-watcher.js';
export {
  buildDeviceProfile,
  controlAt,
  profileGeometry,
  gridAddress,
  type AccentColors,
  type AddressRole,
  type ControlRole,
  type DeepReadonly,
  type DeviceProfile,
  type ProfileLookup,
} from './device-profile.js';
export { CatalogError, IN_MEMORY_SOURCE, ProfileError, ProfileFileError, ProfileValidationError } from './errors.js';
export { formatIssueLine, type ProfileIssue } from './issues.js';
export { deviceProfileJsonSchema, deviceProfileJsonSchemaText } from './json-schema.js';
export { loadCatalog, loadProfilesFrom, problemFromError, type CatalogLoad, type CatalogSources } from './load-catalog.js';
export {
  loadProfileFile,
  parseProfileText,
  readProfileText,
  type LoadProfileOptions,
  type SchemaValidator,
} from './load-file.js';
export { parseDeviceProfile, parseDeviceProfileOrThrow, type ProfileParseResult } from './parse-profile.js';
export { candidatesFor, detectDevices, matchingPorts, type DeviceCandidate } from './port-matching.js';
export { parseProfileFile, surfaceProfilesById, type ProfileFile } from './profile-file.js';
export { BUILTIN_PROFILE_ROOT, homeFrom, listProfileFiles, userProfileRoots, userRootsOf, type UserRootsEnvironment } from './profile-roots.js';
export {
  DeviceResolutionError,
  resolveDevice,
  type PortLists,
  type ResolvedDevice,
  type ResolveDeviceOptions,
} from './resolve-device.js';
export type { MidiKind, ProfileAddress } from './schema-primitives.js';
export {
  CONFORMANCE_LEVELS,
  PROFILE_DRIVER,
  PROFILE_STATUSES,
  deviceProfileSchema,
  type ConformanceLevel,
  type ProfileCommand,
  type ProfileDocument,
  type PaletteSysexCapability,
  type ProfileStatus,
  type ShowRgbCapability,
} from './schema.js';
export { slug } from './slug.js';
export {
  declaresSurfaceDriver,
  deckProfiles,
  gridProfiles,
  isSurfaceDriver,
  parseSurfaceProfile,
  surfaceProfileJsonSchema,
  profileForSize,
  type MonomeGridProfile,
  type StreamDeckProfile,
  type SurfaceProfile,
} from './surface/index.js';
export { followProfiles, type FollowProfilesSetup, type LiveProfiles, type WatchedCatalog } from './live-profiles.js';
