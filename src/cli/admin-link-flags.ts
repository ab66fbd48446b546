import { adminTokenPath } from '../web/auth/admin-token-file.js';
import { UsageError } from './command.js';

/*
 * The admin link's flags, apart from printing the link (admin-link.ts), so a
 * daemon command parses them without loading the web server first.
 */

/** The admin link's own options, for the commands that run a daemon with the browser pad (`web`, `daemon --web`). */
export const ADMIN_LINK_OPTIONS = {
  'new-token': { type: 'boolean', default: false },
  'print-link': { type: 'boolean', default: false },
} as const;

export const ADMIN_LINK_HELP = `  --print-link            print the admin link of the browser pad the daemon on
                          the socket serves now (with no daemon running: the
                          last one of this state folder), and exit
  --new-token             make a new admin token: every earlier link stops
                          working (the token is otherwise kept across restarts,
                          in web-admin-token.json beside the identity store)`;

type AdminLinkValues = { 'new-token'?: boolean; 'print-link'?: boolean };

export interface AdminLinkSettings {
  /** `web-admin-token.json` in the identity store's folder (the state directory by default). */
  readonly tokenPath: string;
  readonly rotate: boolean;
  readonly print: boolean;
}

export function adminLinkFlagsGiven(values: AdminLinkValues): string[] {
  return (['new-token', 'print-link'] as const).filter((flag) => values[flag] === true).map((flag) => `--${flag}`);
}

export function adminLinkSettings(values: AdminLinkValues, identityStorePath: string): AdminLinkSettings {
  if (values['new-token'] === true && values['print-link'] === true) throw new UsageError('--new-token and --print-link cannot be combined');
  return { tokenPath: adminTokenPath(identityStorePath), rotate: values['new-token'] === true, print: values['print-link'] === true };
}
