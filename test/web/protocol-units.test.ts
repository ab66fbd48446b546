import { describe, expect, it } from 'vitest';
import { roundHalfEven } from '../../src/web/auth/credential-authority.js';
import { classifyPeer } from '../../src/web/auth/peer-address.js';
import { decodeClientMessage } from '../../src/web/protocol/client-message.js';
import { sanitizeLabel } from '../../src/web/protocol/labels.js';
import { encodeServerMessage, toAsciiJson } from '../../src/web/protocol/wire-json.js';

const decode = (text: string) => decodeClientMessage(Buffer.from(text, 'utf8'));

describe('web-surface-protocol-1.md §9 and §10.3 details', () => {
  it('decodes in the normative order: protocol before type, missing before unknown, sorted by code point', () => {
    expect(decode('{"type":"nonsense"}')).toMatchObject({ error: { code: 'unsupported_protocol' } });
    expect(decode('{"protocol":1.5,"type":"action","action":"stop"}')).toMatchObject({ error: { code: 'unsupported_protocol' } });
    expect(decode('{"protocol":true,"type":"stop_experience"}')).toMatchObject({ error: { code: 'unsupported_protocol' } });
    expect(decode('{"protocol":1,"type":"select_session","z":1}')).toMatchObject({ error: { text: 'missing field: slot' } });
    expect(decode('{"protocol":1,"type":"stop_experience","\u{1F600}":1,"\uffff":1}')).toMatchObject({ error: { text: 'unknown field: \uffff' } });
    expect(decode('{"protocol":1,"type":"stop_experience","b":1,"B":1}')).toMatchObject({ error: { text: 'unknown field: B' } });
    expect(decode('NaN')).toMatchObject({ error: { code: 'invalid_json' } });
    expect(decode('"text"')).toMatchObject({ error: { code: 'invalid_message', text: 'message must be a JSON object' } });
  });

  it('bounds credentials at 256 code points and treats null as none', () => {
    const astral = '\u{1F511}'.repeat(256);
    expect(decode(JSON.stringify({ protocol: 1, type: 'authenticate', credential: astral }))).toEqual({
      ok: true,
      command: { type: 'authenticate', credential: astral },
    });
    expect(decode(JSON.stringify({ protocol: 1, type: 'authenticate', credential: `${astral}x` }))).toMatchObject({
      error: { text: 'credential must be a non-empty string' },
    });
    expect(decode('{"protocol":1,"type":"authenticate","credential":""}')).toMatchObject({ error: { code: 'invalid_message' } });
    expect(decode('{"protocol":1,"type":"authenticate","credential":7}')).toMatchObject({ error: { code: 'invalid_message' } });
    expect(decode('{"protocol":1,"type":"authenticate","credential":null}')).toEqual({ ok: true, command: { type: 'authenticate', credential: null } });
  });

  it('checks the size after UTF-8 validity', () => {
    const big = Buffer.from(`{"protocol":1,"type":"stop_experience"}${' '.repeat(16_400)}`);
    expect(decodeClientMessage(big)).toMatchObject({ error: { code: 'frame_too_large' } });
    expect(decodeClientMessage(Buffer.concat([big, Buffer.from([0xff])]))).toMatchObject({ error: { code: 'invalid_encoding' } });
  });

  it('sanitises labels with the Python whitespace set and code-point truncation', () => {
    expect(sanitizeLabel('\u001fa\u0085b\u3000c\u2028', 0)).toBe('a b c');
    expect(sanitizeLabel('\ufeff', 2)).toBe('\ufeff');
    expect(sanitizeLabel('', 7)).toBe('Session 8');
    const cut = sanitizeLabel(`${'x'.repeat(79)} tail`, 0);
    expect(cut).toBe(`${'x'.repeat(79)} `);
  });

  it('emits compact ASCII JSON with lower-case escapes and refuses more than 16384 bytes', () => {
    expect(toAsciiJson({ label: 'é\u{1F600}\n' })).toBe('{"label":"\\u00e9\\ud83d\\ude00\\n"}');
    const filler = 'x'.repeat(16_384 - '{"type":"error","error":""}'.length);
    expect(encodeServerMessage({ type: 'error', error: filler } as { type: string })).toHaveLength(16_384);
    expect(encodeServerMessage({ type: 'error', error: `${filler}x` } as { type: string })).toBeNull();
  });

  it('classifies loopback peers, including IPv4-mapped forms, and treats the unparseable as remote', () => {
    expect(classifyPeer('127.0.0.1')).toEqual({ ip: '127.0.0.1', loopback: true });
    expect(classifyPeer('127.8.9.10').loopback).toBe(true);
    expect(classifyPeer('::ffff:127.0.0.1')).toEqual({ ip: '127.0.0.1', loopback: true });
    expect(classifyPeer('::1').loopback).toBe(true);
    expect(classifyPeer('::ffff:192.168.1.2')).toEqual({ ip: '192.168.1.2', loopback: false });
    expect(classifyPeer('fe80::1').loopback).toBe(false);
    expect(classifyPeer('localhost').loopback).toBe(false);
    expect(classifyPeer(undefined).loopback).toBe(false);
  });

  it('rounds replayed lifetimes half to even, like the reference', () => {
    expect([0.5, 1.5, 2.5, 199.5, 200.4, 200.6, 299.999].map(roundHalfEven)).toEqual([0, 2, 2, 200, 200, 201, 300]);
  });
});
