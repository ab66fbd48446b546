import type { Pcm16 } from '../../audio/pcm.js';
import { manifestScoreCues, renderShowScorePcm } from '../../audio/show-audio.js';
import type { PerformanceManifest } from '../../experiences/manifest/performance-manifest.js';
import { parsePerformanceManifest } from '../../experiences/manifest/performance-loader.js';
import { EXPERIENCE_ASSET_DIR } from '../../experiences/vocabulary.js';
import { PUBLIC_SHOW_URL, browserFetchJson } from './public-manifests.js';
import { DEFAULT_SOUNDTRACK, soundtrackUrl } from './sound-controller.js';

let packagedShow: Promise<PerformanceManifest> | null = null;
/** Rendered soundtracks by rate: the priming element and the Show's own ask for the same one. */
const rendered = new Map<number, Pcm16>();

/**
 * The soundtrack of the Show the bundle carries (experiences/constellation-v1.json),
 * rendered from its cues at `rate`: for its own audio asset, as the daemon
 * announces it, and for the default soundtrack. Null for any other URL.
 */
export async function renderPackagedSoundtrack(url: string, rate: number): Promise<Pcm16 | null> {
  packagedShow ??= browserFetchJson(fetch.bind(window))(PUBLIC_SHOW_URL).then((json) => parsePerformanceManifest(json, 'constellation-v1.json'));
  const show = await packagedShow;
  if (url !== DEFAULT_SOUNDTRACK && url !== soundtrackUrl(EXPERIENCE_ASSET_DIR + show.audio.asset)) return null;
  let pcm = rendered.get(rate);
  if (pcm === undefined) {
    pcm = renderShowScorePcm(manifestScoreCues(show, rate));
    rendered.set(rate, pcm);
  }
  return pcm;
}
