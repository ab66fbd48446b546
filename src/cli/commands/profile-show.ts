import { findEntry, opensAutomatically, type CatalogEntry, type DeviceProfile } from '../../profiles/index.js';
import { identitySummary, surfaceRows, surfaceSummary } from './profile-show-surface.js';
import { EXIT, UsageError, type CliIo } from '../command.js';
import { parseCommandArgs } from '../parse-args.js';
import { loadCatalogFor, problemLines } from './profile-context.js';
import { escapeUntrusted, stringifyJsonSafely } from '../../support/untrusted-text.js';

/** Recursively sorts object keys, so JSON output is stable whatever order the profile was written in. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The summary the reference prints for `profile show` (spec §9). */
export function profileSummary(profile: DeviceProfile) {
  return {
    ...identitySummary(profile),
    conformance: [...profile.lookup.conformance].sort(),
    input_patterns: profile.ports.input,
    output_patterns: profile.ports.output,
    selector_slots: profile.lookup.selectorCount,
    text_scroll: profile.capabilities.text_scroll,
  };
}

function opening(profile: DeviceProfile): string {
  if (profile.status === 'supported') return 'yes: tested on hardware (supported)';
  if (opensAutomatically(profile)) return `automatically: checked against ${profile.verified_against!.join('; ')}; not yet tested on hardware`;
  const copy = profile.copied_from === undefined ? '' : `; an unverified copy of ${profile.copied_from}`;
  return `with --profile only (experimental${copy})`;
}

function deviceRows(profile: DeviceProfile): [string, string][] {
  const rgb = profile.capabilities.show_rgb;
  const batch = profile.capabilities.palette_sysex;
  return [
    ['status', profile.status],
    ['opens', opening(profile)],
    ['manufacturer', `${profile.manufacturer} / ${profile.family} / ${profile.model}`],
    ['driver', profile.driver],
    ['conformance', [...profile.lookup.conformance].sort().join(', ')],
    ['input ports', profile.ports.input.join('  |  ')],
    ['output ports', profile.ports.output.join('  |  ')],
    ['selector slots', String(profile.lookup.selectorCount)],
    ['accents', profile.lookup.accentNames.join(', ')],
    ['text scroll', profile.capabilities.text_scroll ? 'yes' : 'no'],
    ['show rgb', rgb === undefined ? 'no (Shows use the palette)' : `yes (channel max ${rgb.channel_max}, ${rgb.batch_size} LEDs per SysEx)`],
    ['frames', batch === undefined ? 'one Note On / Control Change per changed light' : `batched palette SysEx, ${batch.batch_size} LEDs per message`],
    ['source', profile.source],
  ];
}

function describe(entry: CatalogEntry): string {
  const { profile } = entry;
  const rows = entry.kind === 'device' ? deviceRows(entry.profile) : surfaceRows(entry.profile);
  const width = Math.max(...rows.map(([label]) => label.length));
  // Names, port patterns and the file name come from a profile file: shown, never obeyed.
  return `${profile.id}  ${escapeUntrusted(profile.name)}\n${rows.map(([label, value]) => `  ${label.padEnd(width)}  ${escapeUntrusted(value)}`).join('\n')}\n`;
}

/** `profile show ID`: a readable summary, or the reference's JSON summary with --json. */
export async function runProfileShow(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean', default: false } }, true);
  if (positionals.length !== 1) throw new UsageError('profile show takes exactly one profile id');
  const load = await loadCatalogFor(io);
  for (const line of problemLines(load.problems)) io.stderr.write(`pad-lattice profile show: warning: ${line}\n`);
  const entry = findEntry(load, positionals[0]!);
  const summary = entry.kind === 'device' ? profileSummary(entry.profile) : surfaceSummary(entry.profile);
  io.stdout.write(values.json === true ? `${stringifyJsonSafely(sortedKeys(summary), 2)}\n` : describe(entry));
  return EXIT.ok;
}
