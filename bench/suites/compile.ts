import { IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS } from '../../src/domain/index.js';
import { compileVisualFrame } from '../../src/visual-protocol/index.js';
import { VIEW_STREAM_LENGTH, viewStream } from '../fixtures.js';
import { measureOps, type OpsResult } from '../ops.js';
import type { BenchSettings } from '../settings.js';

export type CompileResult = OpsResult;

/** One SurfaceView → Visual Protocol frame, over a stream of changing views. */
export function runCompileSuite(settings: BenchSettings): CompileResult {
  const views = viewStream(IDENTITY_ACCENTS, MAX_SELECTOR_SLOTS);
  const mask = VIEW_STREAM_LENGTH - 1;
  let next = 0;
  // Keeping the last frame reachable stops the optimiser from dropping the call as dead code.
  let sink: unknown = null;
  const result = measureOps(
    'compile',
    () => {
      sink = compileVisualFrame(views[next++ & mask]!, MAX_SELECTOR_SLOTS);
    },
    settings.ops,
  );
  if (sink === null) throw new Error('compile benchmark never ran');
  return result;
}
