import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command.js';
import { errorMessage } from '../support/error-message.js';
import { didYouMean } from '../support/did-you-mean.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with errors turned into UsageError, so every command reports bad flags the same way. */
export function parseCommandArgs<T extends Options>(args: readonly string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(plainParseError(errorMessage(error)) + unknownOptionHint(errorMessage(error), options));
  }
}

const UNKNOWN_OPTION = /^Unknown option '(-[^'=]+)/;

/** " (did you mean --json?)" after an unknown option close to one the command has. */
function unknownOptionHint(message: string, options: Options): string {
  const unknown = UNKNOWN_OPTION.exec(message);
  if (unknown === null) return '';
  const known = Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short === undefined ? [] : [`-${option.short}`])]);
  return didYouMean(unknown[1]!, known);
}

const AMBIGUOUS_VALUE = /^Option '(-[^' ]+)' argument is ambiguous/;
const MISSING_VALUE = /^Option '(-[^' ]+)[^']*' argument missing/;

/**
 * node:util's words in one line: its multi-line hint for a value that starts
 * with a dash (`--hold -1`) becomes the flag, what it needs and how to write
 * it; any other message keeps only its first sentence.
 */
function plainParseError(message: string): string {
  const ambiguous = AMBIGUOUS_VALUE.exec(message);
  if (ambiguous !== null) return `${ambiguous[1]} needs a value; write a value that starts with '-' as ${ambiguous[1]}=VALUE`;
  const missing = MISSING_VALUE.exec(message);
  if (missing !== null) return `${missing[1]} needs a value`;
  return message.split(/\.\s|\n/)[0]!;
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
