export interface LeadingOptionRules {
  /** Flags that take a value, as `--flag VALUE` or `--flag=VALUE`. */
  readonly valueFlags: ReadonlySet<string>;
  /** Flags that take none. */
  readonly switches?: ReadonlySet<string>;
  /** The error thrown for a value flag at the very end. */
  readonly usageError: (message: string) => Error;
}

export interface LeadingOptions {
  /** The last value given for each value flag. */
  readonly values: ReadonlyMap<string, string>;
  readonly switches: ReadonlySet<string>;
  /** Everything after the options, one leading `--` removed. */
  readonly rest: readonly string[];
}

/**
 * A wrapper command's own options, which come first: the first argument that
 * is not one of them (or a `--`) starts the wrapped program's arguments, so
 * they pass through untouched, even when they look like options.
 */
export function takeLeadingOptions(args: readonly string[], rules: LeadingOptionRules): LeadingOptions {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  let index = 0;
  for (; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      index += 1;
      break;
    }
    if (rules.switches?.has(arg) === true) {
      switches.add(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    if (!rules.valueFlags.has(flag)) break;
    if (flag !== arg) {
      values.set(flag, arg.slice(equals + 1));
      continue;
    }
    const value = args[index + 1];
    if (value === undefined) throw rules.usageError(`${flag} requires a value`);
    values.set(flag, value);
    index += 1;
  }
  return { values, switches, rest: args.slice(index) };
}
