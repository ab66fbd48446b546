import type { ControlAction, SessionIndicator } from '../../domain/index.js';
import type { EarconName } from '../vocabulary.js';

/** What the operator does to move a Demo on: select a Scene or press an action. */
export type DemoInput = { readonly event: 'select'; readonly slot: number } | { readonly event: 'action'; readonly action: ControlAction };

export type DemoTransition = DemoInput & { readonly nextStage: string; readonly audio: EarconName | null };

export interface DemoPrompt {
  readonly eyebrow: string;
  readonly title: string;
  readonly detail: string;
}

/** One stage of a Demo Manifest 1, checked and camelCased (experiences.md §3). */
export interface DemoStage {
  readonly id: string;
  /** Position in the manifest's `stages`, the `cue_index` browsers see. */
  readonly index: number;
  readonly prompt: DemoPrompt;
  readonly guideTarget: DemoInput | null;
  readonly sessions: readonly SessionIndicator[];
  readonly availableActions: readonly ControlAction[];
  readonly transitions: readonly DemoTransition[];
  readonly enterAudio: EarconName | null;
  readonly terminal: boolean;
}

export interface DemoManifest {
  readonly id: string;
  readonly title: string;
  readonly initialStage: string;
  readonly stages: readonly DemoStage[];
}
