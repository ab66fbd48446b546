import { z } from 'zod';
import { AGENT_STATES, CONTROL_ACTIONS, makeSurfaceView, type SurfaceView } from '../../domain/index.js';
import { jsonPath } from './json-path.js';

/*
 * One line of `pad-lattice render` input: a SurfaceView in the snake_case field
 * names of visual-protocol-1.md §7.1. Unknown keys are errors, so a misspelt
 * field is reported instead of silently rendering a default.
 */

const sessionSchema = z.strictObject({
  slot: z.int(),
  state: z.enum(AGENT_STATES),
  selected: z.boolean().default(false),
  accent: z.string().default('cyan'),
  label: z.string().default(''),
});

const viewSchema = z.strictObject({
  selected_state: z.enum(AGENT_STATES).nullable(),
  frame: z.int().min(0).default(0),
  sessions: z.array(sessionSchema).default([]),
  available_actions: z.array(z.enum(CONTROL_ACTIONS)).default([]),
  overflow_count: z.int().min(0).default(0),
  activity_motion: z.boolean().default(false),
});

export type ViewLine = { readonly ok: true; readonly view: SurfaceView } | { readonly ok: false; readonly problem: string };

export function parseViewLine(line: string): ViewLine {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (error) {
    return { ok: false, problem: `not JSON: ${(error as Error).message}` };
  }
  const result = viewSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = jsonPath(issue.path);
    return { ok: false, problem: where === '' ? issue.message : `${where}: ${issue.message}` };
  }
  const data = result.data;
  return {
    ok: true,
    view: makeSurfaceView({
      selectedState: data.selected_state,
      frame: data.frame,
      sessions: data.sessions,
      availableActions: data.available_actions,
      overflowCount: data.overflow_count,
      activityMotion: data.activity_motion,
    }),
  };
}
