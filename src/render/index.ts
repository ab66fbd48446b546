export { RenderError } from './errors.js';
export { PaletteGridRenderer, type MessageSink } from './palette-grid-renderer.js';
export { MidiSurface, type MidiSurfaceOptions, type PressDecoder, type Sleep } from './midi-surface.js';
export { CompositeSurface, CompositeSurfaceError, type MemberDescriptor } from './composite-surface.js';
export { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS, greetingDuration, greetingScroll, type GreetingScroll } from './greeting-scroll.js';
export { GREETING_GLYPHS, glyphColumns, textColumns } from './greeting-font.js';
