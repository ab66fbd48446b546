import { statSync } from 'node:fs';

export interface DevListingCacheOptions {
  /** The folder whose changes mean a device came or went (default /dev on Linux). */
  readonly dir?: string;
  /** Lists again at least this often anyway (default 30 s). */
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

/**
 * Serial listing spawns `udevadm` and HID listing walks hidapi's devices, so
 * the hub should not do either every two seconds for nothing. On Linux a
 * device node appearing or vanishing changes the modification time of /dev;
 * this keeps the last listing until that happens (or it is `maxAgeMs` old).
 * Elsewhere, or when /dev cannot be read, every call lists.
 */
export function cachedUntilDevChanges<T>(list: () => Promise<T>, options: DevListingCacheOptions = {}): () => Promise<T> {
  const dir = options.dir ?? '/dev';
  const maxAge = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  let last: { readonly stamp: number; readonly at: number; readonly value: T } | null = null;
  return async () => {
    let stamp: number;
    try {
      stamp = statSync(dir).mtimeMs;
    } catch {
      return list();
    }
    if (last !== null && last.stamp === stamp && now() - last.at < maxAge) return last.value;
    const value = await list();
    last = { stamp, at: now(), value };
    return value;
  };
}
