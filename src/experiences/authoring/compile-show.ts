import type { ShowColor, ShowFrame } from '../../domain/index.js';
import { parsePerformanceManifest } from '../manifest/performance-loader.js';
import type { PerformanceManifest } from '../manifest/performance-manifest.js';
import { roundHalfEven } from '../round-half-even.js';
import { visualSafetyProblems } from './visual-safety.js';

/** One authored cue: its act's name, how long it holds, an optional caption and the picture. */
export interface AuthoredCue {
  readonly act: string;
  readonly seconds: number;
  readonly caption?: string;
  readonly frame: ShowFrame;
}

export interface AuthoredShow {
  readonly id: string;
  readonly title: string;
  /** The soundtrack, relative to the manifest's folder. */
  readonly audioAsset: string;
  readonly cues: readonly AuthoredCue[];
}

const colorKey = (color: ShowColor) => `${color.fallback}\u0000${color.rgb.join(',')}`;

/** By fallback string, then by RGB channel by channel. */
function compareColors(a: ShowColor, b: ShowColor): number {
  if (a.fallback !== b.fallback) return a.fallback < b.fallback ? -1 : 1;
  for (let i = 0; i < 3; i += 1) if (a.rgb[i] !== b.rgb[i]) return a.rgb[i]! - b.rgb[i]!;
  return 0;
}

/**
 * An authored Show → the Performance Manifest 1 document (experiences.md
 * §11.5): the palette is the sorted set of distinct colours, acts are numbered
 * in order of first appearance, durations become whole milliseconds.
 */
export function compileShow(show: AuthoredShow): Record<string, unknown> {
  const distinct = new Map<string, ShowColor>();
  for (const { frame } of show.cues) for (const color of [...frame.grid.flat(), ...frame.top, ...frame.right]) distinct.set(colorKey(color), color);
  const palette = [...distinct.values()].sort(compareColors);
  const paletteIndex = new Map(palette.map((color, i) => [colorKey(color), i]));
  const indices = (colors: readonly ShowColor[]) => colors.map((color) => paletteIndex.get(colorKey(color))!);
  const acts = [...new Set(show.cues.map((cue) => cue.act))];
  const cues = show.cues.map((cue) => ({
    act: acts.indexOf(cue.act),
    duration_ms: roundHalfEven(cue.seconds * 1000),
    caption: cue.caption ?? null,
    frame: { grid: cue.frame.grid.map(indices), top: indices(cue.frame.top), right: indices(cue.frame.right) },
  }));
  const durationMs = cues.reduce((sum, cue) => sum + cue.duration_ms, 0);
  return {
    schema_version: 1,
    kind: 'performance',
    id: show.id,
    title: show.title,
    dimensions: { grid: [8, 8], top: 8, right: 8 },
    duration_ms: durationMs,
    acts,
    palette: palette.map((color) => ({ fallback: color.fallback, rgb: [...color.rgb] })),
    cues,
    audio: { asset: show.audioAsset, mime_type: 'audio/wav', duration_ms: durationMs },
  };
}

/** Compact JSON with non-ASCII escaped and a final newline: the committed file's exact bytes. */
export function manifestText(document: unknown): string {
  const json = JSON.stringify(document).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${json}\n`;
}

/**
 * Compiles, loads the result back through the runtime loader and refuses a
 * Show that breaks the visual-safety rules. Returns the document's text.
 */
export function buildShowManifest(show: AuthoredShow): { text: string; manifest: PerformanceManifest } {
  const text = manifestText(compileShow(show));
  const manifest = parsePerformanceManifest(JSON.parse(text) as unknown, show.id);
  const problems = visualSafetyProblems(manifest);
  if (problems.length > 0) throw new RangeError(`show ${show.id} breaks the visual-safety rules:\n  ${problems.join('\n  ')}`);
  return { text, manifest };
}
