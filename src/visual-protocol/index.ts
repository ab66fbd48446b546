export * from './constants.js';
export * from './glyphs.js';
export * from './tokens.js';
export * from './accents.js';
export * from './action-states.js';
export * from './semantic-colors.js';
export { compileVisualFrame } from './compile.js';
export type { StateCanvas, VisualFrame } from '../domain/visual-frame.js';
export { visualFrameToJson, type VisualFrameJson } from './frame-json.js';
export {
  optionToken,
  tierToken,
  protocolToken,
  optionCells,
  optionAtCell,
  promptCanvas,
  EXTENSION_TOKEN_FALLBACKS,
} from './prompt-canvas.js';
export { visualProtocolConstants } from './published-constants.js';
export { GREETING_GLYPHS, glyphColumns, textColumns } from './led-font.js';
export { ShownQuestion } from './shown-question.js';
