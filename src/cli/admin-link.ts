import { adminUrlOf, loadAdminLink } from '../web/index.js';
import { EXIT, type CliIo } from './command.js';
import type { AdminLinkSettings } from './admin-link-flags.js';
import { clientFor } from './daemon-options.js';
import { errorMessage } from '../support/error-message.js';
import { readLiveAdminLink } from '../app/live-admin-link.js';
import { defaultSocketPath } from '../unix-socket/socket-path.js';

/**
 * `--print-link`: the admin link on stdout (one JSON object with `--json`).
 * When a daemon answers on the socket, the link is the one its browser pad
 * serves now (noted beside the socket); one that runs no browser pad has no
 * link (exit 3). When none answers, the stored link of the last pad is
 * printed with a note on stderr: it connects again once 'pad-lattice web'
 * serves that port. Exit 3 as well when no browser pad has run with this
 * state folder yet. `--port` replaces the port in what is printed.
 */
export async function printAdminLink(
  settings: AdminLinkSettings,
  options: { readonly port: number | null; readonly socket?: string | undefined; readonly json: boolean },
  io: CliIo,
): Promise<number> {
  const socketPath = options.socket ?? defaultSocketPath(io.env);
  // `--port 0` asks the system for a port when a pad starts; in a link it means "the pad's own".
  const port = options.port === 0 ? null : options.port;
  if (await daemonAnswers(socketPath, io)) {
    let live: string | null;
    try {
      live = readLiveAdminLink(socketPath);
    } catch (error) {
      io.stderr.write(`pad-lattice: cannot read the live admin link: ${errorMessage(error)}; restart the browser pad (it writes a new one)\n`);
      return EXIT.failure;
    }
    if (live === null) {
      io.stderr.write(`pad-lattice: the daemon on ${socketPath} runs no browser pad; start one with 'pad-lattice web' (or 'pad-lattice daemon --web')\n`);
      return EXIT.unavailable;
    }
    printLink(withPort(live, port), options.json, io);
    return EXIT.ok;
  }
  let stored;
  try {
    stored = loadAdminLink(settings.tokenPath);
  } catch (error) {
    io.stderr.write(`pad-lattice: cannot read the admin link: ${errorMessage(error)}; start the browser pad again (it writes a new one)\n`);
    return EXIT.failure;
  }
  if (stored === null) {
    io.stderr.write(`pad-lattice: no admin link yet (${settings.tokenPath} is missing): start the browser pad with 'pad-lattice web'\n`);
    return EXIT.unavailable;
  }
  printLink(adminUrlOf(port ?? stored.port, stored.token), options.json, io);
  io.stderr.write("pad-lattice: no daemon answers on the socket right now; the link connects once 'pad-lattice web' runs\n");
  return EXIT.ok;
}

function printLink(url: string, json: boolean, io: CliIo): void {
  io.stdout.write(json ? `${JSON.stringify({ admin_url: url })}\n` : `${url}\n`);
}

/** The link with `--port`'s port instead of its own, when one was given. */
function withPort(url: string, port: number | null): string {
  if (port === null) return url;
  const link = new URL(url);
  return adminUrlOf(port, new URLSearchParams(link.hash.slice(1)).get('admin') ?? '');
}

async function daemonAnswers(socketPath: string, io: CliIo): Promise<boolean> {
  try {
    await clientFor({ socket: socketPath }, io, 2).ping();
    return true;
  } catch {
    // Not running, or not answering in time: either way the link cannot connect now.
    return false;
  }
}
