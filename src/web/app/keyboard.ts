import type { ActionName } from './pad-model.js';

/** Letters for the four actions: A/R for the decision, T for reTry (R is taken), S for Stop. */
export const ACTION_KEYS: Readonly<Record<ActionName, string>> = { approve: 'A', reject: 'R', retry: 'T', stop: 'S' };

export type KeyCommand =
  | { readonly kind: 'scene'; readonly slot: number }
  | { readonly kind: 'action'; readonly action: ActionName }
  /** The first agent without a Scene (the one that would get a Scene next). */
  | { readonly kind: 'overflow' };

/** What a key press is for, or null for keys the pad leaves alone. */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly repeat: boolean;
  /** True while typing into a field (the PIN), where keys are text. */
  readonly inField: boolean;
}

const BY_LETTER: ReadonlyMap<string, ActionName> = new Map(Object.entries(ACTION_KEYS).map(([action, key]) => [key.toLowerCase(), action as ActionName]));

export function commandForKey(press: KeyPress): KeyCommand | null {
  if (press.ctrlKey || press.altKey || press.metaKey || press.repeat || press.inField) return null;
  if (/^[1-8]$/.test(press.key)) return { kind: 'scene', slot: Number(press.key) - 1 };
  if (press.key === '0') return { kind: 'overflow' };
  const action = BY_LETTER.get(press.key.toLowerCase());
  return action === undefined ? null : { kind: 'action', action };
}
