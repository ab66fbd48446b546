import { IDLE_EXPERIENCE_VIEW, type AgentState, type ExperienceView, type SurfaceEvent } from '../../domain/index.js';
import { demoPlayingView } from '../../experiences/experience-view.js';
import type { DemoManifest, DemoPrompt } from '../../experiences/manifest/demo-manifest.js';
import { demoGuidance, type DemoGuidance } from '../../experiences/runtime/demo-guidance.js';
import { demoStageView } from '../../experiences/runtime/demo-run.js';
import type { EarconName } from '../../experiences/vocabulary.js';
import { experienceStateMessage } from '../protocol/experience-message.js';
import { performanceFrameMessage } from '../protocol/performance-message.js';
import { surfaceMessage } from '../protocol/surface-message.js';
import type { SessionState } from './live-session.js';
import { NO_PRESSES } from './press-tracker.js';
import { publicDemoInput, startPublicDemo, type PublicDemo } from './public-demo.js';
import { INITIAL_SANDBOX, sandboxInput, sandboxSetState, sandboxView, type Sandbox } from './public-sandbox.js';
import { IDLE_PUBLIC_SHOW, publicShowView, startPublicShow, stopPublicShow, tickPublicShow, type PreparedShow, type PublicShow } from './public-show.js';

/** The three modes of the offline app (experiences.md §13), Demo first. */
export const PUBLIC_MODES = ['demo', 'sandbox', 'show'] as const;
export type PublicMode = (typeof PUBLIC_MODES)[number];

export interface PublicManifests {
  readonly demo: DemoManifest;
  readonly show: PreparedShow;
}

/** The last earcon asked for. One sequence across modes, so switching modes never replays a sound (§12.6). */
export interface Earcon {
  readonly cue: EarconName | null;
  readonly slot: number | null;
  readonly sequence: number;
}

/** Everything the offline app knows; every change goes through the functions below. */
export interface PublicState {
  readonly mode: PublicMode;
  readonly demo: PublicDemo;
  readonly sandbox: Sandbox;
  readonly show: PublicShow;
  readonly earcon: Earcon;
}

/** What the page draws, in the shapes a live page receives, so the same views and sound player serve both. */
export interface PublicScreen {
  readonly mode: PublicMode;
  readonly session: SessionState;
  /** Demo mode: the stage's prompt and the control it points at (none on the terminal stage). */
  readonly prompt: DemoPrompt | null;
  readonly guidance: DemoGuidance | null;
}

/** The first stage announces itself with sequence 1, as §13 says. */
export function initialPublicState(manifests: PublicManifests): PublicState {
  const first = startPublicDemo(manifests.demo);
  return { mode: 'demo', demo: first.demo, sandbox: INITIAL_SANDBOX, show: IDLE_PUBLIC_SHOW, earcon: { cue: first.cue, slot: first.slot, sequence: 1 } };
}

/*
 * The sequence moves on every publication, even one without a sound (quirk
 * 12 of the spec; harmless since a null cue never plays).
 */
const nextEarcon = (state: PublicState, cue: EarconName | null, slot: number | null): Earcon => ({ cue, slot, sequence: state.earcon.sequence + 1 });

/** A pad press (Scene or action): the Demo and the Sandbox answer it, the Show ignores it. */
export function pressPublic(manifests: PublicManifests, state: PublicState, event: SurfaceEvent): PublicState {
  if (state.mode === 'demo') {
    const step = publicDemoInput(manifests.demo, state.demo, event);
    return step === null ? state : { ...state, demo: step.demo, earcon: nextEarcon(state, step.cue, step.slot) };
  }
  if (state.mode === 'sandbox') {
    const step = sandboxInput(state.sandbox, event);
    return step === null ? state : { ...state, sandbox: step.sandbox, earcon: nextEarcon(state, step.cue, step.slot) };
  }
  return state;
}

export function restartPublicDemo(manifests: PublicManifests, state: PublicState): PublicState {
  const first = startPublicDemo(manifests.demo);
  return { ...state, demo: first.demo, earcon: nextEarcon(state, first.cue, first.slot) };
}

export function setSandboxState(state: PublicState, slot: number, agentState: AgentState): PublicState {
  const sandbox = sandboxSetState(state.sandbox, slot, agentState);
  return sandbox === state.sandbox ? state : { ...state, sandbox };
}

/** Entering Show mode starts the Show; leaving it stops playback. */
export function choosePublicMode(state: PublicState, mode: PublicMode, nowMs: number): PublicState {
  if (mode === state.mode) return state;
  return { ...state, mode, show: mode === 'show' ? startPublicShow(nowMs) : stopPublicShow(state.show) };
}

/** Play (again) while in Show mode and nothing plays. */
export function startShow(state: PublicState, nowMs: number): PublicState {
  return state.mode === 'show' && state.show.status === 'idle' ? { ...state, show: startPublicShow(nowMs) } : state;
}

export function stopShow(state: PublicState): PublicState {
  const show = stopPublicShow(state.show);
  return show === state.show ? state : { ...state, show };
}

/** The 30 ms timer; the same state object comes back while nothing visible changes. */
export function tickPublic(manifests: PublicManifests, state: PublicState, nowMs: number): PublicState {
  const show = tickPublicShow(manifests.show, state.show, nowMs);
  return show === state.show ? state : { ...state, show };
}

/** Carries a Sandbox earcon to the sound player, which knows earcons only from Demo lifecycle messages. */
function earconView(earcon: Earcon): ExperienceView {
  return { ...IDLE_EXPERIENCE_VIEW, status: 'playing', kind: 'demo', audioCue: earcon.cue, audioSlot: earcon.slot, audioSequence: earcon.sequence };
}

function session(fields: Pick<SessionState, 'surface' | 'experience' | 'performance'>): SessionState {
  return {
    status: 'connected',
    admin: false,
    lanEnabled: false,
    pairing: null,
    error: null,
    overflow: null,
    prompt: null,
    experienceBlock: null,
    extensions: [],
    presses: NO_PRESSES,
    ...fields,
  };
}

export function publicScreen(manifests: PublicManifests, state: PublicState): PublicScreen {
  const { earcon } = state;
  if (state.mode === 'demo') {
    const { stage, publications } = state.demo;
    const experience = demoPlayingView({
      title: manifests.demo.title,
      stageIndex: stage.index,
      caption: stage.prompt.title,
      detail: stage.prompt.detail,
      audioCue: earcon.cue,
      audioSlot: earcon.slot,
      audioSequence: earcon.sequence,
    });
    return {
      mode: 'demo',
      session: session({ surface: surfaceMessage(demoStageView(stage, publications)), experience: experienceStateMessage(experience), performance: null }),
      prompt: stage.prompt,
      guidance: demoGuidance(stage),
    };
  }
  if (state.mode === 'sandbox') {
    const surface = surfaceMessage(sandboxView(state.sandbox));
    return {
      mode: 'sandbox',
      session: session({ surface, experience: experienceStateMessage(earconView(earcon)), performance: null }),
      prompt: null,
      guidance: null,
    };
  }
  const show = state.show;
  // The full-surface picture exists only while a cue plays; before and after, the pad is dark.
  const performance = show.status === 'playing' ? performanceFrameMessage(manifests.show.manifest.cues[show.cueIndex]!.frame) : null;
  const experience = experienceStateMessage(publicShowView(manifests.show, show));
  return { mode: 'show', session: session({ surface: null, experience, performance }), prompt: null, guidance: null };
}
