import { normalizeLabel } from './label.js';
import { takeLeadingOptions } from './leading-options.js';
import { errorMessage } from '../../support/error-message.js';

/** Default seconds a surface approval is awaited (agent-adapters.md §A.4). */
export const DEFAULT_APPROVAL_TIMEOUT = 60;

/** The agents a `pad-lattice <agent>` launcher starts; each names its executable with `--<agent>`. */
export type LauncherAgent = 'codex' | 'claude' | 'gemini' | 'copilot' | 'opencode';

/** A launcher usage problem; printed as `pad-lattice: <message>`, exit 2 (§1.5, §A.7). */
export class LauncherUsageError extends Error {
  override readonly name = 'LauncherUsageError';
}

export interface LauncherOptions {
  /** `--socket` as given; undefined means the wire-protocol-1.md §2 default. */
  readonly socket: string | undefined;
  /** `--codex`, `--claude`, `--gemini` … */
  readonly agentBin: string;
  /** The normalised `--label`, or null. */
  readonly label: string | null;
  /** Seconds, positive. */
  readonly approvalTimeout: number;
  /** False with `--no-terminal-title`. */
  readonly terminalTitle: boolean;
  /** Everything after the launcher's options, one leading `--` removed. */
  readonly agentArgs: readonly string[];
  /** Values of the agent-specific options named in `extra` (e.g. `--linger`). */
  readonly extraValues: ReadonlyMap<string, string>;
  /** The agent-specific switches given (e.g. `--hooks`). */
  readonly extraSwitches: ReadonlySet<string>;
}

/** A launcher's own options beyond the shared ones, taken in the same leading position. */
export interface ExtraLauncherOptions {
  readonly valueFlags?: readonly string[];
  readonly switches?: readonly string[];
}

/**
 * Parses `pad-lattice <agent> [options] [--] [agent args…]`. Launcher
 * options come first; the first argument that is not one of them (or a `--`)
 * starts the agent's own arguments, so `pad-lattice codex resume ID` and
 * `pad-lattice codex --model o3` pass through untouched. Validation order is
 * the reference's: label, then timeout, all before any connection or child.
 */
export function parseLauncherArgs(args: readonly string[], agentFlag: LauncherAgent, extra: ExtraLauncherOptions = {}): LauncherOptions {
  const extraFlags = extra.valueFlags ?? [];
  const extraSwitches = extra.switches ?? [];
  const { values, switches, rest } = takeLeadingOptions(args, {
    valueFlags: new Set(['--socket', `--${agentFlag}`, '--label', '--approval-timeout', ...extraFlags]),
    switches: new Set(['--no-terminal-title', ...extraSwitches]),
    usageError: (message) => new LauncherUsageError(message),
  });
  const rawLabel = values.get('--label');
  return {
    socket: values.get('--socket'),
    agentBin: values.get(`--${agentFlag}`) ?? agentFlag,
    label: rawLabel === undefined ? null : normalizeLabelOrUsage(rawLabel),
    approvalTimeout: parseApprovalTimeout(values.get('--approval-timeout')),
    terminalTitle: !switches.has('--no-terminal-title'),
    agentArgs: rest,
    extraValues: new Map(extraFlags.flatMap((flag) => (values.has(flag) ? [[flag, values.get(flag)!] as const] : []))),
    extraSwitches: new Set(extraSwitches.filter((flag) => switches.has(flag))),
  };
}

function normalizeLabelOrUsage(raw: string): string {
  try {
    return normalizeLabel(raw);
  } catch (error) {
    throw new LauncherUsageError(errorMessage(error));
  }
}

/** `--approval-timeout`: a finite number of seconds above zero (spec text for the non-positive case). */
export function parseApprovalTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_APPROVAL_TIMEOUT;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) throw new LauncherUsageError(`approval_timeout must be a number, got ${JSON.stringify(raw)}`);
  if (!(value > 0)) throw new LauncherUsageError('approval_timeout must be positive');
  return value;
}
