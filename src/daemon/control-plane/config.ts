import { IDENTITY_ACCENTS } from '../../domain/index.js';
import type { AccentStore } from './accent-store.js';
import { DEFAULT_APPROVE_HOLD } from './approve-hold.js';

export const DEFAULT_TERMINAL_HOLD = 2.0;
export const DEFAULT_ACTION_DEBOUNCE = 0.25;
export const DEFAULT_SESSION_TTL = 86_400;

export interface ControlPlaneConfig {
  /** Number of visible session slots, 1..8. */
  readonly selectorCapacity: number;
  /** Exactly IDENTITY_ACCENTS.slice(0, selectorCapacity). */
  readonly accentNames: readonly string[];
  /** Seconds a success/error/cancelled state stays before reverting; default 2.0. */
  readonly terminalHold?: number;
  /** Minimum seconds between deliveries per (identity, action); default 0.25. */
  readonly actionDebounce?: number;
  /** Inactivity timeout in seconds for unleased sessions; default 86400; 0 disables. */
  readonly sessionTtl?: number;
  /** Seconds Approve must be held for a destructive command (hold to approve); default 1.5; 0 disables. */
  readonly approveHold?: number;
  readonly accentStore?: AccentStore | null;
}

export interface ResolvedConfig {
  readonly selectorCapacity: number;
  readonly accentNames: readonly string[];
  readonly terminalHold: number;
  readonly actionDebounce: number;
  readonly sessionTtl: number;
  readonly approveHold: number;
  readonly accentStore: AccentStore | null;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  // NaN and infinities are rejected too: every comparison against them would be meaningless.
  if (typeof resolved !== 'number' || !Number.isFinite(resolved) || resolved < 0) {
    throw new RangeError(`${name} must be a finite number >= 0, got ${String(resolved)}`);
  }
  return resolved;
}

function checkAccentNames(capacity: number, names: readonly string[]): void {
  if (!Array.isArray(names)) throw new RangeError('accentNames must be an array of accent names');
  if (names.length !== capacity) {
    throw new RangeError(`accentNames must have exactly selectorCapacity (${capacity}) names, got ${names.length}`);
  }
  if (new Set(names).size !== names.length) {
    throw new RangeError(`accentNames must not repeat a name, got ${names.join(', ')}`);
  }
  const expected = IDENTITY_ACCENTS.slice(0, capacity);
  if (names.some((name, index) => name !== expected[index])) {
    throw new RangeError(`accentNames must be ${expected.join(', ')} (the identity accent order), got ${names.join(', ')}`);
  }
}

/** Validates a configuration (control-plane.md §1); throws RangeError naming the field. */
export function resolveConfig(config: ControlPlaneConfig): ResolvedConfig {
  const capacity = config.selectorCapacity;
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > IDENTITY_ACCENTS.length) {
    throw new RangeError(`selectorCapacity must be an integer 1..${IDENTITY_ACCENTS.length}, got ${String(capacity)}`);
  }
  checkAccentNames(capacity, config.accentNames);
  return Object.freeze({
    selectorCapacity: capacity,
    accentNames: Object.freeze([...config.accentNames]),
    terminalHold: nonNegative('terminalHold', config.terminalHold, DEFAULT_TERMINAL_HOLD),
    actionDebounce: nonNegative('actionDebounce', config.actionDebounce, DEFAULT_ACTION_DEBOUNCE),
    sessionTtl: nonNegative('sessionTtl', config.sessionTtl, DEFAULT_SESSION_TTL),
    approveHold: nonNegative('approveHold', config.approveHold, DEFAULT_APPROVE_HOLD),
    accentStore: config.accentStore ?? null,
  });
}
