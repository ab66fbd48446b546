export { parseSurfaceProfile, type SurfaceProfileParseResult } from './parse-surface-profile.js';
export { declaresSurfaceDriver, deckProfiles, gridProfiles, profileForSize } from './surface-catalog.js';
export { surfaceProfileJsonSchema } from './json-schema.js';
export {
  MONOME_GRID_DRIVER,
  STREAM_DECK_DRIVER,
  SURFACE_DRIVERS,
  isSurfaceDriver,
  type Cell,
  type GridLevels,
  type MonomeGridProfile,
  type StreamDeckProfile,
  type SurfaceDriver,
  type SurfaceProfile,
} from './surface-schema.js';
