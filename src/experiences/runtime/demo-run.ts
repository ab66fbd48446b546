import type { SurfaceEvent } from '../../domain/index.js';
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

/**
 * One walk through a Demo's stage graph (experiences.md §5.1, §5.3): which
 * stage is current and where an input leads. It decides; the player publishes.
 */
export class DemoRun {
  readonly manifest: DemoManifest;
  readonly #stages: ReadonlyMap<string, DemoStage>;
  #current: DemoStage;
  /** What the operator did, in order (selection slots and actions). */
  readonly inputs: (number | string)[] = [];

  constructor(manifest: DemoManifest) {
    this.manifest = manifest;
    this.#stages = new Map(manifest.stages.map((stage) => [stage.id, stage]));
    this.#current = this.#stage(manifest.initialStage);
  }

  get current(): DemoStage {
    return this.#current;
  }

  /** The initial stage, announced by its own enter audio with no slot. */
  first(): DemoStep {
    return { stage: this.#current, audio: this.#current.enterAudio, audioSlot: null };
  }

  /**
   * The step an input causes, or null when the stage is terminal or no
   * transition matches (those inputs are silent). Manifest order decides
   * between transitions that match the same input.
   */
  advance(event: SurfaceEvent): DemoStep | null {
    if (this.#current.terminal) return null;
    const transition = this.#current.transitions.find((candidate) => matches(candidate, event));
    if (transition === undefined) return null;
    const next = this.#stage(transition.nextStage);
    const audioSlot = transition.event === 'select' ? transition.slot : (this.#current.sessions.find((s) => s.selected)?.slot ?? null);
    this.inputs.push(transition.event === 'select' ? transition.slot : transition.action);
    this.#current = next;
    return { stage: next, audio: transition.audio ?? next.enterAudio, audioSlot };
  }

  #stage(id: string): DemoStage {
    const stage = this.#stages.get(id);
    // The loader guarantees every referenced stage exists.
    if (stage === undefined) throw new Error(`demo stage ${JSON.stringify(id)} does not exist`);
    return stage;
  }
}
