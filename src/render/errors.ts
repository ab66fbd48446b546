/**
 * A frame the renderer cannot draw on its device: a light token the profile
 * cannot resolve, or a Show frame of the wrong shape. Thrown before anything
 * of that frame is sent (see PaletteGridRenderer: resolve first, then write).
 */
export class RenderError extends Error {
  override readonly name = 'RenderError';
}
