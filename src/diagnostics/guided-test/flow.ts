import {
  AGENT_STATES,
  CONTROL_ACTIONS,
  makeSurfaceView,
  type AgentState,
  type Surface,
  type SurfaceGeometry,
  type SurfaceEvent,
  type SurfaceViewInit,
} from '../../domain/index.js';
import { InterruptedError } from './answers.js';
import type { FailureStage, GuidedTestResults } from './report.js';

/** What the tester should see for each state (device-profile-schema-1.md §11.3). */
export const EXPECTED_FIGURES: Readonly<Record<AgentState, string>> = {
  running: 'a steady blue ellipsis',
  waiting_for_reply: 'a white question mark',
  user_typing: 'a cyan chevron',
  waiting_for_approval: 'a restrained amber exclamation mark',
  success: 'a green happy face',
  error: 'a red X',
  cancelled: 'a gray hollow square',
};

export const DEFAULT_EVENT_TIMEOUT = 15;
export const DEFAULT_SETTLE_DELAY = 0.15;
const EVENT_POLL_SECONDS = 0.01;

export interface GuidedTestIo {
  /** Asks a yes/no question and resolves to the answer. */
  ask(question: string): Promise<boolean>;
  /** Prints an instruction (one line). */
  say(text: string): void;
  sleep(seconds: number): Promise<void>;
  /** Monotonic seconds. */
  now(): number;
  /** Aborted on Ctrl-C: the flow stops with an InterruptedError. */
  readonly signal?: AbortSignal;
}

export interface GuidedTestTiming {
  /** Seconds to wait for each press. */
  readonly eventTimeout: number;
  /** Seconds between drawing a check and asking about it. */
  readonly settleDelay: number;
}

/** What the flow uses of a MIDI surface: drawing, presses and its geometry (a MidiSurface fits). */
export type GuidedTestSurface = Pick<Surface, 'initialize' | 'render' | 'pollEvents'> & { readonly geometry: SurfaceGeometry };

/** Every check `false` until it passes: 9 visual, 4 action and N selector checks (§11.2). */
export function emptyResults(selectorCapacity: number): GuidedTestResults {
  const table = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, false]));
  const selectorKeys = Array.from({ length: selectorCapacity }, (_, slot) => String(slot + 1));
  return {
    visual: table([...AGENT_STATES, 'idle', 'overflow']),
    actions: table(CONTROL_ACTIONS),
    selectors: table(selectorKeys),
    completed: false,
    failureStage: null,
  };
}

/**
 * Runs the stages of §11.3 on an open surface, recording each answer and
 * press in `results` as it goes (so a failure keeps what was checked) and
 * telling `onStage` where it is. It does not close the surface (guided-test.ts does).
 */
export async function runGuidedFlow(
  surface: GuidedTestSurface,
  results: GuidedTestResults,
  io: GuidedTestIo,
  timing: GuidedTestTiming,
  onStage: (stage: FailureStage) => void,
): Promise<void> {
  const stage = (name: FailureStage) => {
    checkInterrupt(io.signal);
    onStage(name);
  };
  const show = async (init: SurfaceViewInit) => {
    surface.render(makeSurfaceView(init));
    await io.sleep(timing.settleDelay);
  };

  stage('initialize');
  surface.initialize();

  stage('visual');
  await show({ selectedState: null });
  results.visual['idle'] = await io.ask('Is a dim three-pad idle dash visible?');
  for (const state of AGENT_STATES) {
    await show({ selectedState: state, availableActions: CONTROL_ACTIONS });
    results.visual[state] = await io.ask(`Is ${EXPECTED_FIGURES[state]} (${state}) visible?`);
  }
  await show({ selectedState: 'waiting_for_reply', overflowCount: 1 });
  results.visual['overflow'] = await io.ask('Is one steady amber overflow indicator visible?');

  stage('actions');
  surface.render(makeSurfaceView({ selectedState: 'waiting_for_reply', availableActions: CONTROL_ACTIONS }));
  for (const action of CONTROL_ACTIONS) {
    io.say(`Press the ${action.toUpperCase()} control.`);
    results.actions[action] = await waitFor(surface, io, timing, (event) => event.type === 'action_pressed' && event.action === action);
  }

  stage('selectors');
  const capacity = surface.geometry.selectorCapacity;
  for (let selected = 0; selected < capacity; selected += 1) {
    const sessions = Array.from({ length: capacity }, (_, slot) => ({
      slot,
      state: AGENT_STATES[slot % AGENT_STATES.length]!,
      accent: surface.geometry.accentNames[slot]!,
      selected: slot === selected,
    }));
    surface.render(makeSurfaceView({ selectedState: 'waiting_for_reply', sessions, availableActions: CONTROL_ACTIONS }));
    io.say(`Press agent selector ${selected + 1}.`);
    results.selectors[String(selected + 1)] = await waitFor(surface, io, timing, (event) => event.type === 'session_selected' && event.slot === selected);
  }

  results.completed = true;
}

/** Polls every 10 ms until a matching event (true) or the timeout (false); other events are discarded. */
async function waitFor(surface: GuidedTestSurface, io: GuidedTestIo, timing: GuidedTestTiming, matches: (event: SurfaceEvent) => boolean): Promise<boolean> {
  const deadline = io.now() + timing.eventTimeout;
  for (;;) {
    checkInterrupt(io.signal);
    if (surface.pollEvents().some(matches)) return true;
    if (io.now() >= deadline) return false;
    await io.sleep(EVENT_POLL_SECONDS);
  }
}

function checkInterrupt(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new InterruptedError();
}
