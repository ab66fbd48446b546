import { byId } from './dom.js';
import type { SessionState } from './live-session.js';
import type { Command } from './messages.js';

/** The admin's pairing panel in LAN mode: QR, PIN, its expiry, and revoke (§7). Paired phones never see it. */
export class PairingPanel {
  #shownQr: string | null = null;
  #pairingDeadline = 0;
  #expiryTimer: number | null = null;

  constructor(send: (command: Command) => void) {
    byId('create-pairing').addEventListener('click', () => send({ type: 'create_pairing' }));
    byId('revoke-remote').addEventListener('click', () => send({ type: 'revoke_remote' }));
  }

  update(state: SessionState): void {
    this.#updatePairing(state, state.status === 'connected');
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
