import { describe, expect, it } from 'vitest';
import { testDaemonPerTest } from '../daemon/helpers/test-daemon.js';
import { nextValidMessage } from '../daemon/helpers/schema.js';
import type { WireClient } from '../daemon/helpers/wire-client.js';

const PING = '{"protocol":1,"type":"ping"}';
const PONG = '{"protocol":1,"type":"pong"}';

const daemon = testDaemonPerTest();

/** The next line as an `error` message, checked against our published schema. */
async function nextError(client: WireClient): Promise<{ code: unknown; error: unknown }> {
  const message = await nextValidMessage(client);
  expect(message['type']).toBe('error');
  return { code: message['code'], error: message['error'] };
}

/** A ping padded with an unknown string member to exactly `length` bytes. */
function paddedPing(length: number): string {
  const head = '{"protocol":1,"type":"ping","pad":"';
  const tail = '"}';
  return head + 'x'.repeat(length - head.length - tail.length) + tail;
}

describe('wire-protocol-1.md §12', () => {
  it('scenario 1: ping is answered with exactly a pong line', async () => {
    const client = await daemon().connect();
    client.write(`${PING}\n`);
    expect(await client.nextLine()).toBe(PONG);
    client.write(`${PING}\n`);
    await client.nextLine();
    expect(client.receivedBytes).toBe(2 * (PONG.length + 1));
  });

  it('scenario 3: a missing protocol is unsupported_protocol and the connection stays open', async () => {
    const client = await daemon().connect();
    client.write('{"type":"ping"}\n');
    expect(await nextError(client)).toEqual({ code: 'unsupported_protocol', error: 'unsupported wire protocol None; expected 1' });
    client.write(`${PING}\n`);
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 4: protocol 2, "1", true and null are each unsupported_protocol', async () => {
    const client = await daemon().connect();
    const cases: [string, string][] = [
      ['2', 'unsupported wire protocol 2; expected 1'],
      ['"1"', "unsupported wire protocol '1'; expected 1"],
      ['true', 'unsupported wire protocol True; expected 1'],
      ['null', 'unsupported wire protocol None; expected 1'],
    ];
    for (const [value, text] of cases) {
      client.write(`{"protocol":${value},"type":"ping"}\n`);
      expect(await nextError(client)).toEqual({ code: 'unsupported_protocol', error: text });
    }
  });

  it('scenario 5: protocol 1.0 (and 1e0) is numerically 1', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1.0,"type":"ping"}\n{"protocol":1e0,"type":"ping"}\n');
    expect(await client.nextLine()).toBe(PONG);
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 6: text that is not JSON is invalid_message "invalid JSON message"', async () => {
    const client = await daemon().connect();
    client.write('not json\n');
    expect(await nextError(client)).toEqual({ code: 'invalid_message', error: 'invalid JSON message' });
  });

  it('scenario 7: invalid UTF-8 is invalid_message "invalid JSON message"', async () => {
    const client = await daemon().connect();
    client.write(Buffer.from([0xff, 0xfe, 0x0a]));
    expect(await nextError(client)).toEqual({ code: 'invalid_message', error: 'invalid JSON message' });
    // Overlong "/" and an encoded surrogate are invalid too.
    client.write(Buffer.from([0x7b, 0xc0, 0xaf, 0x7d, 0x0a]));
    expect((await nextError(client)).error).toBe('invalid JSON message');
    client.write(Buffer.concat([Buffer.from('{"protocol":1,"type":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}\n')]));
    expect((await nextError(client)).error).toBe('invalid JSON message');
  });

  it('scenario 8: a non-object is rejected before the protocol check', async () => {
    const client = await daemon().connect();
    client.write('[1]\n');
    expect(await nextError(client)).toEqual({ code: 'invalid_message', error: 'protocol message must be a JSON object' });
  });

  it('scenario 9: unknown, missing and server message types are unknown_message_type', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1,"type":"example"}\n{"protocol":1}\n{"protocol":1,"type":"state_ack"}\n');
    expect(await nextError(client)).toEqual({ code: 'unknown_message_type', error: 'unknown message type: example' });
    expect(await nextError(client)).toEqual({ code: 'unknown_message_type', error: 'unknown message type: None' });
    expect((await nextError(client)).code).toBe('unknown_message_type');
  });

  it('scenario 10: the alphabetically smallest unknown member is named', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1,"type":"status","zeta":1,"alpha":2}\n{"protocol":1,"type":"status","future":true}\n');
    expect(await nextError(client)).toEqual({ code: 'invalid_message', error: 'unknown field: alpha' });
    expect(await nextError(client)).toEqual({ code: 'invalid_message', error: 'unknown field: future' });
  });

  it('scenario 11: blank lines are skipped without a reply', async () => {
    const client = await daemon().connect();
    client.write('\n   \n\x0b\x0c\n');
    client.write(`${PING}\n`);
    expect(await client.nextLine()).toBe(PONG);
    expect(client.receivedBytes).toBe(PONG.length + 1);
  });

  it('scenario 12: a CRLF line ending is tolerated', async () => {
    const client = await daemon().connect();
    client.write(`${PING}\r\n`);
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 13: pipelined lines are answered in order, an error does not block the next line', async () => {
    const client = await daemon().connect();
    client.write(`${PING}\n${PING}\n`);
    expect(await client.nextLine()).toBe(PONG);
    expect(await client.nextLine()).toBe(PONG);
    client.write(`not json\n${PING}\n`);
    expect((await nextError(client)).code).toBe('invalid_message');
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 14: a frame split over two writes is answered once its LF arrives', async () => {
    const client = await daemon().connect();
    client.write('{"protocol":1,"type":"pi');
    // A full round trip on another connection gives the daemon every chance to (wrongly) answer early.
    expect((await daemon().request({ protocol: 1, type: 'ping' }))['type']).toBe('pong');
    expect(client.receivedBytes).toBe(0);
    client.write('ng"}\n');
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 15: an unterminated message at end-of-stream is ignored', async () => {
    const client = await daemon().connect();
    client.socket.end('{"protocol":1,"type":"state","state":"running","agent":{"backend":"a","session_id":"noterm"}}');
    await client.closed;
    const status = await daemon().request({ protocol: 1, type: 'status' });
    expect(status['sessions']).toEqual([]);
  });

  it('scenario 16: an unterminated frame over the cap gets frame_too_large and the connection closes', async () => {
    const client = await daemon().connect();
    client.write('x'.repeat(70_000));
    expect(await nextError(client)).toEqual({ code: 'frame_too_large', error: 'protocol message exceeds the size limit' });
    await client.closed;
    expect((await daemon().request({ protocol: 1, type: 'ping' }))['type']).toBe('pong');
  });

  it('scenario 17: a terminated oversize line in one write gets frame_too_large and the connection stays open', async () => {
    const client = await daemon().connect();
    const line = paddedPing(66_000);
    expect(line.length).toBe(66_000);
    client.write(`${line}\n${PING}\n`);
    expect(await nextError(client)).toEqual({ code: 'frame_too_large', error: 'protocol message exceeds the size limit' });
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 18: a 65536-byte line is accepted in size, 65537 bytes is too large', async () => {
    const client = await daemon().connect();
    client.write(`${paddedPing(65_536)}\n`);
    expect(await nextError(client)).toEqual({ code: 'invalid_message', error: 'unknown field: pad' });
    client.write(`${paddedPing(65_537)}\n`);
    expect((await nextError(client)).code).toBe('frame_too_large');
    client.write(`${PING}\n`);
    expect(await client.nextLine()).toBe(PONG);
  });

  it('scenario 39: errors never close the connection', async () => {
    const client = await daemon().connect();
    client.write(`${['not json', '[1]', '{"type":"ping"}', '{"protocol":1,"type":"nope"}', '{"protocol":1,"type":"ping","x":1}', PING].join('\n')}\n`);
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await nextError(client)).code);
    expect(codes).toEqual(['invalid_message', 'invalid_message', 'unsupported_protocol', 'unknown_message_type', 'invalid_message']);
    expect(await client.nextLine()).toBe(PONG);
  });
});
