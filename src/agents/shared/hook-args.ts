import { parseArgs } from 'node:util';
import type { HookAgent } from './hook-command.js';
import { errorMessage } from '../../support/error-message.js';

/** A bad hook option: printed on stderr, exit 1. */
export class HookUsageError extends Error {
  override readonly name = 'HookUsageError';
}

export interface HookArgs {
  /** `--socket`, if given; PAD_LATTICE_SOCKET still wins (§1.2). */
  readonly socket: string | undefined;
  /** Seconds, positive. */
  readonly approvalTimeout: number;
}

/**
 * `[--agent NAME] [--socket PATH] [--approval-timeout S]` of a hook command
 * (agent-adapters.md §A.4 step 1, §A.10.1). `--agent` is accepted so the
 * light entry can hand its arguments over unchanged, but must name `agent`.
 */
export function parseHookArgs(args: readonly string[], rules: { socketRequired: boolean; agent: HookAgent; defaultTimeout: number }): HookArgs {
  let values: { socket?: string | undefined; 'approval-timeout'?: string | undefined; agent?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { socket: { type: 'string' }, 'approval-timeout': { type: 'string' }, agent: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new HookUsageError(errorMessage(error));
  }
  if (values.agent !== undefined && values.agent !== rules.agent) {
    throw new HookUsageError(`--agent must be ${rules.agent} here, got ${JSON.stringify(values.agent)}`);
  }
  if (rules.socketRequired && (values.socket === undefined || values.socket === '')) throw new HookUsageError('--socket is required');
  const raw = values['approval-timeout'];
  if (raw === undefined) return { socket: values.socket, approvalTimeout: rules.defaultTimeout };
  const timeout = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(timeout)) throw new HookUsageError(`--approval-timeout must be a number, got ${JSON.stringify(raw)}`);
  if (!(timeout > 0)) throw new HookUsageError('approval_timeout must be positive');
  return { socket: values.socket, approvalTimeout: timeout };
}
