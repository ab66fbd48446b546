import { byId } from './dom.js';
import type { SessionState } from './live-session.js';
import type { Command } from './messages.js';

/**
 * Admin controls: Start Demo / Start Show / Stop (§16) and, in LAN mode, the
 * pairing panel with QR, PIN and revoke. Paired phones see the experience
 * captions (they may answer Demo prompts) but none of the controls.
 */
export class ControlPanel {
  #shownQr: string | null = null;
  #pairingDeadline = 0;
  #expiryTimer: number | null = null;

  constructor(send: (command: Command) => void) {
    byId('start-demo').addEventListener('click', () => send({ type: 'start_experience', kind: 'demo' }));
    byId('start-show').addEventListener('click', () => send({ type: 'start_experience', kind: 'show' }));
    byId('stop-experience').addEventListener('click', () => send({ type: 'stop_experience' }));
    byId('create-pairing').addEventListener('click', () => send({ type: 'create_pairing' }));
    byId('revoke-remote').addEventListener('click', () => send({ type: 'revoke_remote' }));
  }

  update(state: SessionState): void {
    const connected = state.status === 'connected';
    const experience = state.experience;
    const active = experience !== null && (experience.status === 'starting' || experience.status === 'playing');
    byId('experience-controls').hidden = !(connected && state.admin);
    byId('start-demo').hidden = active;
    byId('start-show').hidden = active;
    byId('stop-experience').hidden = !active;
    const lines = experience === null ? [] : [experience.title, experience.caption, experience.detail];
    if (experience?.status === 'blocked' && experience.reason) lines.push(experience.reason);
    const text = lines.filter((line): line is string => typeof line === 'string' && line !== '').join(' — ');
    byId('experience-status').textContent = text;
    byId('experience-panel').hidden = !(connected && (state.admin || text !== ''));
    this.#updatePairing(state, connected);
  }

  #updatePairing(state: SessionState, connected: boolean): void {
    byId('pairing-panel').hidden = !(connected && state.admin && state.lanEnabled);
    const pairing = state.pairing;
    byId('pairing-offer').hidden = pairing === null;
    if (pairing === null) {
      this.#shownQr = null;
      return this.#stopExpiryClock();
    }
    if (this.#shownQr !== pairing.qr_data_uri) {
      this.#shownQr = pairing.qr_data_uri;
      byId<HTMLImageElement>('pairing-qr').src = pairing.qr_data_uri;
      this.#pairingDeadline = Date.now() + pairing.expires_in * 1000;
    }
    byId('pairing-pin').textContent = pairing.pin;
    const link = byId<HTMLAnchorElement>('pairing-url');
    link.href = pairing.pairing_url;
    link.textContent = pairing.pairing_url.split('#')[0]!;
    this.#startExpiryClock();
  }

  #startExpiryClock(): void {
    this.#renderExpiry();
    this.#expiryTimer ??= window.setInterval(() => this.#renderExpiry(), 1000);
  }

  #stopExpiryClock(): void {
    if (this.#expiryTimer !== null) window.clearInterval(this.#expiryTimer);
    this.#expiryTimer = null;
  }

  #renderExpiry(): void {
    const seconds = Math.max(0, Math.round((this.#pairingDeadline - Date.now()) / 1000));
    byId('pairing-expiry').textContent =
      seconds > 0 ? `Valid once, for ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} more.` : 'Expired: pair again.';
    if (seconds === 0) this.#stopExpiryClock();
  }
}
