import type { DemoInput, DemoStage } from '../manifest/demo-manifest.js';

/** The control a Demo stage points at and the hint that names it (experiences.md §13). */
export interface DemoGuidance {
  readonly target: DemoInput;
  readonly text: string;
}

/**
 * The hint for a stage: `Select <label> - Scene <n>` for a Scene, or
 * `<Action> <selected label>` for an action. A terminal stage has none. The
 * web protocol does not carry it (quirk 14), so only a local Demo shows it.
 */
export function demoGuidance(stage: DemoStage): DemoGuidance | null {
  const target = stage.guideTarget;
  if (stage.terminal || target === null) return null;
  if (target.event === 'select') {
    // The loader guarantees the guided Scene has a session.
    const label = stage.sessions[target.slot]?.label ?? `Agent ${target.slot + 1}`;
    return { target, text: `Select ${label} - Scene ${target.slot + 1}` };
  }
  const verb = target.action.charAt(0).toUpperCase() + target.action.slice(1);
  return { target, text: `${verb} ${stage.sessions.find((session) => session.selected)?.label ?? 'selected agent'}` };
}
