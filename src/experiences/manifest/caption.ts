import type { PerformanceManifest } from './performance-manifest.js';

const ACT_SEPARATOR = ' - ';

/** What an act name says after its first " - " (all of it, however many separators follow), or the whole name. */
export function actCaption(act: string): string {
  const at = act.indexOf(ACT_SEPARATOR);
  return at < 0 ? act : act.slice(at + ACT_SEPARATOR.length);
}

/**
 * The caption shown during cue `index` (experiences.md §6.3): the nearest own
 * caption at or before it within the same act, else the act's title.
 */
export function captionAt(show: Pick<PerformanceManifest, 'acts' | 'cues'>, index: number): string {
  const act = show.cues[index]?.act;
  if (act === undefined) throw new RangeError(`cue ${index} does not exist`);
  for (let i = index; i >= 0 && show.cues[i]!.act === act; i -= 1) {
    const caption = show.cues[i]!.caption;
    if (caption !== null) return caption;
  }
  return actCaption(show.acts[act]!);
}
