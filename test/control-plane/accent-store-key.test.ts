import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { accentStoreKey } from '../../src/daemon/identity-store/accent-store-key.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('accent store keys, remembered for recent identities', () => {
  it('gives the same key on every call, also after more distinct identities than it keeps', () => {
    const identity = makeIdentity('codex', 'returning');
    const first = accentStoreKey(identity);
    expect(first).toBe(sha256('codex\u0000returning'));
    for (let k = 0; k < 3000; k += 1) expect(accentStoreKey(makeIdentity('claude', `s${k}`))).toBe(sha256(`claude\u0000s${k}`));
    expect(accentStoreKey(makeIdentity('codex', 'returning'))).toBe(first);
  });
});
