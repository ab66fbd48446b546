import { describe, expect, it } from 'vitest';
import { identityKey, makeIdentity } from '../../src/domain/index.js';
import { decodeClientLine } from '../../src/wire/index.js';

const stateOf = (sessionId: string) => {
  const decoded = decodeClientLine(Buffer.from(`{"protocol":1,"type":"state","state":"running","agent":{"backend":"codex","session_id":"${sessionId}"}}`));
  if (!decoded.ok || decoded.message.type !== 'state') throw new Error('expected a state message');
  return decoded.message.agent;
};

describe('decoded identities', () => {
  it('are one frozen object per agent, so its key is made once, and stay right past the table bound', () => {
    const first = stateOf('reused');
    expect(stateOf('reused')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(identityKey(first)).toBe(identityKey(makeIdentity('codex', 'reused')));
    for (let k = 0; k < 3000; k += 1) expect(stateOf(`other-${k}`)).toEqual(makeIdentity('codex', `other-${k}`));
    expect(stateOf('reused')).toEqual(first);
  });
});
