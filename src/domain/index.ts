export * from './agent-state.js';
export * from './control-action.js';
export * from './identity.js';
export * from './accent.js';
export * from './surface-view.js';
export * from './show-frame.js';
export * from './surface-event.js';
export * from './light-token.js';
