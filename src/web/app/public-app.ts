import type { SurfaceEvent } from '../../domain/index.js';
import { renderConnection } from './connection-view.js';
import { byId } from './dom.js';
import { bindKeyboard } from './keyboard-binding.js';
import { LegendView, legendElements } from './legend-view.js';
import { padModel } from './pad-model.js';
import { PadView } from './pad-view.js';
import { browserFetchJson, loadPublicManifests } from './public-manifests.js';
import { PublicPanel } from './public-panel.js';
import {
  choosePublicMode,
  initialPublicState,
  pressPublic,
  publicScreen,
  restartPublicDemo,
  setSandboxState,
  startShow,
  stopShow,
  tickPublic,
  type PublicManifests,
  type PublicState,
} from './public-runtime.js';
import { PUBLIC_SHOW_TIMER_MS } from './public-show.js';
import { SoundPlayer } from './sound.js';
import { wireSoundToggle } from './sound-toggle.js';
import { errorMessage } from '../../support/error-message.js';

/**
 * The offline pad (experiences.md §13), for pages no daemon serves: the
 * packaged Demo, a free Sandbox and the Show, all played in this page. The
 * decisions are the pure functions of public-runtime.ts; this file only
 * connects them to the page, a clock and the sound player.
 */
export async function startPublicApp(): Promise<void> {
  renderConnection('offline', null);
  let manifests: PublicManifests;
  try {
    manifests = await loadPublicManifests(browserFetchJson(fetch.bind(window)));
  } catch (error) {
    byId('load-error-message').textContent = errorMessage(error);
    byId('load-error').hidden = false;
    byId('app').hidden = true;
    return;
  }
  runPublicApp(manifests);
}

function runPublicApp(manifests: PublicManifests): void {
  const sound = new SoundPlayer();
  let state: PublicState = initialPublicState(manifests);
  let timer: number | null = null;

  const apply = (next: PublicState) => {
    if (next === state) return;
    const leftShow = state.mode === 'show' && next.mode !== 'show';
    state = next;
    // Outside Show mode no Show message reaches the sound player, so the soundtrack is stopped explicitly.
    if (leftShow) sound.onExperience(null);
    render();
    keepTimer();
  };
  const press = (event: SurfaceEvent) => apply(pressPublic(manifests, state, event));
  const pad = new PadView(byId('pad'), {
    action: (action) => press({ type: 'action_pressed', action }),
    select: (slot) => press({ type: 'session_selected', slot }),
  });
  const legend = new LegendView(legendElements(), { select: (slot) => press({ type: 'session_selected', slot }), selectAgent: () => undefined });
  let model = padModel(publicScreen(manifests, state).session);
  // Keys press what a click would: a Scene, or an action that is lit.
  bindKeyboard(document, (command) => {
    if (model.showing) return;
    if (command.kind === 'scene') press({ type: 'session_selected', slot: command.slot });
    else if (command.kind === 'action' && model.top.some((light) => light.action === command.action && light.enabled))
      press({ type: 'action_pressed', action: command.action });
  });
  const panel = new PublicPanel(
    {
      mode: (mode) => apply(choosePublicMode(state, mode, performance.now())),
      restartDemo: () => apply(restartPublicDemo(manifests, state)),
      playShow: () => apply(startShow(state, performance.now())),
      stopShow: () => apply(stopShow(state)),
      setAgentState: (slot, agentState) => apply(setSandboxState(state, slot, agentState)),
    },
    manifests.show.manifest.title,
  );

  function render(): void {
    const screen = publicScreen(manifests, state);
    model = padModel(screen.session);
    pad.update(model, screen.session.surface);
    pad.guide(screen.guidance?.target ?? null);
    const guided = screen.guidance?.target;
    legend.update(screen.session.surface, null, !model.showing, guided?.event === 'select' ? guided.slot : null);
    panel.update(screen, state);
    sound.onExperience(screen.session.experience);
  }

  /** The 30 ms clock runs only while a Show is starting or playing. */
  function keepTimer(): void {
    const needed = state.show.status !== 'idle';
    if (needed && timer === null) timer = window.setInterval(() => apply(tickPublic(manifests, state, performance.now())), PUBLIC_SHOW_TIMER_MS);
    if (!needed && timer !== null) {
      window.clearInterval(timer);
      timer = null;
    }
  }

  byId('experience-panel').hidden = true;
  byId('selection').hidden = true;
  byId('layout').dataset['live'] = 'true';
  byId('public-panel').hidden = false;
  wireSoundToggle(byId<HTMLButtonElement>('sound'), sound);
  render();
}
