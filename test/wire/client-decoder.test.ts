import { describe, expect, it } from 'vitest';
import { decodeClientLine, encodeClientMessage, type ClientMessage } from '../../src/wire/index.js';
import { compareCodePoints } from '../../src/wire/fields.js';
import { pythonRepr } from '../../src/wire/python-repr.js';

const decode = (text: string | Buffer) => decodeClientLine(typeof text === 'string' ? Buffer.from(text) : text);
const json = (value: unknown) => decode(JSON.stringify(value));
const errorText = (value: unknown) => {
  const result = json(value);
  return result.ok ? null : result.error.message;
};

describe('decodeClientLine', () => {
  it('decodes a full state message into typed values with defaults applied', () => {
    expect(
      json({ protocol: 1, type: 'state', state: 'running', agent: { backend: 'codex', session_id: 's', cwd: '/x', model: 'm' }, lease_id: 'L', reply: true }),
    ).toEqual({
      ok: true,
      message: { type: 'state', state: 'running', agent: { backend: 'codex', sessionId: 's' }, metadata: { cwd: '/x', model: 'm' }, leaseId: 'L', reply: true },
    });
    expect(json({ protocol: 1, type: 'state', state: 'error', agent: null, lease_id: null, reply: null })).toEqual({
      ok: true,
      message: { type: 'state', state: 'error', agent: { backend: 'local', sessionId: 'default' }, metadata: {}, leaseId: null, reply: false },
    });
  });

  it('collapses duplicate actions into canonical order', () => {
    const result = json({ protocol: 1, type: 'subscribe_actions', actions: ['retry', 'stop', 'retry', 'approve'] });
    expect(result.ok && result.message).toEqual({
      type: 'subscribe_actions',
      agent: { backend: 'local', sessionId: 'default' },
      actions: ['approve', 'stop', 'retry'],
      requestId: null,
      oneShot: false,
    });
  });

  it('session_lease without agent means no identity; extra agent members are ignored there', () => {
    expect(json({ protocol: 1, type: 'session_lease', lease_id: 'L' })).toEqual({
      ok: true,
      message: { type: 'session_lease', leaseId: 'L', agent: null, metadata: {} },
    });
    const withAgent = json({
      protocol: 1,
      type: 'session_lease',
      lease_id: 'L',
      agent: { backend: 'b', session_id: 's', x: 5 },
      metadata: { backend: 'meta' },
    });
    expect(withAgent.ok && withAgent.message).toEqual({
      type: 'session_lease',
      leaseId: 'L',
      agent: { backend: 'b', sessionId: 's' },
      metadata: { backend: 'meta' },
    });
  });

  it('follows the validation order of each message type', () => {
    // state: agent → state → agent metadata → lease_id → reply
    expect(errorText({ protocol: 1, type: 'state', state: 'bogus', agent: { backend: 'b', session_id: '' } })).toBe(
      'agent.session_id must be a non-empty string',
    );
    expect(errorText({ protocol: 1, type: 'state', state: 'bogus', agent: { backend: 'b', session_id: 's', m: 1 } })).toBe('unknown state: bogus');
    expect(errorText({ protocol: 1, type: 'state', state: 'running', agent: { backend: 'b', session_id: 's', m: 1 }, lease_id: 3 })).toBe(
      'agent metadata values must be non-empty strings',
    );
    expect(errorText({ protocol: 1, type: 'state', state: 'running', lease_id: 3, reply: 3 })).toBe('lease_id must be a non-empty string');
    // subscribe: agent → actions → request_id → one_shot
    expect(errorText({ protocol: 1, type: 'subscribe_actions', agent: 1, actions: 2 })).toBe('agent must be a JSON object');
    expect(errorText({ protocol: 1, type: 'subscribe_actions', actions: ['x'], request_id: 1 })).toBe('actions contains an unknown control action');
    expect(errorText({ protocol: 1, type: 'subscribe_actions', actions: ['stop'], request_id: '', one_shot: 1 })).toBe('request_id must be a non-empty string');
    // session_lease: lease_id → agent → metadata
    expect(errorText({ protocol: 1, type: 'session_lease', agent: 1 })).toBe('lease_id must be a non-empty string');
    expect(errorText({ protocol: 1, type: 'session_lease', lease_id: 'L', agent: 1, metadata: 1 })).toBe('agent must be a JSON object');
    expect(errorText({ protocol: 1, type: 'session_lease', lease_id: 'L', metadata: { '': 'x' } })).toBe('metadata keys must be non-empty strings');
    // preview: preview_id → state → ttl
    expect(errorText({ protocol: 1, type: 'preview', state: 'x', ttl: 0 })).toBe('preview_id must be a non-empty string');
    expect(errorText({ protocol: 1, type: 'preview', preview_id: 'p', state: 'x', ttl: 0 })).toBe('unknown state: x');
    // unknown members are checked first of all
    expect(errorText({ protocol: 1, type: 'preview', bogus: 1 })).toBe('unknown field: bogus');
  });

  it('names the code-point-smallest unknown member', () => {
    expect(errorText({ protocol: 1, type: 'ping', '\u{1F600}': 1, '\uFFFF': 2 })).toBe('unknown field: \uFFFF');
    expect(compareCodePoints('\u{1F600}', '\uFFFF')).toBeGreaterThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('b', 'abc')).toBeGreaterThan(0);
  });

  it('treats booleans and strings as wrong protocol values, and renders them like Python', () => {
    expect(errorText({ protocol: false, type: 'ping' })).toBe('unsupported wire protocol False; expected 1');
    expect(errorText({ protocol: 1.5, type: 'ping' })).toBe('unsupported wire protocol 1.5; expected 1');
    expect(errorText({ protocol: "it's", type: 'ping' })).toBe('unsupported wire protocol "it\'s"; expected 1');
    expect(errorText({ protocol: 1, type: 7 })).toBe('unknown message type: 7');
    expect(errorText({ protocol: 1, type: true })).toBe('unknown message type: True');
    expect(errorText({ protocol: 1, type: 'state', state: null })).toBe('unknown state: None');
  });

  it('renders nested values without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(pythonRepr(deep)).toMatch(/^\[\[.*\.\.\..*\]\]$/);
    expect(pythonRepr({ a: [1, 'x', null] })).toBe("{'a': [1, 'x', None]}");
    const line = `{"protocol":1,"type":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const result = decode(line);
    expect(result.ok ? null : result.error.message).toMatch(/^unknown message type: \[\[/);
  });

  it('rejects a byte-order mark, NaN and Infinity as invalid JSON', () => {
    for (const text of [
      '\uFEFF{"protocol":1,"type":"ping"}',
      '{"protocol":NaN,"type":"ping"}',
      '{"protocol":1,"type":"preview","preview_id":"p","state":"error","ttl":Infinity}',
    ]) {
      expect(decode(text)).toEqual({ ok: false, error: { code: 'invalid_message', message: 'invalid JSON message' } });
    }
  });

  it('keeps the last of duplicate keys and leaves __proto__ as ordinary metadata', () => {
    expect(decode('{"protocol":1,"type":"status","type":"ping"}')).toEqual({ ok: true, message: { type: 'ping' } });
    const result = decode('{"protocol":1,"type":"state","state":"running","agent":{"backend":"b","session_id":"s","__proto__":"x"}}');
    expect(result.ok).toBe(true);
    if (result.ok && result.message.type === 'state') {
      expect(Object.keys(result.message.metadata)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(result.message.metadata)).toBe(Object.prototype);
    }
  });

  it('accepts lone surrogate escapes in identities', () => {
    const result = decode('{"protocol":1,"type":"session_end","agent":{"backend":"\\udc00","session_id":"s"}}');
    expect(result.ok && result.message).toEqual({ type: 'session_end', agent: { backend: '\udc00', sessionId: 's' } });
  });

  it('round-trips every client message through encodeClientMessage', () => {
    const messages: ClientMessage[] = [
      { type: 'state', state: 'user_typing', agent: { backend: 'é', sessionId: '😀' }, metadata: { label: 'x' }, leaseId: 'L', reply: true },
      { type: 'session_end', agent: { backend: 'a', sessionId: 'b' } },
      { type: 'status' },
      { type: 'ping' },
      { type: 'subscribe_actions', agent: { backend: 'a', sessionId: 'b' }, actions: ['approve', 'reject'], requestId: 'r', oneShot: true },
      { type: 'session_lease', leaseId: 'L', agent: null, metadata: { cwd: '/x' } },
      { type: 'preview', previewId: 'p', state: 'cancelled', ttl: 1.7 },
      { type: 'preview_end', previewId: 'p' },
    ];
    for (const message of messages) {
      const line = encodeClientMessage(message);
      expect(line.endsWith('\n')).toBe(true);
      expect(decode(line.slice(0, -1))).toEqual({ ok: true, message });
    }
  });
});
