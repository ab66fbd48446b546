import { errorMessage } from '../../support/error-message.js';
import { normalizeLabel } from '../shared/label.js';
import { LauncherUsageError } from '../shared/launcher-options.js';
import { takeLeadingOptions } from '../shared/leading-options.js';

export interface AcpOptions {
  /** `--socket` as given; undefined means the default socket. */
  readonly socket: string | undefined;
  /** The normalised `--label`, or null (the Scene is then named after the session's folder). */
  readonly label: string | null;
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * `pad-lattice acp [--socket PATH] [--label NAME] [--] AGENT_COMMAND…`: the
 * proxy's options come first; the first other word (or everything after
 * `--`) is the agent's command line, passed on untouched. Throws a
 * LauncherUsageError (exit 2) naming the problem.
 */
export function parseAcpArgs(args: readonly string[]): AcpOptions {
  const { values, rest } = takeLeadingOptions(args, {
    valueFlags: new Set(['--socket', '--label']),
    usageError: (message) => new LauncherUsageError(message),
  });
  const [command, ...agentArgs] = rest;
  if (command === undefined || command === '') throw new LauncherUsageError('the agent command is missing, e.g. `pad-lattice acp -- gemini --acp`');
  const rawLabel = values.get('--label');
  let label: string | null = null;
  try {
    if (rawLabel !== undefined) label = normalizeLabel(rawLabel);
  } catch (error) {
    throw new LauncherUsageError(errorMessage(error));
  }
  return { socket: values.get('--socket'), label, command, args: agentArgs };
}
