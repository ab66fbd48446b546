import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where rendered sounds wait for a player that reads files. */
export interface SoundFiles {
  /** The path of the sound called `key`, rendering and writing it on first use. */
  pathFor(key: string, render: () => Uint8Array): string;
  /** Removes every file written. */
  dispose(): void;
}

/**
 * A private temporary folder, created on first use. Players get a path
 * rather than stdin because not every one of them reads WAV from a pipe.
 */
export function temporarySoundFiles(): SoundFiles {
  let dir: string | null = null;
  const written = new Map<string, string>();
  return {
    pathFor(key, render) {
      const known = written.get(key);
      if (known !== undefined) return known;
      dir ??= mkdtempSync(join(tmpdir(), 'pad-lattice-audio-'));
      const path = join(dir, `${key}.wav`);
      writeFileSync(path, render());
      written.set(key, path);
      return path;
    },
    dispose() {
      if (dir !== null) rmSync(dir, { recursive: true, force: true });
      dir = null;
      written.clear();
    },
  };
}
