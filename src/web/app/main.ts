import { renderConnection } from './connection-view.js';
import { takeInitialCredential } from './credentials.js';
import { byId } from './dom.js';
import { ExperiencePanel } from './experience-panel.js';
import { bindKeyboard } from './keyboard-binding.js';
import type { KeyCommand } from './keyboard.js';
import { LegendView, legendElements } from './legend-view.js';
import { LiveSession, type SessionState, type SocketConnection, type SocketHandlers } from './live-session.js';
import { padModel, type PadModel } from './pad-model.js';
import { PadView } from './pad-view.js';
import { PairingPanel } from './pairing-panel.js';
import { PromptPanel } from './prompt-panel.js';
import { unavailableFeedback } from './press-feedback.js';
import { renderSelection } from './selection-view.js';
import { SoundPlayer } from './sound.js';
import { wireSoundToggle } from './sound-toggle.js';

/** Live mode iff the bridge's own `/config.json` says so (§8); a plain static host serves `mode: demo` and gets the offline app. */
async function isLive(): Promise<boolean> {
  try {
    const response = await fetch('./config.json', { cache: 'no-store' });
    const config = (await response.json()) as { mode?: unknown; protocol?: unknown };
    return config.mode === 'live' && config.protocol === 1;
  } catch {
    return false;
  }
}

function openBrowserSocket(url: string, handlers: SocketHandlers): SocketConnection {
  const socket = new WebSocket(url);
  socket.addEventListener('open', () => handlers.opened());
  socket.addEventListener('message', (event) => handlers.received(event.data));
  socket.addEventListener('close', () => handlers.closed());
  return {
    get isOpen() {
      return socket.readyState === WebSocket.OPEN;
    },
    send: (text) => socket.send(text),
    close: () => socket.close(),
  };
}

function isLoopbackPage(): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(location.hostname);
}

/** A key cannot be held here: a destructive command is approved by holding the button. */
const HOLD_WITH_THE_BUTTON = { text: 'Hold to approve: a destructive command needs the Approve button held until the pad is filled.', tone: 'info' } as const;

/** A key press on the live pad: the same as a click on what it names, and a word when there is nothing to press. */
function runKey(command: KeyCommand, session: LiveSession, model: PadModel): void {
  const state = session.state;
  if (state.status !== 'connected' || model.showing) return;
  const surface = state.surface;
  if (command.kind === 'scene') {
    if (surface?.view.sessions.some((agent) => agent.slot === command.slot)) session.send({ type: 'select_session', slot: command.slot });
    else session.note({ text: `Scene ${command.slot + 1} is empty.`, tone: 'info' });
  } else if (command.kind === 'overflow') {
    const first = state.overflow?.agents[0];
    if (first !== undefined && (surface?.view.overflow_count ?? 0) > 0) session.selectAgent(first.agent);
    else session.note({ text: 'Every agent has a Scene.', tone: 'info' });
  } else {
    const light = model.top.find((candidate) => candidate.action === command.action);
    if (light?.enabled && session.needsHold(command.action)) session.note(HOLD_WITH_THE_BUTTON);
    else if (light?.enabled) session.press(command.action);
    else if (!light?.sending) session.note(unavailableFeedback(command.action, surface?.view.selected_state != null));
  }
}

async function main(): Promise<void> {
  if (!(await isLive())) {
    // Loaded only here, so a live page never fetches the manifest loaders.
    const { startPublicApp } = await import('./public-app.js');
    return startPublicApp();
  }
  const stripFragment = () => history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  const credential = takeInitialCredential(location.hash, localStorage, stripFragment);
  const sound = new SoundPlayer();
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  let session: LiveSession | null = null;
  let model: PadModel | null = null;
  const send = (command: Parameters<LiveSession['send']>[0]) => session?.send(command);
  const pad = new PadView(byId('pad'), {
    action: (action) => session?.press(action),
    select: (slot) => send({ type: 'select_session', slot }),
    hold: (action, down) => session?.hold(action, down) ?? false,
  });
  const legend = new LegendView(legendElements(), {
    select: (slot) => send({ type: 'select_session', slot }),
    selectAgent: (ref) => session?.selectAgent(ref),
  });
  const experience = new ExperiencePanel(send);
  const pairing = new PairingPanel(send);
  const prompts = new PromptPanel({
    answer: (ref, question, option) => session?.answer(ref, question, option),
    shareDetails: (enabled) => send({ type: 'share_details', enabled }),
  });

  const render = (state: SessionState) => {
    model = padModel(state);
    const connected = state.status === 'connected';
    pad.update(model, state.surface);
    const live = connected && !model.showing;
    pad.mark(PromptPanel.marks(live ? (state.prompt?.prompt ?? null) : null));
    prompts.update(state.prompt, state.admin, live);
    legend.update(state.surface, state.overflow, connected && !model.showing);
    const demo = state.experience?.kind === 'demo' && state.experience.status === 'playing';
    renderSelection(state.surface, state.presses, model.showing, demo);
    byId('legend-title').textContent = demo ? 'Demo agents (pretend)' : 'Agents';
    experience.update(state);
    pairing.update(state);
    sound.onExperience(state.experience);
    renderConnection(state.status, connected ? (state.admin ? 'admin' : 'paired') : null);
    byId('error').textContent = state.error ?? '';
    byId('pin-panel').hidden = state.status !== 'pairing_required';
    // Without a credential nothing about the agents is known: no list, no caption, no keys to learn yet.
    const locked = state.status === 'pairing_required' || state.status === 'link_required';
    for (const id of ['legend-panel', 'selection', 'keyboard-help']) byId(id).hidden = locked;
    byId('layout').dataset['live'] = String(connected);
  };

  session = new LiveSession(
    {
      socketUrl: `${scheme}://${location.host}/ws`,
      storage: localStorage,
      openSocket: openBrowserSocket,
      schedule: (callback, delayMs) => window.setTimeout(callback, delayMs),
      useExtensions: true,
      loopbackPage: isLoopbackPage(),
    },
    credential,
    render,
  );
  byId('pin-panel').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>('pin');
    if (session?.submitPin(input.value)) input.value = '';
  });
  // A link opened in this tab after it loaded (a new admin link pasted in) changes only the fragment: use it at once.
  window.addEventListener('hashchange', () => {
    if (!/[#&](admin|pair)=/.test(location.hash)) return;
    const fresh = takeInitialCredential(location.hash, localStorage, stripFragment);
    if (fresh !== null) session?.useCredential(fresh);
  });
  bindKeyboard(document, (command) => {
    if (session !== null && model !== null) runKey(command, session, model);
  });
  wireSoundToggle(byId<HTMLButtonElement>('sound'), sound);
  render(session.state);
  session.connect();
}

void main();
