import { makeShowColor, type ShowColor } from '../../domain/index.js';
import { normaliseAssetPath } from './asset-path.js';
import { fail, parseStructure } from './manifest-error.js';
import type { PerformanceCue, PerformanceManifest } from './performance-manifest.js';
import { performanceManifestSchema, type RawPerformanceManifest } from './performance-schema.js';

type RawCue = RawPerformanceManifest['cues'][number];

function checkActs(source: string, acts: readonly string[]): void {
  acts.forEach((act, i) => {
    if (acts.indexOf(act) !== i) fail(source, ['acts', i], `acts must be unique entries; ${JSON.stringify(act)} repeats`);
  });
}

/** Checks a cue's act and palette indices and resolves its frame (§6.2 order: act, frame). */
function resolveCue(source: string, cue: RawCue, c: number, actCount: number, palette: readonly ShowColor[]): PerformanceCue {
  if (cue.act >= actCount) fail(source, ['cues', c, 'act'], `${cue.act} is outside the acts array (${actCount} acts)`);
  const resolve = (indices: readonly number[], path: readonly PropertyKey[]) =>
    Object.freeze(
      indices.map((index, i) => {
        const color = palette[index];
        if (color === undefined) fail(source, [...path, i], `${index} is outside the palette (${palette.length} colours)`);
        return color;
      }),
    );
  const at = ['cues', c, 'frame'];
  const frame = Object.freeze({
    grid: Object.freeze(cue.frame.grid.map((row, y) => resolve(row, [...at, 'grid', y]))),
    top: resolve(cue.frame.top, [...at, 'top']),
    right: resolve(cue.frame.right, [...at, 'right']),
  });
  return Object.freeze({ act: cue.act, durationMs: cue.duration_ms, caption: cue.caption, frame });
}

/**
 * A parsed JSON value → a checked Performance (experiences.md §6); throws a
 * ManifestError naming `source` and the JSON location of the first problem.
 */
export function parsePerformanceManifest(raw: unknown, source = 'performance'): PerformanceManifest {
  const manifest = parseStructure(performanceManifestSchema, raw, source);
  checkActs(source, manifest.acts);
  const palette = manifest.palette.map((color) => makeShowColor(color.fallback, color.rgb));
  const cues = manifest.cues.map((cue, c) => resolveCue(source, cue, c, manifest.acts.length, palette));
  const timeline = cues.reduce((sum, cue) => sum + cue.durationMs, 0);
  if (manifest.duration_ms !== timeline) {
    fail(source, ['duration_ms'], `${manifest.duration_ms} does not equal the cue timeline (${timeline} ms)`);
  }
  const asset = normaliseAssetPath(manifest.audio.asset);
  if (!asset.ok) fail(source, ['audio', 'asset'], asset.problem);
  if (manifest.audio.duration_ms !== manifest.duration_ms) {
    fail(source, ['audio', 'duration_ms'], `${manifest.audio.duration_ms} must match the performance duration (${manifest.duration_ms} ms)`);
  }
  return Object.freeze({
    id: manifest.id,
    title: manifest.title,
    durationMs: manifest.duration_ms,
    acts: Object.freeze([...manifest.acts]),
    cues: Object.freeze(cues),
    audio: Object.freeze({ asset: asset.path, mimeType: 'audio/wav', durationMs: manifest.audio.duration_ms }),
  });
}
