export type CheckStatus = 'ok' | 'warning' | 'error';

/** One diagnostic (device-profile-schema-1.md §10). */
export interface DoctorCheck {
  readonly name: string;
  readonly status: CheckStatus;
  readonly summary: string;
  readonly details: Readonly<Record<string, unknown>>;
}

export interface DoctorReport {
  readonly version: string;
  readonly overall: CheckStatus;
  readonly checks: readonly DoctorCheck[];
}

/** `error` if any check errored, else `warning` if any warned, else `ok`. */
export function overallStatus(checks: readonly DoctorCheck[]): CheckStatus {
  if (checks.some((check) => check.status === 'error')) return 'error';
  if (checks.some((check) => check.status === 'warning')) return 'warning';
  return 'ok';
}

export interface RedactionSources {
  readonly home: string;
  /** `$XDG_RUNTIME_DIR` when set. */
  readonly runtimeDir?: string | undefined;
}

/**
 * Replaces the home directory with `~` and the runtime directory with the
 * literal `$XDG_RUNTIME_DIR`, longest first, so a report can be shared without
 * the user's name or paths.
 */
export function makeRedactor({ home, runtimeDir }: RedactionSources): (text: string) => string {
  const replacements: [string, string][] = [];
  if (home !== '' && home !== '/') replacements.push([home, '~']);
  if (runtimeDir !== undefined && runtimeDir !== '' && runtimeDir !== '/') replacements.push([runtimeDir, '$XDG_RUNTIME_DIR']);
  replacements.sort(([a], [b]) => b.length - a.length);
  return (text) => replacements.reduce((result, [from, to]) => result.split(from).join(to), text);
}

/** Every string inside a value, redacted. */
export function redactDeep(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item, redact)]));
}
