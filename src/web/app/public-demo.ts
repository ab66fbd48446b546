import type { SurfaceEvent } from '../../domain/index.js';
import type { DemoManifest, DemoStage } from '../../experiences/manifest/demo-manifest.js';
import { demoStage, demoStepAfter } from '../../experiences/runtime/demo-run.js';
import type { EarconName } from '../../experiences/vocabulary.js';

/** Where the offline Demo stands: the current stage and its publication counter (the view's frame). */
export interface PublicDemo {
  readonly stage: DemoStage;
  readonly publications: number;
}

/** A Demo publication and the earcon that announces it (the name may be null: nothing plays). */
export interface PublicDemoStep {
  readonly demo: PublicDemo;
  readonly cue: EarconName | null;
  readonly slot: number | null;
}

/** The initial stage, announced by its enter audio with no slot (experiences.md §13). */
export function startPublicDemo(manifest: DemoManifest): PublicDemoStep {
  const stage = demoStage(manifest, manifest.initialStage);
  return { demo: { stage, publications: 0 }, cue: stage.enterAudio, slot: null };
}

/**
 * A Scene selection or action press (§5.3 rules, shared with the daemon), or
 * null when nothing matches. Unlike the daemon there is no terminal hold: the
 * terminal stage stays until the user restarts.
 */
export function publicDemoInput(manifest: DemoManifest, demo: PublicDemo, event: SurfaceEvent): PublicDemoStep | null {
  const step = demoStepAfter(manifest, demo.stage, event);
  if (step === null) return null;
  return { demo: { stage: step.stage, publications: demo.publications + 1 }, cue: step.audio, slot: step.audioSlot };
}
