/** The browser's credential rules (web-surface-protocol-1.md §8). No DOM types: tests drive it in Node. */

export const ADMIN_TOKEN_KEY = 'pad-lattice-admin-token';
export const SESSION_TOKEN_KEY = 'pad-lattice-session-token';

/** The part of `localStorage` the app uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The first credential that applies: `#admin=` (stored), `#pair=` (never
 * stored), the stored admin token, the stored reconnect token, or none. A
 * fragment credential is removed from the address bar at once, so it does
 * not linger in history or get copied along with the URL.
 */
export function takeInitialCredential(fragment: string, storage: KeyValueStore, stripFragment: () => void): string | null {
  const params = new URLSearchParams(fragment.startsWith('#') ? fragment.slice(1) : fragment);
  const admin = params.get('admin');
  if (admin) {
    storage.setItem(ADMIN_TOKEN_KEY, admin);
    stripFragment();
    return admin;
  }
  const pair = params.get('pair');
  if (pair) {
    stripFragment();
    return pair;
  }
  return storage.getItem(ADMIN_TOKEN_KEY) ?? storage.getItem(SESSION_TOKEN_KEY);
}

/** After `forbidden` or an authentication timeout nothing stored is worth retrying. */
export function forgetStoredCredentials(storage: KeyValueStore): void {
  storage.removeItem(ADMIN_TOKEN_KEY);
  storage.removeItem(SESSION_TOKEN_KEY);
}

/** Digits only, exactly six, whitespace ignored; null when the entry is not a PIN. */
export function normalizePin(entry: string): string | null {
  const digits = entry.replace(/\s+/g, '');
  return /^[0-9]{6}$/.test(digits) ? digits : null;
}
