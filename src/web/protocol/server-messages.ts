import { WEB_PROTOCOL_VERSION } from '../limits.js';
import type { WebError } from './errors.js';

export interface AuthenticatedMessage {
  protocol: 1;
  type: 'authenticated';
  admin: boolean;
  session_token: string | null;
  lan_enabled: boolean;
}

export interface PairingMessage {
  protocol: 1;
  type: 'pairing';
  pin: string;
  pairing_url: string;
  qr_data_uri: string;
  expires_in: number;
}

export interface ErrorMessage {
  protocol: 1;
  type: 'error';
  code: string;
  error: string;
}

/** What an admin is shown to pair a phone (§7.2). */
export interface PairingOffer {
  readonly pin: string;
  readonly pairingUrl: string;
  readonly qrDataUri: string;
  /** Whole seconds left: 300 on creation, rounded remaining time on replay. */
  readonly expiresIn: number;
}

export function authenticatedMessage(admin: boolean, sessionToken: string | null, lanEnabled: boolean): AuthenticatedMessage {
  return { protocol: WEB_PROTOCOL_VERSION, type: 'authenticated', admin, session_token: sessionToken, lan_enabled: lanEnabled };
}

export function pairingMessage(offer: PairingOffer): PairingMessage {
  return {
    protocol: WEB_PROTOCOL_VERSION,
    type: 'pairing',
    pin: offer.pin,
    pairing_url: offer.pairingUrl,
    qr_data_uri: offer.qrDataUri,
    expires_in: offer.expiresIn,
  };
}

export function errorMessage(error: WebError): ErrorMessage {
  return { protocol: WEB_PROTOCOL_VERSION, type: 'error', code: error.code, error: error.text };
}

export const REMOTE_REVOKED_MESSAGE = Object.freeze({ protocol: WEB_PROTOCOL_VERSION, type: 'remote_revoked' } as const);
