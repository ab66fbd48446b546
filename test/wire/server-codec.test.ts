import { describe, expect, it } from 'vitest';
import {
  MAX_MESSAGE_BYTES,
  decodeServerLine,
  encodeNotification,
  encodeReply,
  encodeServerMessage,
  type ServerMessage,
  type SessionReport,
} from '../../src/wire/index.js';
import { schemaErrors } from '../daemon/helpers/schema.js';

const session: SessionReport = {
  identity: { backend: 'codex', sessionId: 's1' },
  state: 'waiting_for_reply',
  slot: 0,
  accent: 'cyan',
  selected: true,
  leased: true,
  label: 'docs',
};

/** One of each server message, with the exact line the reference would emit (wire-protocol-1.md §7). */
const GOLDEN: [ServerMessage, string][] = [
  [
    { type: 'state_ack', session: { ...session, leased: false, label: 's1' } },
    '{"protocol":1,"type":"state_ack","backend":"codex","session_id":"s1","state":"waiting_for_reply","slot":0,"scene":1,"accent":"cyan","selected":true,"leased":false,"label":"s1"}',
  ],
  [
    { type: 'state_ack', session: { ...session, slot: null, accent: null, selected: false } },
    '{"protocol":1,"type":"state_ack","backend":"codex","session_id":"s1","state":"waiting_for_reply","slot":null,"scene":null,"accent":null,"selected":false,"leased":true,"label":"docs"}',
  ],
  [{ type: 'session_lease_ack', leaseId: 'lease-1', session: null }, '{"protocol":1,"type":"session_lease_ack","lease_id":"lease-1"}'],
  [
    { type: 'session_lease_bound', leaseId: 'lease-1', session },
    '{"protocol":1,"type":"session_lease_bound","lease_id":"lease-1","session":{"protocol":1,"type":"state_ack","backend":"codex","session_id":"s1","state":"waiting_for_reply","slot":0,"scene":1,"accent":"cyan","selected":true,"leased":true,"label":"docs"}}',
  ],
  [
    { type: 'action', action: 'approve', agent: { backend: 'codex', sessionId: 's1' }, requestId: 'r1' },
    '{"protocol":1,"type":"action","action":"approve","agent":{"backend":"codex","session_id":"s1"},"request_id":"r1"}',
  ],
  [
    { type: 'action', action: 'stop', agent: { backend: 'codex', sessionId: 's1' }, requestId: null },
    '{"protocol":1,"type":"action","action":"stop","agent":{"backend":"codex","session_id":"s1"}}',
  ],
  [{ type: 'pong' }, '{"protocol":1,"type":"pong"}'],
  [{ type: 'preview_ack', previewId: 'p1', state: 'success' }, '{"protocol":1,"type":"preview_ack","preview_id":"p1","state":"success"}'],
  [{ type: 'preview_end_ack', previewId: 'p1' }, '{"protocol":1,"type":"preview_end_ack","preview_id":"p1"}'],
  [
    { type: 'error', code: 'unknown_message_type', message: 'unknown message type: example' },
    '{"protocol":1,"type":"error","code":"unknown_message_type","error":"unknown message type: example"}',
  ],
  [
    {
      type: 'status',
      status: {
        profile: 'virtual/browser',
        visualProtocol: 1,
        input: 'Browser controls',
        output: 'Browser display',
        surfaces: [{ kind: 'web', profile: 'virtual/browser', visualProtocol: 1, input: 'Browser controls', output: 'Browser display' }],
        selected: { backend: 'codex', sessionId: 's1' },
        overflowCount: 0,
        activityMotion: false,
        audioFeedback: false,
        experience: null,
        previewActive: false,
        sessionTtl: 86_400,
        sessions: [{ ...session, leased: false, label: 'pad-lattice', metadata: { cwd: '/home/dev/pad-lattice' } }],
      },
    },
    '{"protocol":1,"type":"status","profile":"virtual/browser","visual_protocol":1,"input":"Browser controls","output":"Browser display","surfaces":[{"kind":"web","profile":"virtual/browser","visual_protocol":1,"input":"Browser controls","output":"Browser display"}],"selected":{"backend":"codex","session_id":"s1"},"overflow_count":0,"activity_motion":false,"audio_feedback":false,"experience":null,"preview_active":false,"session_ttl":86400,"sessions":[{"backend":"codex","session_id":"s1","state":"waiting_for_reply","slot":0,"accent":"cyan","selected":true,"leased":false,"label":"pad-lattice","metadata":{"cwd":"/home/dev/pad-lattice"}}]}',
  ],
];

describe('server message encoding', () => {
  it.each(GOLDEN.map(([message, line]) => [message.type, message, line] as const))(
    '%s: reference byte order, valid under the schema, decodes back',
    (_type, message, line) => {
      const encoded = encodeServerMessage(message);
      expect(encoded).toBe(`${line}\n`);
      expect(schemaErrors(JSON.parse(line))).toBeNull();
      expect(decodeServerLine(Buffer.from(line))).toEqual({ ok: true, message });
    },
  );

  it('escapes DEL, non-ASCII and astral characters in lower-case \\u form; keeps short escapes', () => {
    const line = encodeServerMessage({ type: 'error', code: 'x', message: 'a\u007fé😀\n\t"\\\u0001\ud800' });
    expect(line).toBe('{"protocol":1,"type":"error","code":"x","error":"a\\u007f\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\u0001\\ud800"}\n');
  });

  it('replaces an oversize reply with frame_too_large and drops an oversize notification', () => {
    const huge = { ...session, identity: { backend: 'b', sessionId: 'é'.repeat(11_000) } };
    expect(encodeServerMessage({ type: 'state_ack', session: huge }).length).toBeGreaterThan(MAX_MESSAGE_BYTES + 1);
    expect(encodeReply({ type: 'state_ack', session: huge })).toBe(
      '{"protocol":1,"type":"error","code":"frame_too_large","error":"protocol message exceeds the size limit"}\n',
    );
    expect(encodeNotification({ type: 'session_lease_bound', leaseId: 'L', session: huge })).toBeNull();
    expect(encodeNotification({ type: 'pong' })).toBe('{"protocol":1,"type":"pong"}\n');
  });

  it('keeps a reply that is exactly at the cap', () => {
    const head = '{"protocol":1,"type":"error","code":"c","error":"';
    const text = 'x'.repeat(MAX_MESSAGE_BYTES - head.length - 2);
    const line = encodeReply({ type: 'error', code: 'c', message: text });
    expect(line.length).toBe(MAX_MESSAGE_BYTES + 1);
    expect(line).toContain('"error":"xx');
  });
});

describe('decodeServerLine', () => {
  const decode = (value: unknown) => decodeServerLine(Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));

  it('requires protocol 1 and a server type', () => {
    expect(decode({ type: 'pong' })).toMatchObject({ ok: false, error: { code: 'unsupported_protocol' } });
    expect(decode({ protocol: 1, type: 'ping' })).toMatchObject({ ok: false, error: { code: 'unknown_message_type' } });
    expect(decode('nope')).toMatchObject({ ok: false, error: { code: 'invalid_message', message: 'invalid JSON message' } });
  });

  it('rejects unknown members in action only, like the reference client', () => {
    expect(decode({ protocol: 1, type: 'action', action: 'stop', agent: { backend: 'a', session_id: 'b' }, extra: 1 })).toEqual({
      ok: false,
      error: { code: 'invalid_message', message: 'unknown field: extra' },
    });
    expect(decode({ protocol: 1, type: 'pong', extra: 1 })).toEqual({ ok: true, message: { type: 'pong' } });
  });

  it('names the bad member', () => {
    expect(decode({ protocol: 1, type: 'action', action: 'merge', agent: { backend: 'a', session_id: 'b' } })).toEqual({
      ok: false,
      error: { code: 'invalid_message', message: 'action.action must be a control action' },
    });
    expect(decode({ protocol: 1, type: 'preview_ack', preview_id: 'p', state: 'done' })).toEqual({
      ok: false,
      error: { code: 'invalid_message', message: 'preview_ack.state must be an agent state' },
    });
    expect(decode({ protocol: 1, type: 'session_lease_bound', lease_id: 'L', session: { type: 'state_ack' } })).toMatchObject({ ok: false });
  });

  it('gives an error without a usable code the client code daemon_error', () => {
    expect(decode({ protocol: 1, type: 'error', error: 'boom' })).toEqual({ ok: true, message: { type: 'error', code: 'daemon_error', message: 'boom' } });
  });

  it('accepts the reference float session_ttl', () => {
    const line = GOLDEN.find(([m]) => m.type === 'status')![1].replace('"session_ttl":86400', '"session_ttl":86400.0');
    const result = decode(line);
    expect(result.ok && result.message.type === 'status' && result.message.status.sessionTtl).toBe(86_400);
  });
});
