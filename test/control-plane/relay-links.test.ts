import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { makePlane } from './helpers.js';

/** Connections that relay a remote host (the `relay` extension), in the pure control plane. */
describe('control plane: relayed connections', () => {
  const remote = makeIdentity('claude@devbox', 'build');

  it('may speak only for ids of their host; local connections for anyone', () => {
    const plane = makePlane();
    expect(plane.relay(7, 'devbox', true)).toBe(true);
    expect(plane.mayActFor(7, 'claude@devbox')).toBe(true);
    expect(plane.mayActFor(7, 'claude')).toBe(false);
    expect(plane.mayActFor(7, 'claude@cloud')).toBe(false);
    expect(plane.mayActFor(8, 'claude')).toBe(true);
    // One host per connection, for its lifetime.
    expect(plane.relay(7, 'cloud', true)).toBe(false);
    expect(plane.relayedHost(7)).toBe('devbox');
    plane.disconnect(7);
    expect(plane.relayedHost(7)).toBeNull();
  });

  it('tag a session they create by a question or a subscription with their host', () => {
    const plane = makePlane();
    plane.relay(7, 'devbox', true);
    plane.ask(7, remote, 'q', [{ question: 'Q?', header: '', options: [{ label: 'a', description: '' }], multiSelect: false }], 1);
    expect(plane.session(remote)?.metadata).toEqual({ remote_host: 'devbox' });
  });

  it('offer no action while their link is stalled, and a press then is "not delivered", not "nothing waiting"', () => {
    const plane = makePlane({ actionDebounce: 0 });
    plane.relay(7, 'devbox', true);
    plane.update(remote, 'waiting_for_approval', 1);
    plane.subscribe(7, remote, ['approve'], 'r', true, 1);
    expect([...plane.availableActions()]).toEqual(['approve']);
    const revision = plane.revision;
    plane.relay(7, 'devbox', false);
    expect(plane.revision).toBe(revision + 1);
    expect([...plane.availableActions()]).toEqual([]);
    expect(plane.dispatchPress('approve', 2)).toEqual({ ok: false, reason: 'not_delivered' });
    expect(plane.dispatchPress('reject', 2)).toEqual({ ok: false, reason: 'nothing_waiting' });
    plane.relay(7, 'devbox', true);
    expect(plane.dispatchPress('approve', 3)).toMatchObject({ ok: true, dispatched: { connection: 7, requestId: 'r' } });
  });
});
