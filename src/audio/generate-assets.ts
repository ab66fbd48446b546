/**
 * Build step (scripts/build-web.mjs): `node dist/src/audio/generate-assets.js
 * <bundle>/experiences` renders the browser's earcons and Show soundtrack
 * from the same code the host plays, so no WAV file is committed.
 */
import { join, resolve } from 'node:path';
import { PACKAGED_SHOW_FILE, loadPerformanceManifest } from '../experiences/index.js';
import { PACKAGE_ROOT } from '../support/package-info.js';
import { writeAudioAssets } from './asset-files.js';

const target = process.argv[2];
if (target === undefined || target === '') {
  process.stderr.write('usage: generate-assets.js EXPERIENCES_DIR\n');
  process.exit(2);
}
const show = await loadPerformanceManifest(join(PACKAGE_ROOT, PACKAGED_SHOW_FILE));
const written = await writeAudioAssets(resolve(target), show);
process.stdout.write(`generate-assets: ${written.length} audio files written to ${resolve(target)}\n`);
