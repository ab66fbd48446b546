import { makeSurfaceView, type SurfaceEvent, type SurfaceView } from '../../domain/index.js';
import type { DemoManifest, DemoStage, DemoTransition } from '../manifest/demo-manifest.js';
import type { EarconName } from '../vocabulary.js';

/** A stage about to be shown, with the earcon that announces it. */
export interface DemoStep {
  readonly stage: DemoStage;
  readonly audio: EarconName | null;
  readonly audioSlot: number | null;
}

function matches(transition: DemoTransition, event: SurfaceEvent): boolean {
  if (transition.event === 'select') return event.type === 'session_selected' && event.slot === transition.slot;
  return event.type === 'action_pressed' && event.action === transition.action;
}

/** The stage with this id; the loader guarantees every referenced stage exists. */
export function demoStage(manifest: DemoManifest, id: string): DemoStage {
  const stage = manifest.stages.find((candidate) => candidate.id === id);
  if (stage === undefined) throw new Error(`demo stage ${JSON.stringify(id)} does not exist`);
  return stage;
}

/**
 * Where an input leads from `current` (experiences.md §5.3), or null when the
 * stage is terminal or no transition matches (those inputs are silent).
 * Manifest order decides between transitions that match the same input. Pure,
 * so the daemon's player and the offline browser app share it.
 */
export function demoStepAfter(manifest: DemoManifest, current: DemoStage, event: SurfaceEvent): DemoStep | null {
  if (current.terminal) return null;
  const transition = current.transitions.find((candidate) => matches(candidate, event));
  if (transition === undefined) return null;
  const next = demoStage(manifest, transition.nextStage);
  const audioSlot = transition.event === 'select' ? transition.slot : (current.sessions.find((s) => s.selected)?.slot ?? null);
  return { stage: next, audio: transition.audio ?? next.enterAudio, audioSlot };
}

/** A stage drawn like a live view (§3.3); `frame` is the publication counter. */
export function demoStageView(stage: DemoStage, frame: number): SurfaceView {
  return makeSurfaceView({
    selectedState: stage.sessions.find((session) => session.selected)?.state ?? null,
    frame,
    sessions: stage.sessions,
    availableActions: stage.availableActions,
  });
}

/**
 * One walk through a Demo's stage graph (experiences.md §5.1, §5.3): which
 * stage is current and where an input leads. It decides; the player publishes.
 */
export class DemoRun {
  readonly manifest: DemoManifest;
  #current: DemoStage;
  /** What the operator did, in order (selection slots and actions). */
  readonly inputs: (number | string)[] = [];

  constructor(manifest: DemoManifest) {
    this.manifest = manifest;
    this.#current = demoStage(manifest, manifest.initialStage);
  }

  get current(): DemoStage {
    return this.#current;
  }

  /** The initial stage, announced by its own enter audio with no slot. */
  first(): DemoStep {
    return { stage: this.#current, audio: this.#current.enterAudio, audioSlot: null };
  }

  /** The step an input causes (see demoStepAfter), which becomes the current stage. */
  advance(event: SurfaceEvent): DemoStep | null {
    const step = demoStepAfter(this.manifest, this.#current, event);
    if (step === null) return null;
    if (event.type === 'session_selected') this.inputs.push(event.slot);
    else if (event.type === 'action_pressed') this.inputs.push(event.action);
    this.#current = step.stage;
    return step;
  }
}
