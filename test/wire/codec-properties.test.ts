import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_STATES } from '../../src/domain/index.js';
import { decodeClientLine, decodeServerLine, encodeClientMessage, encodeServerMessage, type ServerMessage } from '../../src/wire/index.js';

const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });

describe('codec properties', () => {
  it('decodeClientLine never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const result = decodeClientLine(bytes);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 2000, seed: 42 },
    );
  });

  it('server messages encode to ASCII and decode back to the same value (lone surrogates included)', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom(...AGENT_STATES),
        fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }),
        text,
        (backend, sessionId, state, slot, label) => {
          const message: ServerMessage = {
            type: 'state_ack',
            session: { identity: { backend, sessionId }, state, slot, accent: slot === null ? null : 'cyan', selected: false, leased: true, label },
          };
          const line = encodeServerMessage(message);
          expect(/^[\x20-\x7e]*\n$/.test(line)).toBe(true);
          expect(decodeServerLine(Buffer.from(line.slice(0, -1), 'ascii'))).toEqual({ ok: true, message });
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });

  it('client state messages round-trip through the client encoder', () => {
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom(...AGENT_STATES),
        fc.dictionary(text, text, { maxKeys: 3 }),
        fc.boolean(),
        (backend, sessionId, state, metadata, reply) => {
          const entries = Object.entries(metadata).filter(([key]) => key !== 'backend' && key !== 'session_id');
          const message = { type: 'state' as const, state, agent: { backend, sessionId }, metadata: Object.fromEntries(entries), leaseId: null, reply };
          expect(decodeClientLine(Buffer.from(encodeClientMessage(message).slice(0, -1)))).toEqual({ ok: true, message });
        },
      ),
      { numRuns: 500, seed: 11 },
    );
  });
});
