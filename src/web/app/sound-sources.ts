import { allEarconVariants } from '../../audio/asset-names.js';
import { renderEarconPcm } from '../../audio/earcon-audio.js';
import type { Pcm16 } from '../../audio/pcm.js';
import { earconUrl } from './sound-controller.js';

/** Each earcon URL SoundController can name, mapped to its (earcon, slot). */
const EARCONS = new Map(allEarconVariants().map((variant) => [earconUrl(variant.name, variant.slot), variant]));

/**
 * The samples for a sound URL of SoundController's vocabulary (experiences.md
 * §12.6), rendered in the page by the same src/audio code the host plays:
 * an earcon at once, a Show soundtrack from the packaged Show's cues (loaded
 * on first use, so a page that never plays a Show never fetches them). Null
 * for a URL that names neither.
 */
export async function renderSoundFor(url: string, rate: number): Promise<Pcm16 | null> {
  const earcon = EARCONS.get(url);
  if (earcon !== undefined) return renderEarconPcm(earcon.name, earcon.slot);
  const { renderPackagedSoundtrack } = await import('./soundtrack-source.js');
  return renderPackagedSoundtrack(url, rate);
}
