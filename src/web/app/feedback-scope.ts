import type { ExperienceStateMessage, PromptMessage, PressResultMessage, SurfaceMessage } from './messages.js';

/*
 * A feedback line speaks about one moment: "Approved · reviewer" is true of
 * the reviewer's request, not of the next one. This file decides when a line
 * has stopped applying, so the page clears it instead of leaving it under a
 * request it never described. DOM-free: tests drive it in Node.
 */

/** What the page shows about the selected agent: the things a feedback line can describe. */
export interface Situation {
  /** The selected agent as `slot:label`, or null when none is selected. */
  readonly agent: string | null;
  readonly slot: number | null;
  readonly state: string | null;
  /** What that agent asks (the prompt, as JSON), or null when it asks nothing. */
  readonly request: string | null;
  /** A Demo or Show is playing on the pad. */
  readonly playing: boolean;
}

export type FeedbackScope =
  /** About the selected agent as it was: stale once another is selected, its state changes or it asks something new. */
  | { readonly kind: 'situation'; readonly at: Situation }
  /** A selection's result, before the pad shows that agent selected; then it is about that agent. */
  | { readonly kind: 'selecting'; readonly slot: number | null }
  /** A press the Demo took: true while the Demo plays. */
  | { readonly kind: 'experience' };

export function situationOf(surface: SurfaceMessage | null, prompt: PromptMessage | null, experience: ExperienceStateMessage | null): Situation {
  const selected = surface?.view.sessions.find((session) => session.selected) ?? null;
  const asked = prompt?.prompt ?? null;
  return {
    agent: selected === null ? null : `${selected.slot}:${selected.label}`,
    slot: selected?.slot ?? null,
    state: selected?.state ?? null,
    request: asked === null ? null : JSON.stringify(asked),
    playing: experience !== null && (experience.status === 'starting' || experience.status === 'playing'),
  };
}

/** The scope of a press's answer, given what the page showed when it arrived. */
export function scopeOfResult(result: PressResultMessage, now: Situation): FeedbackScope {
  if (result.outcome === 'selected') return { kind: 'selecting', slot: result.agent?.slot ?? null };
  if (result.outcome === 'experience') return { kind: 'experience' };
  return { kind: 'situation', at: now };
}

/**
 * The scope carried to what the page shows `now`, or null when the line no
 * longer applies. A request that went away keeps the line (that is what
 * answering it does) but a different one clears it.
 */
export function carryScope(scope: FeedbackScope, now: Situation): FeedbackScope | null {
  switch (scope.kind) {
    case 'experience':
      return now.playing ? scope : null;
    case 'selecting':
      return now.slot === scope.slot ? { kind: 'situation', at: now } : scope;
    case 'situation': {
      const { at } = scope;
      if (now.agent !== at.agent || now.state !== at.state || now.playing !== at.playing) return null;
      if (now.request === at.request) return scope;
      return now.request === null ? { kind: 'situation', at: now } : null;
    }
  }
}
