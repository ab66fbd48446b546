/**
 * A manifest's audio asset as a safe path relative to the manifest's folder
 * (experiences.md §6.1): not absolute, no `..`, with empty and `.` segments
 * dropped. Backslashes are refused because browsers fetch the asset as a URL
 * path. Returns the normalised path, or why it is refused.
 */
export function normaliseAssetPath(asset: string): { ok: true; path: string } | { ok: false; problem: string } {
  if (asset.includes('\\')) return { ok: false, problem: 'must use "/" as its separator' };
  if (asset.startsWith('/') || /^[A-Za-z]:/.test(asset)) return { ok: false, problem: 'must be a relative path, not an absolute one' };
  const segments = asset.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { ok: false, problem: 'must not leave the manifest folder (".." segment)' };
  if (segments.length === 0) return { ok: false, problem: 'must name a file' };
  return { ok: true, path: segments.join('/') };
}
