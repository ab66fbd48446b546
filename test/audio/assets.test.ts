import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudioAssets } from '../../src/audio/asset-files.js';
import { PACKAGED_SHOW_FILE, loadPerformanceManifest, EXPERIENCE_ASSET_DIR, EARCON_NAMES } from '../../src/experiences/index.js';
import { PACKAGE_ROOT } from '../../src/support/package-info.js';
import { DEFAULT_SOUNDTRACK, earconUrl, soundtrackUrl } from '../../src/web/app/sound-controller.js';
import { readWav } from './helpers/wav-reader.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SLOTS = [null, 0, 1, 2, 3, 4, 5, 6, 7] as const;

/** Every file the browser app can ask for, as paths under the bundle root (its URLs start with `./`). */
async function requestablePaths(): Promise<string[]> {
  const show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
  const urls = [
    ...EARCON_NAMES.flatMap((name) => SLOTS.map((slot) => earconUrl(name, slot))),
    // The daemon announces the Show's audio_asset as the experiences folder plus the manifest's asset.
    soundtrackUrl(EXPERIENCE_ASSET_DIR + show.audio.asset),
    DEFAULT_SOUNDTRACK,
  ];
  return urls.map((url) => url.replace(/^\.\//, ''));
}

describe('browser audio assets', () => {
  let bundle: string;
  let written: string[];
  beforeAll(async () => {
    bundle = mkdtempSync(join(tmpdir(), 'pad-lattice-audio-assets-'));
    const show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
    written = await writeAudioAssets(join(bundle, 'experiences'), show);
  });
  afterAll(() => rmSync(bundle, { recursive: true, force: true }));

  it('writes 99 earcons plus the Show soundtrack and its fallback, and nothing else', async () => {
    const paths = await requestablePaths();
    expect(paths.filter((path) => path.includes('/earcon-'))).toHaveLength(99);
    for (const path of paths) expect(existsSync(join(bundle, path)), path).toBe(true);
    expect(written.map((path) => `experiences/${path}`).sort()).toEqual([...new Set(paths)].sort());
  });

  it('writes mono earcons and a stereo soundtrack as long as the manifest says', async () => {
    const show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
    const earcon = readWav(readFileSync(join(bundle, 'experiences/audio/earcon-question-3.wav')));
    expect(earcon).toMatchObject({ channels: 1, sampleRate: 22_050, bitsPerSample: 16 });
    const soundtrack = readWav(readFileSync(join(bundle, 'experiences', show.audio.asset)));
    expect(soundtrack).toMatchObject({ channels: 2, sampleRate: 22_050, bitsPerSample: 16 });
    expect((soundtrack.samples[0]!.length / 22_050) * 1000).toBeCloseTo(show.audio.durationMs, 0);
  });

  it('keeps the audio folder small (earcons well under 4 MB in all)', () => {
    const earconBytes = readdirSync(join(bundle, 'experiences/audio'))
      .filter((name) => name.startsWith('earcon-'))
      .reduce((sum, name) => sum + readFileSync(join(bundle, 'experiences/audio', name)).length, 0);
    expect(earconBytes).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('scripts/build-web.mjs audio step', () => {
  let out: string;
  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'pad-lattice-build-audio-'));
    execFileSync(process.execPath, [join(REPO, 'scripts', 'build-web.mjs'), '--out', join(out, 'app')], { stdio: 'pipe' });
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('produces every audio file the app can request', async () => {
    for (const path of await requestablePaths()) expect(existsSync(join(out, 'app', path)), path).toBe(true);
  });
});
