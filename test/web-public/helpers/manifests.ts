import { parseDemoManifest, parsePerformanceManifest } from '../../../src/experiences/index.js';
import { prepareShow } from '../../../src/web/app/public-show.js';
import type { PublicManifests } from '../../../src/web/app/public-runtime.js';
import { DEMO_PATH, SHOW_PATH, readJson } from '../../experiences/helpers/files.js';
import { referenceTimelineDocument } from '../../experiences/helpers/reference-timeline.js';

/**
 * The packaged Demo with either the reference Show's published timeline
 * (scenario 33's numbers: 80 cues, 43.1 s, "Alone") or our own packaged Show.
 */
export function publicManifests(show: 'reference' | 'packaged' = 'reference'): PublicManifests {
  const performance = show === 'reference' ? referenceTimelineDocument() : readJson(SHOW_PATH);
  return { demo: parseDemoManifest(readJson(DEMO_PATH), 'demo'), show: prepareShow(parsePerformanceManifest(performance, 'show')) };
}
