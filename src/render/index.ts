export { RenderError } from './errors.js';
export { PaletteGridRenderer, type MessageSink } from './palette-grid-renderer.js';
export { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS, greetingDuration, greetingScroll, type GreetingScroll } from './greeting-scroll.js';
