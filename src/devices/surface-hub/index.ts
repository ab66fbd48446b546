export { createSurfaceHub, type SurfaceHubSetup } from './create-surface-hub.js';
export { SurfaceHub, type SurfaceHubOptions } from './surface-hub.js';
export { gridDriver, type GridDriverOptions } from './grid-driver.js';
export { deckDriver, deckModelOf, type DeckDriverOptions } from './deck-driver.js';
export type { OpenedSurface, SurfaceCandidate, SurfaceDriver } from './surface-driver.js';
