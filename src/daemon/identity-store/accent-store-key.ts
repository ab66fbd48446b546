import { createHash } from 'node:crypto';
import { identityKey, type AgentIdentity } from '../../domain/identity.js';

/** Keys of the identities seen lately: agents churning through the Scenes ask for theirs on every slot change. */
const RECENT_KEYS_BOUND = 1024;
const recentKeys = new Map<string, string>();

/**
 * The store's key for an identity: lower-case hex SHA-256 of UTF-8
 * `backend NUL session_id`, so the file never holds raw ids. Node encodes an
 * unpaired surrogate as U+FFFD instead of failing, which is the intended fix
 * of the reference's crash (control-plane.md §15.2). Recent keys are kept, so
 * a busy daemon does not hash the same identity on every message.
 */
export function accentStoreKey(identity: AgentIdentity): string {
  const id = identityKey(identity);
  let key = recentKeys.get(id);
  if (key === undefined) {
    key = createHash('sha256').update(id, 'utf8').digest('hex');
    // Bounded: a flood of distinct identities starts the cache over instead of growing it.
    if (recentKeys.size >= RECENT_KEYS_BOUND) recentKeys.clear();
    recentKeys.set(id, key);
  }
  return key;
}
