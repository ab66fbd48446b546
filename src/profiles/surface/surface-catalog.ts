import { isSurfaceDriver, type MonomeGridProfile, type StreamDeckProfile, type SurfaceProfile } from './surface-schema.js';

/**
 * True when a profile file's text declares a serial or HID surface driver: such a
 * file belongs to the surface catalog, and the MIDI catalog passes it by.
 */
export function declaresSurfaceDriver(text: string): boolean {
  try {
    const document: unknown = JSON.parse(text);
    return typeof document === 'object' && document !== null && isSurfaceDriver((document as Record<string, unknown>)['driver']);
  } catch {
    return false;
  }
}

export const gridProfiles = (profiles: readonly SurfaceProfile[]) => profiles.filter((p): p is MonomeGridProfile => p.driver === 'serial.monome-grid');
export const deckProfiles = (profiles: readonly SurfaceProfile[]) => profiles.filter((p): p is StreamDeckProfile => p.driver === 'hid.stream-deck');

/** The profile for a surface of this size: the last one loaded wins (user roots come after the built-ins). */
export function profileForSize<P extends SurfaceProfile>(profiles: readonly P[], columns: number, rows: number): P | undefined {
  return profiles.filter((p) => p.size.columns === columns && p.size.rows === rows).at(-1);
}
