import { createHash } from 'node:crypto';
import { identityKey, type AgentIdentity } from '../../domain/identity.js';

/**
 * The store's key for an identity: lower-case hex SHA-256 of UTF-8
 * `backend NUL session_id`, so the file never holds raw ids. Node encodes an
 * unpaired surrogate as U+FFFD instead of failing, which is the intended fix
 * of the reference's crash (control-plane.md §15.2).
 */
export function accentStoreKey(identity: AgentIdentity): string {
  return createHash('sha256').update(identityKey(identity), 'utf8').digest('hex');
}
