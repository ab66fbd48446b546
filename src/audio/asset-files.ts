import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PerformanceManifest } from '../experiences/manifest/performance-manifest.js';
import { FALLBACK_SOUNDTRACK_FILE, allEarconVariants, earconFileName } from './asset-names.js';
import { renderEarconWav } from './earcon-audio.js';
import { manifestScoreCues, renderShowScoreWav } from './show-audio.js';

/**
 * Writes the browser's audio into a web bundle's `experiences/` folder: the
 * 99 earcon files under `audio/`, the Show's soundtrack at its manifest
 * asset path (relative to this folder, as the daemon announces it), and the
 * same soundtrack as the fallback a browser plays when a Show names none.
 * Returns the written paths relative to `experiencesDir`.
 */
export async function writeAudioAssets(experiencesDir: string, show: PerformanceManifest): Promise<string[]> {
  const soundtrack = renderShowScoreWav(manifestScoreCues(show));
  const files: [string, Uint8Array][] = [
    ...allEarconVariants().map(({ name, slot }): [string, Uint8Array] => [`audio/${earconFileName(name, slot)}`, renderEarconWav(name, slot)]),
    [show.audio.asset, soundtrack],
    [`audio/${FALLBACK_SOUNDTRACK_FILE}`, soundtrack],
  ];
  const unique = new Map(files);
  for (const [path, bytes] of unique) {
    const target = join(experiencesDir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  return [...unique.keys()];
}
