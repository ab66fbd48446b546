import { adminUrlOf, loadAdminLink } from '../web/index.js';
import { EXIT, type CliIo } from './command.js';
import type { AdminLinkSettings } from './admin-link-flags.js';
import { clientFor } from './daemon-options.js';
import { errorMessage } from '../support/error-message.js';

/**
 * `--print-link`: the stored admin link, on stdout (one JSON object with
 * `--json`). Exit 3 when no browser pad has run with this state folder yet.
 * Says on stderr when no daemon answers right now, since the link then opens
 * a page that cannot connect until one runs.
 */
export async function printAdminLink(
  settings: AdminLinkSettings,
  options: { readonly port: number | null; readonly socket?: string | undefined; readonly json: boolean },
  io: CliIo,
): Promise<number> {
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
  const url = adminUrlOf(options.port ?? stored.port, stored.token);
  io.stdout.write(options.json ? `${JSON.stringify({ admin_url: url })}\n` : `${url}\n`);
  if (!(await daemonAnswers(options.socket, io))) {
    io.stderr.write("pad-lattice: no daemon answers on the socket right now; the link connects once 'pad-lattice web' runs\n");
  }
  return EXIT.ok;
}

async function daemonAnswers(socket: string | undefined, io: CliIo): Promise<boolean> {
  try {
    await clientFor({ socket }, io, 2).ping();
    return true;
  } catch {
    // Not running, or not answering in time: either way the link cannot connect now.
    return false;
  }
}
