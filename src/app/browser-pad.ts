import { spawn } from 'node:child_process';
import {
  AdvertisedOriginError,
  LanHostError,
  WebAppMissingError,
  firstPrivateIpv4,
  resolveLanHost,
  type WebBridge,
  type WebBridgeOptions,
} from '../web/index.js';
import type { TextSink } from '../midi/trace-output.js';

/** How the browser pad is served (the `--port`, `--lan` … flags, checked). */
export interface BrowserPadSettings {
  readonly port: number;
  /** Open the admin page in the desktop's browser once it runs. */
  readonly open: boolean;
  readonly lan: boolean;
  readonly bindHost?: string;
  readonly advertiseHost?: string;
}

/**
 * The LAN listener of §2: the bind host resolved to the private IPv4 it
 * names (default: the machine's first one), the advertise host checked the
 * same way but kept as written, since phones resolve a name themselves.
 */
async function lanListener(settings: BrowserPadSettings): Promise<WebBridgeOptions['lan']> {
  if (!settings.lan) return null;
  try {
    const bindHost = settings.bindHost === undefined ? firstPrivateIpv4() : await resolveLanHost(settings.bindHost);
    if (bindHost === null) throw new LanHostError('this machine has no private IPv4 address for --lan; pass --bind-host');
    if (settings.advertiseHost !== undefined) await resolveLanHost(settings.advertiseHost);
    return { bindHost, advertiseHost: settings.advertiseHost ?? settings.bindHost ?? bindHost };
  } catch (error) {
    // Every way out is a different flag value: the command reports these as usage errors.
    if (error instanceof LanHostError) throw new BrowserPadFlagError(error.message);
    throw error;
  }
}

/** A browser pad flag names something this machine does not have (a LAN host); the fix is another flag value. */
export class BrowserPadFlagError extends Error {
  override readonly name = 'BrowserPadFlagError';
}

export type StartBridge = (options: WebBridgeOptions) => Promise<WebBridge>;

/** Starts the bridge; `extra` is for tests (a fixed token, a fixture app, a fake peer address). */
export async function startBrowserPad(
  settings: BrowserPadSettings,
  logger: WebBridgeOptions['logger'],
  start: StartBridge,
  extra: Partial<WebBridgeOptions> = {},
): Promise<WebBridge> {
  const lan = await lanListener(settings);
  return start({ port: settings.port, lan, ...(logger === undefined ? {} : { logger }), ...extra });
}

/** What the user can do about a bridge that did not start, or null for errors nobody anticipated. */
export function browserPadProblem(error: unknown, settings: BrowserPadSettings): string | null {
  if (error instanceof WebAppMissingError) return error.message;
  if (error instanceof AdvertisedOriginError) return `--advertise-host: ${error.message}`;
  const { code, address } = error as NodeJS.ErrnoException & { address?: string };
  const where = `${address ?? '127.0.0.1'}:${settings.port}`;
  if (code === 'EADDRINUSE')
    return `cannot listen on ${where}: the port is in use (another Pad-Lattice?); choose one with --port, or --port 0 for any free port`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: not an address of this machine (check --bind-host)`;
  if (code === 'EACCES') return `cannot listen on ${where}: permission denied; choose a port above 1023`;
  return null;
}

/**
 * Prints the admin link (it carries the admin token in its fragment, §4) and,
 * in LAN mode, where phones go and the first pairing PIN. With `json`, one
 * JSON object on stdout instead, for scripts that start the pad.
 */
export function announceBrowserPad(bridge: WebBridge, out: TextSink, json: boolean, kept = false): void {
  const pairing = bridge.currentPairing();
  const lanUrl = bridge.advertisedBaseUrl;
  if (json) {
    const offer = pairing === null ? null : { pin: pairing.pin, pairing_url: pairing.pairingUrl, expires_in: pairing.expiresIn };
    out.write(`${JSON.stringify({ admin_url: bridge.adminUrl, lan_url: lanUrl, pairing: offer })}\n`);
    return;
  }
  const lines = [`Virtual pad: ${bridge.adminUrl}`, '  (the link holds the admin token: open it on this computer, do not share it)'];
  if (kept) lines.push("  (it stays valid across restarts: 'pad-lattice web --print-link' shows it again, --new-token replaces it)");
  if (lanUrl !== null) {
    lines.push(`Phones and tablets: ${lanUrl}`);
    if (pairing !== null) {
      lines.push(`  pairing PIN ${pairing.pin}, or open ${pairing.pairingUrl}`);
      lines.push(`  (valid once, for ${Math.round(pairing.expiresIn / 60)} minutes; the admin page can make a new one)`);
    }
    lines.push('  Trusted local network only: never expose or port-forward this server.');
  }
  out.write(`${lines.join('\n')}\n`);
}

/**
 * Opens `url` in the desktop's browser with xdg-open, only when a display
 * exists. Fire and forget: a missing xdg-open or a failing browser changes
 * nothing, the printed link still works. True when an attempt was made.
 */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv): boolean {
  if (!env['DISPLAY'] && !env['WAYLAND_DISPLAY']) return false;
  try {
    const child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true, env });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
