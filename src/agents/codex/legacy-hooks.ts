import { CODEX_HOOK_EVENTS } from './hook-events.js';
import { splitShellWords } from './shell-words.js';

/**
 * Legacy cleanup (agent-adapters.md §A.10.3): early alpha builds wrote
 * Pad-Lattice handlers into the global Codex hooks file. These pure functions
 * find and remove exactly those handlers and keep everything else.
 */

type JsonObject = Record<string, unknown>;

/** True for a `pad-lattice-hook …` or `pad-lattice codex-hook …` command (any directory, optional `.exe`). */
export function isPadLatticeHookCommand(command: unknown): boolean {
  if (typeof command !== 'string') return false;
  const words = splitShellWords(command);
  if (words === null || words.length === 0) return false;
  const program = baseName(words[0] ?? '');
  if (program === 'pad-lattice-hook' || program === 'pad-lattice-hook.exe') return true;
  return (program === 'pad-lattice' || program === 'pad-lattice.exe') && words[1] === 'codex-hook';
}

/** How many Pad-Lattice handlers the five events still hold (the `doctor` check `codex_hooks`). */
export function countLegacyHooks(document: JsonObject): number {
  let count = 0;
  forEachGroupList(document, (groups) => {
    for (const group of groups) {
      const handlers = handlersOf(group);
      if (handlers !== null) count += handlers.filter((handler) => isOurs(handler)).length;
    }
  });
  return count;
}

/**
 * A copy of `document` without Pad-Lattice handlers: emptied groups are
 * dropped, emptied events deleted, an emptied `hooks` deleted. Groups that
 * are not objects or have no `hooks` list are kept as they are.
 */
export function withoutLegacyHooks(document: JsonObject): { readonly document: JsonObject; readonly removed: number } {
  const hooks = document['hooks'];
  if (!isObject(hooks)) return { document, removed: 0 };
  let removed = 0;
  const nextHooks: JsonObject = { ...hooks };
  for (const event of CODEX_HOOK_EVENTS) {
    const groups = nextHooks[event];
    if (!Array.isArray(groups)) continue;
    const kept: unknown[] = [];
    for (const group of groups) {
      const handlers = handlersOf(group);
      if (handlers === null) {
        kept.push(group);
        continue;
      }
      const remaining = handlers.filter((handler) => !isOurs(handler));
      removed += handlers.length - remaining.length;
      if (remaining.length > 0) kept.push({ ...(group as JsonObject), hooks: remaining });
    }
    if (kept.length > 0) nextHooks[event] = kept;
    else delete nextHooks[event];
  }
  if (removed === 0) return { document, removed: 0 };
  const next: JsonObject = { ...document, hooks: nextHooks };
  if (Object.keys(nextHooks).length === 0) delete next['hooks'];
  return { document: next, removed };
}

function forEachGroupList(document: JsonObject, visit: (groups: unknown[]) => void): void {
  const hooks = document['hooks'];
  if (!isObject(hooks)) return;
  for (const event of CODEX_HOOK_EVENTS) {
    const groups = hooks[event];
    if (Array.isArray(groups)) visit(groups);
  }
}

function handlersOf(group: unknown): unknown[] | null {
  if (!isObject(group)) return null;
  const handlers = group['hooks'];
  return Array.isArray(handlers) ? handlers : null;
}

function isOurs(handler: unknown): boolean {
  return isObject(handler) && isPadLatticeHookCommand(handler['command']);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
