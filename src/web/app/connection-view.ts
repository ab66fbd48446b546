import { byId, element } from './dom.js';
import type { SessionState } from './live-session.js';

type Status = SessionState['status'] | 'offline';

/** Title and explanation of each connection state; the title is also the `#status` text. */
const CARDS: Readonly<Record<Status, { readonly title: string; readonly detail: readonly (string | { code: string })[] }>> = {
  connecting: { title: 'Connecting…', detail: ['Reaching the Pad-Lattice daemon.'] },
  connected: { title: 'Connected', detail: ["Agents' states and your presses are live."] },
  disconnected: { title: 'Reconnecting…', detail: ['The daemon is not answering. This page reconnects by itself as soon as it runs again.'] },
  link_required: {
    title: 'Open the admin link',
    detail: [
      'This page needs the admin link the daemon printed when it started (it ends in #admin=…). Run ',
      { code: 'pad-lattice web --print-link' },
      ' to print it again, or look for "Virtual pad:" in the daemon’s output.',
    ],
  },
  pairing_required: { title: 'Not paired yet', detail: ['Enter the PIN shown on the computer running Pad-Lattice, or scan its QR code.'] },
  offline: { title: 'Offline', detail: ['No daemon here: the Demo, a Sandbox and the Show run in this page.'] },
};

/**
 * The connection card at the top of the page: a coloured dot, what state the
 * connection is in, and what to do about it. Words only, no error codes.
 */
export function renderConnection(status: Status, role: 'admin' | 'paired' | null): void {
  const card = CARDS[status];
  const root = byId('connection');
  root.dataset['status'] = status;
  byId('status').textContent = card.title;
  const detail = byId('connection-detail');
  detail.replaceChildren(...card.detail.map((part) => (typeof part === 'string' ? document.createTextNode(part) : element('code', undefined, part.code))));
  if (status === 'connected' && role !== null) {
    detail.append(document.createTextNode(role === 'admin' ? ' This is the admin page on this computer.' : ' This device is paired.'));
  }
  // Connected, the bar may cut the sentence short: the whole of it is the tooltip.
  root.title = status === 'connected' ? (detail.textContent ?? '') : '';
}
