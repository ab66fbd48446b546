import { describe, expect, it } from 'vitest';
import { makeIdentity } from '../../src/domain/index.js';
import { encodeReply, MAX_MESSAGE_BYTES, type StatusReport, type StatusSessionReport } from '../../src/wire/index.js';

function session(index: number, slot: number | null, metadata: Record<string, string>): StatusSessionReport {
  return { identity: makeIdentity('b', `s${index}`), state: 'running', slot, accent: null, selected: false, leased: false, label: `s${index}`, metadata };
}

function status(sessions: StatusSessionReport[]): StatusReport {
  return {
    profile: 'headless',
    visualProtocol: 1,
    input: 'none',
    output: 'none',
    surfaces: [],
    selected: null,
    overflowCount: 0,
    activityMotion: false,
    audioFeedback: false,
    experience: null,
    previewActive: false,
    sessionTtl: 0,
    sessions,
  };
}

const listed = (line: string) => (JSON.parse(line) as { sessions: { session_id: string; metadata: Record<string, string> }[] }).sessions;

describe('status that does not fit one frame', () => {
  it('is the full reply when it fits, byte for byte what the plain encoding gives', () => {
    const line = encodeReply({ type: 'status', status: status([session(0, 0, { cwd: '/é' }), session(1, null, {})]) });
    expect(line).toBe(
      '{"protocol":1,"type":"status","profile":"headless","visual_protocol":1,"input":"none","output":"none","surfaces":[],"selected":null,"overflow_count":0,"activity_motion":false,"audio_feedback":false,"experience":null,"preview_active":false,"session_ttl":0,"sessions":[{"backend":"b","session_id":"s0","state":"running","slot":0,"accent":null,"selected":false,"leased":false,"label":"s0","metadata":{"cwd":"/\\u00e9"}},{"backend":"b","session_id":"s1","state":"running","slot":null,"accent":null,"selected":false,"leased":false,"label":"s1","metadata":{}}]}\n',
    );
  });

  it('keeps visible sessions first, then the most recent overflow ones, with values cut to 256 code points', () => {
    const long = { note: '😀'.repeat(300), exact: 'é'.repeat(256) };
    const sessions = [session(0, null, long), ...Array.from({ length: 30 }, (_, i) => session(i + 1, i < 2 ? i : null, long))];
    const line = encodeReply({ type: 'status', status: status(sessions) });
    expect(line.length).toBeLessThanOrEqual(MAX_MESSAGE_BYTES);
    const kept = listed(line);
    expect(kept.slice(0, 2).map((s) => s.session_id)).toEqual(['s1', 's2']);
    expect(kept.at(-1)!.session_id).toBe('s30');
    expect(kept.map((s) => s.session_id)).not.toContain('s0');
    expect([...kept[0]!.metadata['note']!]).toHaveLength(256);
    expect(kept[0]!.metadata['note']!.endsWith('…')).toBe(true);
    expect(kept[0]!.metadata['exact']).toBe(long.exact);
  });

  it('still lists a small session after larger ones that did not fit', () => {
    const big = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 'x'.repeat(256)]));
    const sessions = [session(0, null, {}), ...Array.from({ length: 6 }, (_, i) => session(i + 1, null, big))];
    expect(listed(encodeReply({ type: 'status', status: status(sessions) })).map((s) => s.session_id)).toContain('s0');
  });
});
