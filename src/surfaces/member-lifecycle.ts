/*
 * Opening and closing several surfaces as one, the same for the render
 * layer's CompositeSurface and the daemon's SurfaceSet (midi-rendering.md §13).
 */

/**
 * Initialises `members` in order. If one throws, `closeAll` runs — it closes
 * every member, also those after the failing one, whose ports may be open
 * too — and the initialise error, not a close error, is re-thrown.
 */
export function initializeAllOrClose(members: readonly { initialize(): void }[], closeAll: () => void): void {
  try {
    for (const member of members) member.initialize();
  } catch (error) {
    try {
      closeAll();
    } catch {
      // The initialise failure is what the caller must see.
    }
    throw error;
  }
}

/** Closes every member in reverse order, each attempted; the first error is re-thrown once all were tried. */
export function closeAllInReverse(members: readonly { close(): void }[]): void {
  let firstError: { readonly error: unknown } | null = null;
  for (const member of [...members].reverse()) {
    try {
      member.close();
    } catch (error) {
      firstError ??= { error };
    }
  }
  if (firstError !== null) throw firstError.error;
}
