import { EIGHT_SCENES, type SurfaceSet } from '../../domain/index.js';

/** A daemon without surfaces (headless): eight Scenes, nothing drawn, no presses. */
export const NO_SURFACES: SurfaceSet = Object.freeze({
  geometry: EIGHT_SCENES,
  descriptors: Object.freeze([]),
  initialize: () => undefined,
  render: () => undefined,
  renderShowFrame: () => undefined,
  setExperience: () => undefined,
  pollEvents: () => [],
  onInput: () => undefined,
  close: () => undefined,
});
