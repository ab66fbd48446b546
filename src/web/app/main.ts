import { ControlPanel } from './control-panel.js';
import { takeInitialCredential } from './credentials.js';
import { byId } from './dom.js';
import { LegendView } from './legend-view.js';
import { LiveSession, type SessionState, type SocketConnection, type SocketHandlers } from './live-session.js';
import { padModel } from './pad-model.js';
import { PadView } from './pad-view.js';
import { SoundPlayer } from './sound.js';
import { wireSoundToggle } from './sound-toggle.js';

const STATUS_TEXT: Readonly<Record<SessionState['status'], string>> = {
  connecting: 'Connecting…',
  connected: 'Live',
  disconnected: 'Disconnected: reconnecting…',
  pairing_required: 'Not paired',
};

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

async function main(): Promise<void> {
  if (!(await isLive())) {
    // Loaded only here, so a live page never fetches the manifest loaders.
    const { startPublicApp } = await import('./public-app.js');
    return startPublicApp();
  }
  const credential = takeInitialCredential(location.hash, localStorage, () =>
    history.replaceState(history.state, '', `${location.pathname}${location.search}`),
  );
  const sound = new SoundPlayer();
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  let session: LiveSession | null = null;
  const send = (command: Parameters<LiveSession['send']>[0]) => session?.send(command);
  const pad = new PadView(byId('pad'), { action: (action) => send({ type: 'action', action }), select: (slot) => send({ type: 'select_session', slot }) });
  const legend = new LegendView(byId<HTMLOListElement>('legend'), byId('legend-empty'), (slot) => send({ type: 'select_session', slot }));
  const controls = new ControlPanel(send);

  const render = (state: SessionState) => {
    const model = padModel(state);
    pad.update(model, state.surface);
    legend.update(state.surface, state.status === 'connected' && !model.showing);
    controls.update(state);
    sound.onExperience(state.experience);
    byId('status').textContent = STATUS_TEXT[state.status];
    byId('status').dataset['status'] = state.status;
    byId('error').textContent = state.error ?? '';
    byId('pin-panel').hidden = state.status !== 'pairing_required';
    byId('pin-loopback-hint').hidden = !isLoopbackPage();
  };

  session = new LiveSession(
    {
      socketUrl: `${scheme}://${location.host}/ws`,
      storage: localStorage,
      openSocket: openBrowserSocket,
      schedule: (callback, delayMs) => window.setTimeout(callback, delayMs),
    },
    credential,
    render,
  );
  byId('pin-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>('pin');
    if (session?.submitPin(input.value)) input.value = '';
  });
  wireSoundToggle(byId<HTMLButtonElement>('sound'), sound);
  render(session.state);
  session.connect();
}

void main();
