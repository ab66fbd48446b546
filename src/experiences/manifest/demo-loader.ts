import { makeSurfaceView } from '../../domain/index.js';
import { checkDemoManifest } from './demo-checks.js';
import type { DemoInput, DemoManifest, DemoStage } from './demo-manifest.js';
import { demoManifestSchema, type RawDemoInput, type RawDemoStage } from './demo-schema.js';
import { parseStructure } from './manifest-error.js';

function toInput(raw: RawDemoInput): DemoInput {
  return raw.event === 'select' ? { event: 'select', slot: raw.slot } : { event: 'action', action: raw.action };
}

function toStage(raw: RawDemoStage, index: number): DemoStage {
  // makeSurfaceView fills the same defaults a live view has; only its sessions are kept here.
  const { sessions } = makeSurfaceView({ selectedState: null, sessions: raw.view.sessions });
  return Object.freeze({
    id: raw.id,
    index,
    prompt: Object.freeze({ ...raw.prompt }),
    guideTarget: raw.guide_target === null ? null : toInput(raw.guide_target),
    sessions,
    availableActions: Object.freeze([...raw.view.available_actions]),
    transitions: Object.freeze(raw.transitions.map((t) => ({ ...toInput(t), nextStage: t.next_stage, audio: t.audio }))),
    enterAudio: raw.enter_audio,
    terminal: raw.terminal,
  });
}

/**
 * A parsed JSON value → a checked Demo (experiences.md §3); throws a
 * ManifestError naming `source` and the JSON location of the first problem.
 */
export function parseDemoManifest(raw: unknown, source = 'demo'): DemoManifest {
  const manifest = parseStructure(demoManifestSchema, raw, source);
  checkDemoManifest(source, manifest);
  return Object.freeze({
    id: manifest.id,
    title: manifest.title,
    initialStage: manifest.initial_stage,
    stages: Object.freeze(manifest.stages.map(toStage)),
  });
}
