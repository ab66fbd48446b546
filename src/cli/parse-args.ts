import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command.js';
import { errorMessage } from '../support/error-message.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with errors turned into UsageError, so every command reports bad flags the same way. */
export function parseCommandArgs<T extends Options>(args: readonly string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
}

/** Parses a finite number option, naming the flag in the error. */
export function numberOption(flag: string, raw: string | undefined, fallback: number, min = -Infinity): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min) {
    throw new UsageError(`${flag} must be a number${min > -Infinity ? ` >= ${min}` : ''}, got ${JSON.stringify(raw)}`);
  }
  return value;
}
