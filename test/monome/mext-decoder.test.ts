import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INCOMING_PAYLOAD, MEXT_IN } from '../../src/monome/mext.js';
import { MextDecoder, PARTIAL_MESSAGE_TIMEOUT_MS, type MextEvent } from '../../src/monome/mext-decoder.js';

/** A decoder on a clock the test moves by hand. */
function steppedDecoder() {
  let now = 1_000;
  const decoder = new MextDecoder({ now: () => now });
  const events: MextEvent[] = [];
  return {
    decoder,
    events,
    feed: (bytes: readonly number[]) => decoder.push(Uint8Array.from(bytes), (event) => events.push(event)),
    wait: (ms: number) => void (now += ms),
  };
}

/** What the decoder must make of one whole message (the oracle, written from serial.txt, not from the decoder). */
function meaning(message: readonly number[]): MextEvent | null {
  const [header, a, b] = message as [number, number, number];
  if (header === MEXT_IN.keyDown || header === MEXT_IN.keyUp) return { type: 'key', x: a, y: b, down: header === MEXT_IN.keyDown };
  if (header === MEXT_IN.queryResponse) return { type: 'query', subsystem: a, count: b };
  if (header === MEXT_IN.size) return { type: 'size', columns: a, rows: b };
  if (header === MEXT_IN.id) {
    const raw = message.slice(1);
    const end = raw.indexOf(0);
    return { type: 'id', id: String.fromCharCode(...(end < 0 ? raw : raw.slice(0, end))) };
  }
  return null;
}

const HEADERS = [...INCOMING_PAYLOAD.keys()];
const messageOf = (header: number) =>
  fc.uint8Array({ minLength: INCOMING_PAYLOAD.get(header)!, maxLength: INCOMING_PAYLOAD.get(header)! }).map((payload) => [header, ...payload]);
const anyMessage = fc.constantFrom(...HEADERS).chain(messageOf);
const meaningsOf = (messages: readonly (readonly number[])[]) => messages.map(meaning).filter((event) => event !== null);

/** Splits bytes into reads at arbitrary places. */
const chunked = (bytes: readonly number[], cuts: readonly number[]) => {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((x, y) => x - y);
  return [...at, bytes.length].map((end, i) => bytes.slice(i === 0 ? 0 : at[i - 1], end));
};
const cuts = fc.array(fc.nat(), { maxLength: 12 });
/** A pause inside one message or between messages that is not a silence. */
const shortGap = fc.integer({ min: 0, max: PARTIAL_MESSAGE_TIMEOUT_MS - 1 });

describe('mext decoding: a cut-off message never puts the stream out of step', () => {
  it('the reported case: 21 0F, half a second of silence, then three Approve presses on a 128 all land', () => {
    const { feed, wait, events, decoder } = steppedDecoder();
    feed([0x21, 0x0f]);
    wait(500);
    for (let press = 0; press < 3; press += 1) {
      feed([0x21, 0x0f, 0x00]);
      wait(80);
      feed([0x20, 0x0f, 0x00]);
      wait(300);
    }
    expect(events.filter((event) => event.type === 'key' && event.down)).toEqual(new Array(3).fill({ type: 'key', x: 15, y: 0, down: true }));
    expect(events).toHaveLength(6);
    expect(decoder.truncated).toBe(1);
  });

  it('keeps a message split across reads that come close together (an FTDI part flushes every 16 ms)', () => {
    const { feed, wait, events, decoder } = steppedDecoder();
    feed([0x21, 0x0f]);
    wait(16);
    feed([0x07]);
    expect(events).toEqual([{ type: 'key', x: 15, y: 7, down: true }]);
    expect(decoder.truncated).toBe(0);
  });

  // Every message type, cut after every one of its bytes but the last.
  const truncations = HEADERS.flatMap((header) =>
    Array.from({ length: INCOMING_PAYLOAD.get(header)! }, (_, kept) => ({ name: `0x${header.toString(16).padStart(2, '0')}`, header, kept: kept + 1 })),
  );

  it.each(truncations)('$name cut after $kept byte(s): what came before, and everything after a silence, decode exactly', ({ header, kept }) => {
    fc.assert(
      fc.property(
        fc.array(anyMessage, { maxLength: 4 }),
        messageOf(header),
        fc.array(anyMessage, { minLength: 1, maxLength: 6 }),
        cuts,
        shortGap,
        fc.integer({ min: PARTIAL_MESSAGE_TIMEOUT_MS, max: 5_000 }),
        (before, cutOff, after, readCuts, gap, silence) => {
          const { feed, wait, events } = steppedDecoder();
          feed([...before.flat(), ...cutOff.slice(0, kept)]);
          expect(events).toEqual(meaningsOf(before));
          wait(silence);
          for (const read of chunked(after.flat(), readCuts)) {
            feed(read);
            wait(gap);
          }
          expect(events).toEqual([...meaningsOf(before), ...meaningsOf(after)]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('whatever garbage came before, the messages after a silence decode exactly', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(anyMessage, { minLength: 1, maxLength: 6 }), cuts, shortGap, (garbage, after, readCuts, gap) => {
        const { feed, wait, events } = steppedDecoder();
        feed([...garbage]);
        const fromGarbage = events.length;
        wait(PARTIAL_MESSAGE_TIMEOUT_MS);
        for (const read of chunked(after.flat(), readCuts)) {
          feed(read);
          wait(gap);
        }
        expect(events.slice(fromGarbage)).toEqual(meaningsOf(after));
      }),
      { numRuns: 300 },
    );
  });

  it('whole messages read in any pieces, with pauses short of a silence, lose nothing', () => {
    fc.assert(
      fc.property(fc.array(anyMessage, { maxLength: 12 }), cuts, shortGap, (messages, readCuts, gap) => {
        const { feed, wait, events, decoder } = steppedDecoder();
        for (const read of chunked(messages.flat(), readCuts)) {
          feed(read);
          wait(gap);
        }
        expect(events).toEqual(meaningsOf(messages));
        expect([decoder.truncated, decoder.skipped]).toEqual([0, 0]);
      }),
      { numRuns: 300 },
    );
  });
});
