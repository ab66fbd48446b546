export { createSurfaceHub, type SurfaceHubSetup } from './create-surface-hub.js';
export { SurfaceHub, type SurfaceHubOptions } from './surface-hub.js';
export { gridDriver, type GridDriverOptions } from '../monome/grid-driver.js';
export { deckDriver, deckModelOf, type DeckDriverOptions } from '../stream-deck/deck-driver.js';
