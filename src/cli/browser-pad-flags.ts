import { UsageError } from './command.js';
import type { BrowserPadSettings } from '../app/browser-pad.js';
import { DEFAULT_WEB_PORT } from '../web/limits.js';
import { LanHostError, checkLanHostShape } from '../web/http/lan-hosts.js';

/*
 * The browser pad's flags and their checks, apart from starting the pad
 * (src/app/browser-pad.ts), so a daemon command can parse them without loading the
 * web server before it answers its first client.
 */

/** The browser pad's options, shared by `web` and `daemon --web` (web-surface-protocol-1.md §2). */
export const BROWSER_PAD_OPTIONS = {
  port: { type: 'string' },
  'no-open': { type: 'boolean', default: false },
  lan: { type: 'boolean', default: false },
  'bind-host': { type: 'string' },
  'advertise-host': { type: 'string' },
} as const;

export const BROWSER_PAD_HELP = `Browser pad:
  --port N                HTTP port on 127.0.0.1 (default ${DEFAULT_WEB_PORT}; 0 picks a free one)
  --no-open               do not open the admin page in a browser (it is opened
                          with xdg-open only when a display is available)
  --lan                   also let phones and tablets on a trusted local network
                          in, once paired with the printed PIN or QR code;
                          never expose or port-forward this server
  --bind-host HOST        with --lan: the private IPv4 (or a name resolving to
                          one) to listen on; default: this machine's first one
  --advertise-host HOST   with --lan: the host phones open, when it differs from
                          the bind host (NAT, a VM's port forwarding)`;

export type BrowserPadValues = {
  port?: string;
  'no-open'?: boolean;
  lan?: boolean;
  'bind-host'?: string;
  'advertise-host'?: string;
};

export type { BrowserPadSettings } from '../app/browser-pad.js';

/** The browser pad flags given on the command line, for commands that accept them only with `--web`. */
export function browserPadFlagsGiven(values: BrowserPadValues): string[] {
  return (['port', 'no-open', 'lan', 'bind-host', 'advertise-host'] as const)
    .filter((flag) => values[flag] !== undefined && values[flag] !== false)
    .map((flag) => `--${flag}`);
}

/** A malformed or public LAN host is a usage error, found before any daemon or socket is touched. */
function lanHostShape(host: string): void {
  try {
    checkLanHostShape(host);
  } catch (error) {
    if (error instanceof LanHostError) throw new UsageError(error.message);
    throw error;
  }
}

export function browserPadSettings(values: BrowserPadValues): BrowserPadSettings {
  const raw = values.port;
  if (raw !== undefined && !(/^\d{1,5}$/.test(raw) && Number(raw) <= 65_535)) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`);
  }
  const lan = values.lan === true;
  for (const flag of ['bind-host', 'advertise-host'] as const) {
    const host = values[flag];
    if (host === undefined) continue;
    if (!lan) throw new UsageError(`--${flag} needs --lan`);
    lanHostShape(host);
  }
  return {
    port: raw === undefined ? DEFAULT_WEB_PORT : Number(raw),
    open: values['no-open'] !== true,
    lan,
    ...(values['bind-host'] === undefined ? {} : { bindHost: values['bind-host'] }),
    ...(values['advertise-host'] === undefined ? {} : { advertiseHost: values['advertise-host'] }),
  };
}
