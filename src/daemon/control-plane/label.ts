import type { AgentIdentity } from '../../domain/identity.js';
import { boundLabel } from '../../domain/label-bounds.js';

/** How many Unicode code points of the session id a fallback label shows. */
const SESSION_ID_LABEL_CODE_POINTS = 8;

/**
 * Normalises a path with POSIX rules exactly as the reference does (Python's
 * `posixpath.normpath`): a library with other rules for `//` or `..` would
 * give different labels for the same agent.
 */
export function normalizePosixPath(path: string): string {
  if (path === '') return '.';
  let prefix = '';
  if (path.startsWith('/')) {
    // Exactly two leading slashes are implementation-defined in POSIX and kept; any other count collapses to one.
    prefix = path.startsWith('//') && !path.startsWith('///') ? '//' : '/';
  }
  const kept: string[] = [];
  for (const component of path.split('/')) {
    if (component === '' || component === '.') continue;
    const last = kept[kept.length - 1];
    if (component !== '..' || (prefix === '' && kept.length === 0) || last === '..') {
      kept.push(component);
    } else if (kept.length > 0) {
      kept.pop();
    }
    // Otherwise a `..` right after the root: dropped.
  }
  const joined = prefix + kept.join('/');
  return joined === '' ? '.' : joined;
}

/** The first `count` Unicode code points (not UTF-16 units) of `text`. */
function leadingCodePoints(text: string, count: number): string {
  let taken = 0;
  let end = 0;
  for (const codePoint of text) {
    if (taken === count) break;
    end += codePoint.length;
    taken += 1;
  }
  return text.slice(0, end);
}

/** The display label of a session (control-plane.md §14): explicit label, else cwd's last component, else a session-id prefix. */
export function sessionLabel(identity: AgentIdentity, metadata: Readonly<Record<string, string>>): string {
  const label = metadata['label'];
  if (label !== undefined) return label;
  const cwd = metadata['cwd'];
  if (cwd !== undefined) {
    const normalized = normalizePosixPath(cwd);
    const finalComponent = normalized.slice(normalized.lastIndexOf('/') + 1);
    // An explicit label was bounded where it arrived; a folder name is bounded here, as it becomes a label.
    if (finalComponent !== '') return boundLabel(finalComponent);
  }
  return leadingCodePoints(identity.sessionId, SESSION_ID_LABEL_CODE_POINTS);
}
