import { describe, expect, it } from 'vitest';
import {
  MAX_METADATA_BYTES,
  MAX_METADATA_KEY_BYTES,
  MAX_METADATA_KEYS,
  MAX_METADATA_VALUE_BYTES,
  METADATA_LEFT_OUT_KEY,
  REMOTE_HOST_METADATA_KEY,
} from '../../src/domain/index.js';
import { ControlPlane } from '../../src/daemon/control-plane/index.js';
import { DaemonRuntime } from '../../src/daemon/runtime/runtime.js';
import { hubOf } from '../helpers/hub.js';
import { MAX_MESSAGE_BYTES } from '../../src/wire/index.js';
import { FakeClock, RecordingOutbox, RecordingSurface } from './helpers/fakes.js';

/*
 * Session metadata has bounds, like labels: a value is cut (with `…`), and
 * keys beyond the per-session count or byte budget are left out, which the
 * session's metadata says under one reserved key. A red team once sent
 * 1,500 states, each adding one 60 KB key: the session kept all of them.
 */

function setup() {
  const outbox = new RecordingOutbox();
  const surface = new RecordingSurface(2);
  const plane = new ControlPlane({ selectorCapacity: 2, accentNames: surface.geometry.accentNames });
  const runtime = new DaemonRuntime({ plane, surfaces: hubOf([surface]), outbox, clock: new FakeClock().read });
  const line = (conn: number, message: Record<string, unknown>) => runtime.handleLine(conn, Buffer.from(JSON.stringify({ protocol: 1, ...message })));
  const metadata = (): Record<string, string> => ({ ...plane.sessions()[0]!.metadata });
  return { outbox, plane, runtime, line, metadata };
}

const bytes = (entries: Record<string, string>) =>
  Object.entries(entries).reduce((sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value), 0);
const AGENT = { backend: 'claude', session_id: 's1' };

describe('daemon: session metadata is bounded', () => {
  it('1,500 states that each add a 60 KB key leave a bounded session that says what was left out', () => {
    const { line, metadata } = setup();
    for (let index = 0; index < 1_500; index += 1) {
      line(1, { type: 'state', state: 'running', agent: { ...AGENT, [`k${index}`]: 'x'.repeat(60_000) } });
    }
    const kept = metadata();
    const { [METADATA_LEFT_OUT_KEY]: leftOut, ...agentKeys } = kept;
    expect(Object.keys(agentKeys)).toHaveLength(Math.min(MAX_METADATA_KEYS, Math.floor(MAX_METADATA_BYTES / (MAX_METADATA_VALUE_BYTES + 2))));
    expect(bytes(agentKeys)).toBeLessThanOrEqual(MAX_METADATA_BYTES);
    for (const value of Object.values(agentKeys)) {
      expect(Buffer.byteLength(value)).toBeLessThanOrEqual(MAX_METADATA_VALUE_BYTES);
      expect(value.endsWith('…')).toBe(true);
    }
    expect(leftOut).toMatch(/^1,49\d keys left out \(at most \d+ keys and \d+ bytes per session\)$/);
  });

  it('a key already kept is still updated at the bounds; an over-long key is left out', () => {
    const { line, metadata } = setup();
    const many = Object.fromEntries(Array.from({ length: MAX_METADATA_KEYS + 5 }, (_, index) => [`k${index}`, `v${index}`]));
    line(1, { type: 'state', state: 'running', agent: { ...AGENT, ...many } });
    line(1, { type: 'state', state: 'running', agent: { ...AGENT, k0: 'changed', ['z'.repeat(MAX_METADATA_KEY_BYTES + 1)]: 'v' } });
    const kept = metadata();
    expect(kept['k0']).toBe('changed');
    expect(kept[`k${MAX_METADATA_KEYS}`]).toBeUndefined();
    expect(kept[METADATA_LEFT_OUT_KEY]).toBe(`6 keys left out (at most ${MAX_METADATA_KEYS} keys and ${MAX_METADATA_BYTES} bytes per session)`);
  });

  it('label, cwd and the remote host are always kept, whatever else fills the budget', () => {
    const { line, metadata } = setup();
    const filler = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, 'y'.repeat(900)]));
    line(1, { type: 'state', state: 'running', agent: { ...AGENT, ...filler } });
    line(1, { type: 'state', state: 'running', agent: { ...AGENT, label: 'build', cwd: '/home/dev/app', [REMOTE_HOST_METADATA_KEY]: 'devbox' } });
    expect(metadata()).toMatchObject({ label: 'build', cwd: '/home/dev/app', [REMOTE_HOST_METADATA_KEY]: 'devbox' });
  });

  it('a status with a hundred sessions at the bounds still fits one frame', () => {
    const { line, outbox } = setup();
    const full = Object.fromEntries(Array.from({ length: MAX_METADATA_KEYS }, (_, index) => [`k${index}`, 'v'.repeat(400)]));
    for (let index = 0; index < 100; index += 1) line(1, { type: 'state', state: 'running', agent: { backend: 'b', session_id: `s${index}`, ...full } });
    line(2, { type: 'status' });
    const [reply] = outbox.lines.get(2) ?? [];
    expect(reply).toBeDefined();
    expect(Buffer.byteLength(reply!)).toBeLessThanOrEqual(MAX_MESSAGE_BYTES + 1);
  });
});
