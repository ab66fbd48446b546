import type { LightToken } from '../domain/index.js';
import type { DeviceProfile } from '../profiles/device-profile.js';
import { EXTENSION_TOKEN_FALLBACKS } from '../visual-protocol/index.js';
import { RenderError } from './errors.js';

const ACCENT_PREFIX = 'accent:';

/**
 * Light token → palette value for one profile (midi-rendering.md §3). The 22
 * palette tokens and both roles of every profile accent sit in one precomputed
 * map, so resolving a frame builds no strings; only unusual accent roles take
 * the slow path.
 */
export class ColorResolver {
  readonly #profile: DeviceProfile;
  readonly #values = new Map<LightToken, number>();

  constructor(profile: DeviceProfile) {
    this.#profile = profile;
    for (const [token, value] of profile.lookup.colors) this.#values.set(token, value);
    for (const [name, colors] of profile.lookup.accents) {
      this.#values.set(`${ACCENT_PREFIX}${name}:selected`, colors.selected);
      this.#values.set(`${ACCENT_PREFIX}${name}:unselected`, colors.unselected);
    }
    // Option pads and tier frames take the palette value of their Visual Protocol 1 hue.
    for (const [token, fallback] of EXTENSION_TOKEN_FALLBACKS) {
      const value = this.#values.get(fallback);
      if (value !== undefined) this.#values.set(token, value);
    }
  }

  /** Throws RenderError, prefixed with the profile id, for an unknown palette token or accent name. */
  resolve(token: LightToken): number {
    const value = this.#values.get(token);
    return value === undefined ? this.#resolveUncommon(token) : value;
  }

  #resolveUncommon(token: LightToken): number {
    if (!token.startsWith(ACCENT_PREFIX)) {
      throw new RenderError(`${this.#profile.id}: unknown color token: ${token}`);
    }
    // Split into at most three parts, as the reference does: "accent", the name, and the rest as role.
    const rest = token.slice(ACCENT_PREFIX.length);
    const colon = rest.indexOf(':');
    const name = colon < 0 ? rest : rest.slice(0, colon);
    const role = colon < 0 ? '' : rest.slice(colon + 1);
    const accent = this.#profile.lookup.accents.get(name);
    if (accent === undefined) throw new RenderError(`${this.#profile.id}: unknown session accent: ${name}`);
    // Any role other than "selected" means the dim colour (visual-protocol-1.md §6).
    return role === 'selected' ? accent.selected : accent.unselected;
  }
}
