import { describe, expect, it } from 'vitest';
import { boundLabel, makeIdentity, MAX_LABEL_BYTES, MAX_LABEL_CODE_POINTS, MAX_METADATA_VALUE_BYTES } from '../../src/domain/index.js';
import { daemonsPerTest } from '../client/daemon-harness.js';
import { pl } from '../cli/run.js';
import { WireClient } from './helpers/wire-client.js';

/**
 * One agent must not deny `status` to everyone (issue #21.5): labels are cut
 * where they arrive, and a `status` reply always fits one frame — one byte
 * under 64 KiB with its LF, because the reference's Python client counts the
 * LF against its 64 KiB buffer.
 */
const MAX_LINE_WITH_LF = 65_536;
const daemons = daemonsPerTest();

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

async function rawStatusLine(socketPath: string): Promise<string> {
  const client = await WireClient.connect(socketPath);
  try {
    client.send({ protocol: 1, type: 'status' });
    return await client.nextLine();
  } finally {
    client.destroy();
  }
}

interface WireSession {
  readonly backend: string;
  readonly session_id: string;
  readonly slot: number | null;
  readonly label: string;
  readonly metadata: Record<string, string>;
}

describe('labels and the size of status', () => {
  it('cuts a label to 128 code points and 384 bytes, at a code point, with an ellipsis', () => {
    expect(boundLabel('a'.repeat(MAX_LABEL_CODE_POINTS))).toBe('a'.repeat(MAX_LABEL_CODE_POINTS));
    expect(boundLabel('a'.repeat(200))).toBe(`${'a'.repeat(127)}…`);
    expect(boundLabel('日'.repeat(128))).toBe('日'.repeat(128));
    expect(boundLabel('日'.repeat(129))).toBe(`${'日'.repeat(127)}…`);
    expect(boundLabel('🎛'.repeat(96))).toBe('🎛'.repeat(96));
    const emoji = boundLabel('🎛'.repeat(500));
    expect(emoji).toBe(`${'🎛'.repeat(95)}…`);
    for (const label of [emoji, boundLabel(`x${'é'.repeat(6_000)}`), boundLabel('a🎛'.repeat(300))]) {
      expect([...label].length).toBeLessThanOrEqual(MAX_LABEL_CODE_POINTS);
      expect(utf8(label)).toBeLessThanOrEqual(MAX_LABEL_BYTES);
      expect(label.endsWith('…')).toBe(true);
    }
  });

  it('a 6,000-character non-ASCII label is cut where it arrives, and status keeps working for everyone', async () => {
    const daemon = await daemons.real();
    const label = 'ü'.repeat(6_000);
    const ack = await daemon.client.reportState('running', { agent: makeIdentity('big', 'one'), metadata: { label }, reply: true });
    expect(ack?.label).toBe(`${'ü'.repeat(127)}…`);
    await daemon.client.reportState('waiting_for_approval', { agent: makeIdentity('other', 'two'), metadata: { label: 'reviewer' } });
    const line = await rawStatusLine(daemon.socketPath);
    expect(line.length + 1).toBeLessThanOrEqual(MAX_LINE_WITH_LF);
    const status = JSON.parse(line) as { type: string; sessions: WireSession[] };
    expect(status.type).toBe('status');
    expect(status.sessions.map((session) => [session.session_id, session.label, session.metadata['label']])).toEqual([
      ['one', `${'ü'.repeat(127)}…`, `${'ü'.repeat(127)}…`],
      ['two', 'reviewer', 'reviewer'],
    ]);
    const cli = await pl(['status', '--socket', daemon.socketPath]);
    expect(cli.code).toBe(0);
  });

  it('with 400 sessions status fits one frame: every visible session, the most recent overflow ones, the true overflow count', async () => {
    const daemon = await daemons.real();
    const total = 400;
    for (let i = 0; i < total; i += 1) {
      await daemon.client.reportState('running', {
        agent: makeIdentity('codex', `session-${String(i).padStart(4, '0')}`),
        metadata: { cwd: `/home/dev/project-${i}`, model: 'gpt-test' },
      });
    }
    const line = await rawStatusLine(daemon.socketPath);
    expect(line.length + 1).toBeLessThanOrEqual(MAX_LINE_WITH_LF);
    const status = JSON.parse(line) as { type: string; overflow_count: number; sessions: WireSession[] };
    expect(status.type).toBe('status');
    const visible = status.sessions.filter((session) => session.slot !== null);
    const overflow = status.sessions.filter((session) => session.slot === null);
    expect(visible).toHaveLength(4); // the recording surface has four Scenes
    expect(status.overflow_count).toBe(total - 4);
    expect(overflow.length).toBeGreaterThan(100);
    expect(overflow.length).toBeLessThan(status.overflow_count);
    // The kept overflow sessions are the most recently active ones, still listed least recent first.
    const ids = overflow.map((session) => session.session_id);
    const visibleIds = new Set(visible.map((session) => session.session_id));
    const allIds = Array.from({ length: total }, (_, i) => `session-${String(i).padStart(4, '0')}`);
    expect(ids.at(-1)).toBe(allIds.filter((id) => !visibleIds.has(id)).at(-1));
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);

    const cli = await pl(['status', '--socket', daemon.socketPath]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`${status.overflow_count - overflow.length} more overflow sessions are not listed`);
    const json = await pl(['status', '--json', '--socket', daemon.socketPath]);
    expect(json.code).toBe(0);
  }, 60_000);

  it('huge metadata values are cut when they arrive (a cwd keeps its end, which names the session) and never break status', async () => {
    const daemon = await daemons.real();
    for (let i = 0; i < 3; i += 1) {
      await daemon.client.reportState('running', {
        agent: makeIdentity('codex', `s${i}`),
        metadata: { cwd: `/${'d'.repeat(20_000)}/p${i}`, note: '✓'.repeat(6_000) },
      });
    }
    const line = await rawStatusLine(daemon.socketPath);
    expect(line.length + 1).toBeLessThanOrEqual(MAX_LINE_WITH_LF);
    const status = JSON.parse(line) as { sessions: WireSession[] };
    expect(status.sessions.map((session) => session.session_id)).toEqual(['s0', 's1', 's2']);
    for (const [index, session] of status.sessions.entries()) {
      expect(Buffer.byteLength(session.metadata['cwd']!)).toBeLessThanOrEqual(MAX_METADATA_VALUE_BYTES);
      expect(session.metadata['cwd']!).toMatch(new RegExp(`^…d+/p${index}$`));
      expect(session.metadata['note']).toBe(`${'✓'.repeat(340)}…`);
      expect(session.label).toBe(`p${index}`);
    }
  });
});
