import type { RawDemoInput, RawDemoManifest, RawDemoStage } from './demo-schema.js';
import { fail } from './manifest-error.js';

/*
 * The Demo rules zod cannot express field by field (experiences.md §3.1 and
 * the graph checks of §3.2, in the spec's order).
 */

const sameInput = (a: RawDemoInput, b: RawDemoInput) => a.event === b.event && a.slot === b.slot && a.action === b.action;

/** Sessions fill slots 0..n-1 in order, at most one is selected, and no action is listed twice. */
function checkStageView(source: string, stage: RawDemoStage, s: number): void {
  const { sessions, available_actions: actions } = stage.view;
  sessions.forEach((session, i) => {
    if (session.slot !== i) fail(source, ['stages', s, 'view', 'sessions', i, 'slot'], `must equal its index ${i}`);
  });
  if (sessions.filter((session) => session.selected).length > 1) {
    fail(source, ['stages', s, 'view', 'sessions'], 'has more than one selected session');
  }
  actions.forEach((action, i) => {
    if (actions.indexOf(action) !== i) fail(source, ['stages', s, 'view', 'available_actions', i], `repeats ${JSON.stringify(action)}`);
  });
}

function checkStageLinks(source: string, stage: RawDemoStage, s: number, ids: ReadonlySet<string>): void {
  const at = ['stages', s] as const;
  if (stage.terminal && stage.transitions.length > 0) fail(source, [...at, 'transitions'], 'stage is terminal but has transitions');
  if (!stage.terminal && stage.transitions.length === 0) fail(source, [...at, 'transitions'], 'stage is nonterminal but has no transitions');
  if (stage.terminal && stage.guide_target !== null) fail(source, [...at, 'guide_target'], 'stage is terminal but has a guide target');
  if (!stage.terminal && stage.guide_target === null) fail(source, [...at, 'guide_target'], 'nonterminal stage has no guide target');
  const slots = new Set(stage.view.sessions.map((session) => session.slot));
  stage.transitions.forEach((transition, t) => {
    const here = [...at, 'transitions', t];
    if (!ids.has(transition.next_stage)) fail(source, [...here, 'next_stage'], `unknown stage ${JSON.stringify(transition.next_stage)}`);
    if (transition.event === 'select' && !slots.has(transition.slot)) {
      fail(source, [...here, 'slot'], `selects a missing session (slot ${transition.slot})`);
    }
    if (transition.event === 'action' && !stage.view.available_actions.includes(transition.action)) {
      fail(source, [...here, 'action'], `uses an unavailable action ${JSON.stringify(transition.action)}`);
    }
  });
  const target = stage.guide_target;
  if (target !== null && !stage.transitions.some((transition) => sameInput(transition, target))) {
    fail(source, [...at, 'guide_target'], 'guide target is not a transition of this stage');
  }
}

function unreachableStages(manifest: RawDemoManifest): string[] {
  const byId = new Map(manifest.stages.map((stage) => [stage.id, stage]));
  const reached = new Set([manifest.initial_stage]);
  const queue = [manifest.initial_stage];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const transition of byId.get(id)?.transitions ?? []) {
      if (reached.has(transition.next_stage)) continue;
      reached.add(transition.next_stage);
      queue.push(transition.next_stage);
    }
  }
  return manifest.stages.map((stage) => stage.id).filter((id) => !reached.has(id));
}

export function checkDemoManifest(source: string, manifest: RawDemoManifest): void {
  manifest.stages.forEach((stage, s) => checkStageView(source, stage, s));
  const ids = manifest.stages.map((stage) => stage.id);
  const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (duplicates.length > 0) fail(source, ['stages'], `has duplicate IDs ${duplicates.map((id) => JSON.stringify(id)).join(', ')}`);
  const idSet = new Set(ids);
  if (!idSet.has(manifest.initial_stage)) fail(source, ['initial_stage'], `initial_stage is unknown: ${JSON.stringify(manifest.initial_stage)}`);
  manifest.stages.forEach((stage, s) => checkStageLinks(source, stage, s, idSet));
  const unreachable = unreachableStages(manifest);
  if (unreachable.length > 0) fail(source, ['stages'], `has unreachable stages ${unreachable.map((id) => JSON.stringify(id)).join(', ')}`);
}
