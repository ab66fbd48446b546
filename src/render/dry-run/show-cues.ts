import { makeShowColor, type ShowColor, type ShowFrame } from '../../domain/index.js';

/*
 * The cue frames of a Performance Manifest 1 document (experiences.md §6), read
 * just far enough to render them: the palette and each cue's grid/top/right
 * indices. This is not the manifest loader (timeline, acts, captions and audio
 * are not checked); errors name the JSON path of the first problem.
 */

export class ShowCueError extends Error {
  override readonly name = 'ShowCueError';
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function arrayAt(value: unknown, path: string, length?: number): unknown[] {
  if (!Array.isArray(value)) throw new ShowCueError(`${path}: must be an array`);
  if (length !== undefined && value.length !== length) throw new ShowCueError(`${path}: must have exactly ${length} items`);
  return value;
}

function objectAt(value: unknown, path: string): Json {
  if (!isObject(value)) throw new ShowCueError(`${path}: must be an object`);
  return value;
}

function paletteColors(document: Json): ShowColor[] {
  return arrayAt(document['palette'], 'palette').map((entry, i) => {
    const color = objectAt(entry, `palette[${i}]`);
    try {
      return makeShowColor(color['fallback'] as string, color['rgb'] as number[]);
    } catch (error) {
      throw new ShowCueError(`palette[${i}]: ${(error as Error).message}`);
    }
  });
}

function lightsAt(value: unknown, path: string, palette: readonly ShowColor[]): ShowColor[] {
  return arrayAt(value, path, 8).map((index, i) => {
    const color = Number.isInteger(index) ? palette[index as number] : undefined;
    if (color === undefined) throw new ShowCueError(`${path}[${i}]: ${JSON.stringify(index)} is outside the palette`);
    return color;
  });
}

/** Every cue's frame in cue order. */
export function readShowCueFrames(raw: unknown): ShowFrame[] {
  const document = objectAt(raw, '(document)');
  if (document['kind'] !== 'performance') throw new ShowCueError('kind: must be "performance"');
  const palette = paletteColors(document);
  return arrayAt(document['cues'], 'cues').map((cue, c) => {
    const path = `cues[${c}].frame`;
    const frame = objectAt(objectAt(cue, `cues[${c}]`)['frame'], path);
    return {
      grid: arrayAt(frame['grid'], `${path}.grid`, 8).map((row, y) => lightsAt(row, `${path}.grid[${y}]`, palette)),
      top: lightsAt(frame['top'], `${path}.top`, palette),
      right: lightsAt(frame['right'], `${path}.right`, palette),
    };
  });
}
