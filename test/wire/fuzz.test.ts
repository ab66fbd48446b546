import { describe, expect, it } from 'vitest';
import { actionPressed, experienceRequested, sessionSelected } from '../../src/domain/index.js';
import { startTestDaemon, type TestDaemon } from '../daemon/helpers/test-daemon.js';
import { schemaErrors } from '../daemon/helpers/schema.js';
import type { WireClient } from '../daemon/helpers/wire-client.js';
import { REPLY_OF, classify, deepNesting, makeRandom, mutate, noise, validMessage, type Random } from './fuzz-helpers.js';

const SEED = 0x5eed_2026;
const TOTAL_FRAMES = 10_000;
const LANES = 8;
const PING = Buffer.from('{"protocol":1,"type":"ping"}\n');
const UNSOLICITED = new Set(['action', 'session_lease_bound']);

const KINDS = [
  ['valid', 30],
  ['mutated', 30],
  ['noise', 8],
  ['deep', 3],
  ['huge-number', 3],
  ['lone-surrogate', 4],
  ['blank', 3],
  ['oversize-terminated', 2],
  ['oversize-unterminated', 1],
  ['disconnect-partial', 3],
  ['disconnect-unread', 3],
  ['split', 10],
] as const;
type Kind = (typeof KINDS)[number][0];

function pickKind(random: Random): Kind {
  const total = KINDS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.int(total);
  for (const [kind, weight] of KINDS) {
    if (roll < weight) return kind;
    roll -= weight;
  }
  return 'valid';
}

interface Stats {
  frames: number;
  lines: number;
  errors: Record<string, number>;
  unsolicited: number;
  reconnects: number;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Writes `bytes` in up to three pieces, yielding in between so the daemon may see partial lines. */
async function writeInPieces(client: WireClient, random: Random, bytes: Buffer): Promise<void> {
  const cuts = [random.int(bytes.length + 1), random.int(bytes.length + 1)].sort((a, b) => a - b);
  for (const [from, to] of [
    [0, cuts[0]!],
    [cuts[0]!, cuts[1]!],
    [cuts[1]!, bytes.length],
  ] as const) {
    if (to > from) client.write(bytes.subarray(from, to));
    await tick();
  }
}

/** Reads replies for one line plus the sync ping; unsolicited messages are validated and set aside. */
async function readReplies(client: WireClient, stats: Stats, lineIsPing: boolean): Promise<Record<string, unknown>[]> {
  const replies: Record<string, unknown>[] = [];
  for (;;) {
    const message = JSON.parse(await client.nextLine()) as Record<string, unknown>;
    expect(schemaErrors(message), JSON.stringify(message).slice(0, 300)).toBeNull();
    if (UNSOLICITED.has(message['type'] as string)) {
      stats.unsolicited += 1;
      continue;
    }
    replies.push(message);
    if (message['type'] === 'pong' && replies.length >= (lineIsPing ? 2 : 1)) return replies.slice(0, -1);
  }
}

/** Checks the replies to one complete line against the independent oracle. */
function checkReplies(line: Buffer, replies: Record<string, unknown>[], stats: Stats, sent?: Record<string, unknown>): void {
  stats.lines += 1;
  const verdict = classify(line);
  const context = line.subarray(0, 200).toString('latin1');
  for (const reply of replies) if (reply['type'] === 'error') stats.errors[reply['code'] as string] = (stats.errors[reply['code'] as string] ?? 0) + 1;
  if (verdict.kind === 'blank') {
    expect(replies, context).toEqual([]);
    return;
  }
  if (verdict.kind === 'error') {
    expect(
      replies.map((r) => [r['type'], r['code']]),
      context,
    ).toEqual([['error', verdict.code]]);
    return;
  }
  expect(replies.length, context).toBeLessThanOrEqual(1);
  const reply = replies[0];
  const expected = verdict.type === 'state' ? 'state_ack' : REPLY_OF[verdict.type];
  if (reply === undefined) {
    // Only messages without a mandatory reply may stay silent.
    expect(REPLY_OF[verdict.type], context).toBeNull();
    if (sent?.['type'] === 'state') expect(sent['reply'], context).not.toBe(true);
    return;
  }
  if (reply['type'] === 'error') {
    expect(['invalid_message', 'preview_conflict', 'preview_not_owned', 'frame_too_large'], context).toContain(reply['code']);
    if (sent !== undefined) expect(['preview_conflict', 'preview_not_owned'], context).toContain(reply['code']);
    return;
  }
  expect(reply['type'], context).toBe(expected);
  if (sent?.['type'] === 'state') {
    const agent = sent['agent'] as Record<string, unknown>;
    expect([reply['backend'], reply['session_id']]).toEqual([agent['backend'], agent['session_id']]);
  }
}

async function lane(daemon: TestDaemon, random: Random, frames: number, stats: Stats): Promise<void> {
  let client = await daemon.connect();
  const reconnect = async () => {
    client.destroy();
    client = await daemon.connect();
    stats.reconnects += 1;
  };
  for (let frame = 0; frame < frames; frame += 1) {
    stats.frames += 1;
    if (random.chance(0.02))
      daemon.surface.press(random.pick([actionPressed('stop'), actionPressed('approve'), sessionSelected(random.int(5)), experienceRequested('demo')]));
    const kind = pickKind(random);
    let line: Buffer;
    let sent: Record<string, unknown> | undefined;
    switch (kind) {
      case 'valid':
      case 'split':
        sent = validMessage(random);
        line = Buffer.from(JSON.stringify(sent));
        break;
      case 'mutated':
        line = mutate(random, Buffer.from(JSON.stringify(validMessage(random))));
        break;
      case 'noise':
        line = noise(random, 1 + random.int(300));
        break;
      case 'deep':
        line = deepNesting(1 + random.int(30_000));
        break;
      case 'huge-number':
        line = Buffer.from(
          `{"protocol":1,"type":"preview","preview_id":"p9","state":"error","ttl":${random.chance(0.5) ? `1${'0'.repeat(400)}` : '7'.repeat(4301 + random.int(3000))}}`,
        );
        break;
      case 'lone-surrogate':
        line = Buffer.from(
          `{"protocol":1,"type":"state","state":"running","agent":{"backend":"\\ud8${random.int(10)}0","session_id":"\\udc00x${random.int(5)}"},"reply":true}`,
        );
        break;
      case 'blank':
        line = Buffer.from(random.pick([' ', '\t\r', '\x0b\x0c', '']));
        break;
      case 'oversize-terminated':
        line = Buffer.from(`{"protocol":1,"type":"ping","pad":"${'x'.repeat(66_000 + random.int(3000))}"}`);
        break;
      case 'oversize-unterminated': {
        client.write(noise(random, 70_000 + random.int(10_000)));
        const reply = JSON.parse(await client.nextLine()) as Record<string, unknown>;
        expect(reply).toMatchObject({ type: 'error', code: 'frame_too_large' });
        await client.closed;
        stats.lines += 1;
        await reconnect();
        continue;
      }
      case 'disconnect-partial':
        client.write(Buffer.from(JSON.stringify(validMessage(random))).subarray(0, 1 + random.int(20)));
        await reconnect();
        continue;
      case 'disconnect-unread':
        client.socket.pause();
        client.write('{"protocol":1,"type":"status"}\n');
        await tick();
        await reconnect();
        continue;
    }
    const bytes = Buffer.concat([line, Buffer.from('\n')]);
    if (kind === 'split' || kind === 'mutated') await writeInPieces(client, random, bytes);
    else client.write(bytes);
    client.write(PING);
    const verdict = classify(line);
    const replies = await readReplies(client, stats, verdict.kind === 'typed' && verdict.type === 'ping');
    checkReplies(line, replies, stats, sent);
  }
  client.destroy();
}

describe('socket fuzzing', () => {
  it(`survives ${TOTAL_FRAMES} random and mutated frames (seed ${SEED.toString(16)}) and answers every complete line`, async () => {
    const logged: string[] = [];
    const daemon = await startTestDaemon({
      actionDebounce: 0,
      logger: { info: () => undefined, warn: () => undefined, error: (message) => logged.push(message) },
    });
    try {
      const stats: Stats = { frames: 0, lines: 0, errors: {}, unsolicited: 0, reconnects: 0 };
      const master = makeRandom(SEED);
      const seeds = Array.from({ length: LANES }, () => master.int(2 ** 31));
      await Promise.all(seeds.map((seed) => lane(daemon, makeRandom(seed), TOTAL_FRAMES / LANES, stats)));
      expect(stats.frames).toBe(TOTAL_FRAMES);
      // The mix really exercised every error class.
      for (const code of ['invalid_message', 'unsupported_protocol', 'unknown_message_type', 'frame_too_large'])
        expect(stats.errors[code] ?? 0).toBeGreaterThan(0);
      expect(stats.reconnects).toBeGreaterThan(100);
      const client = await daemon.connect();
      client.write(PING);
      expect(await client.nextLine()).toBe('{"protocol":1,"type":"pong"}');
      const status = await client.request({ protocol: 1, type: 'status' });
      expect(schemaErrors(status)).toBeNull();
      expect(daemon.handle.runtime.plane.invariantViolations()).toEqual([]);
      expect(logged).toEqual([]);
    } finally {
      await daemon.stop();
    }
  }, 120_000);
});
