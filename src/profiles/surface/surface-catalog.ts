import { readFile } from 'node:fs/promises';
import type { ProfileProblem } from '../catalog.js';
import { listProfileFiles } from '../profile-roots.js';
import { errorMessage } from '../../support/error-message.js';
import { parseSurfaceProfile } from './parse-surface-profile.js';
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

export interface SurfaceCatalog {
  readonly profiles: readonly SurfaceProfile[];
  readonly problems: readonly ProfileProblem[];
}

/**
 * Every surface profile below the roots (the same roots as device profiles, so
 * built-ins ship in `profiles/` and a user's drop in beside theirs). A later
 * root's profile with the same id replaces an earlier one, so a user can adjust
 * a built-in; a broken file is a problem and never hides the others.
 */
export async function loadSurfaceCatalog(roots: readonly string[]): Promise<SurfaceCatalog> {
  const byId = new Map<string, SurfaceProfile>();
  const problems: ProfileProblem[] = [];
  for (const root of roots) {
    for (const file of await listProfileFiles(root)) {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        problems.push({ source: file, issues: [{ path: '', message: errorMessage(error) }] });
        continue;
      }
      if (!declaresSurfaceDriver(text)) continue;
      const result = parseSurfaceProfile(JSON.parse(text), file);
      if (result.ok) byId.set(result.profile.id, result.profile);
      else problems.push({ source: file, issues: result.issues });
    }
  }
  return { profiles: [...byId.values()], problems };
}

export const gridProfiles = (catalog: SurfaceCatalog) => catalog.profiles.filter((p): p is MonomeGridProfile => p.driver === 'serial.monome-grid');
export const deckProfiles = (catalog: SurfaceCatalog) => catalog.profiles.filter((p): p is StreamDeckProfile => p.driver === 'hid.stream-deck');

/** The profile for a surface of this size: the last one loaded wins (user roots come after the built-ins). */
export function profileForSize<P extends SurfaceProfile>(profiles: readonly P[], columns: number, rows: number): P | undefined {
  return profiles.filter((p) => p.size.columns === columns && p.size.rows === rows).at(-1);
}
