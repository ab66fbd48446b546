import { escapeUntrusted } from '../support/untrusted-text.js';
import type { ProfileIssue } from './issues.js';
import type { CatalogLoad } from './load-catalog.js';

/** What the log says of a profile of either kind (device or surface). */
interface LoggedProfile {
  readonly id: string;
  readonly status: string;
  readonly source: string;
}

export interface CatalogLogLine {
  readonly level: 'info' | 'warn';
  readonly text: string;
}

/** Issues shown per refused file; the rest are counted (`profile validate FILE` lists them all). */
const ISSUES_SHOWN = 3;
/** A log line never grows past this many code points, whatever a file name or key holds. */
const LINE_LIMIT = 400;

const line = (level: CatalogLogLine['level'], text: string): CatalogLogLine => ({ level, text: escapeUntrusted(text, LINE_LIMIT) });

function bySource<T>(items: readonly T[], source: (item: T) => string): Map<string, T> {
  return new Map(items.map((item) => [source(item), item]));
}

function issueText(issue: ProfileIssue): string {
  return issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`;
}

function refusal(source: string, issues: readonly ProfileIssue[], lastGood: LoggedProfile | undefined): CatalogLogLine[] {
  const kept = lastGood === undefined ? '' : ` (the last good version of ${lastGood.id} stays in use)`;
  const lines = [line('warn', `profile refused: ${source}${kept}`)];
  for (const issue of issues.slice(0, ISSUES_SHOWN)) lines.push(line('warn', `  ${issueText(issue)}`));
  const more = issues.length - ISSUES_SHOWN;
  if (more > 0) lines.push(line('warn', `  … and ${more} more; 'pad-lattice profile validate ${source}' lists them all`));
  return lines;
}

const builtinSummary = (what: string, profiles: readonly LoggedProfile[], isBuiltin: (source: string) => boolean) => {
  const ids = profiles.filter((profile) => isBuiltin(profile.source)).map((profile) => profile.id);
  return line('info', `${what}: ${ids.length} built-in loaded (${ids.join(', ')})`);
};

const everyProfile = (load: CatalogLoad): LoggedProfile[] => [...load.catalog.profiles, ...load.surfaces];

/**
 * What a daemon logs when its profile catalog (re)loads: each profile (MIDI
 * device or serial/HID surface) loaded, reloaded or dropped, and each file
 * refused — once per change, so a folder of a thousand broken files costs
 * nothing when one other file is edited. Built-in profiles are summed up at
 * the first load, one line per kind. File names, keys and messages that came
 * from files are escaped, so no file can forge a log line.
 */
export function catalogChanges(previous: CatalogLoad | null, next: CatalogLoad, isBuiltin: (source: string) => boolean): CatalogLogLine[] {
  const lines: CatalogLogLine[] = [];
  const before = bySource(previous === null ? [] : everyProfile(previous), (p) => p.source);
  const after = bySource(everyProfile(next), (p) => p.source);
  const problemsBefore = bySource(previous?.problems ?? [], (p) => p.source);
  if (previous === null) {
    lines.push(builtinSummary('profiles', next.catalog.profiles, isBuiltin));
    if (next.surfaces.length > 0) lines.push(builtinSummary('surface profiles', next.surfaces, isBuiltin));
  }
  for (const [source, profile] of after) {
    if (isBuiltin(source)) continue;
    const earlier = before.get(source);
    if (earlier === undefined) lines.push(line('info', `profile loaded: ${profile.id} (${profile.status}) from ${source}`));
    else if (earlier !== profile) lines.push(line('info', `profile reloaded: ${profile.id} (${profile.status}) from ${source}`));
  }
  for (const problem of next.problems) {
    const earlier = problemsBefore.get(problem.source);
    if (earlier !== undefined && JSON.stringify(earlier.issues) === JSON.stringify(problem.issues)) continue;
    lines.push(...refusal(problem.source, problem.issues, after.get(problem.source)));
  }
  // A built-in never goes away; it only steps aside while a user's surface profile of its id replaces it.
  for (const [source, profile] of before) {
    if (!after.has(source) && !isBuiltin(source)) lines.push(line('info', `profile dropped: ${profile.id} (${source} is gone)`));
  }
  return lines;
}
