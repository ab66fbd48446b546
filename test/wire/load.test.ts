import { describe, expect, it } from 'vitest';
import { startTestDaemon } from '../daemon/helpers/test-daemon.js';
import { schemaErrors } from '../daemon/helpers/schema.js';
import type { WireClient } from '../daemon/helpers/wire-client.js';
import { makeRandom } from './fuzz-helpers.js';

const CLIENTS = 200;
const UPDATES = 500;
const BATCH = 50;
const STATES = ['running', 'waiting_for_reply', 'user_typing', 'waiting_for_approval', 'success', 'error', 'cancelled'];

/** Sends UPDATES state lines with reply:true in pipelined batches and checks each ack in order. */
async function drive(client: WireClient, id: number, seed: number): Promise<string> {
  const random = makeRandom(seed);
  const sessionId = `client-${id}`;
  let last = '';
  for (let sent = 0; sent < UPDATES; sent += BATCH) {
    const states = Array.from({ length: BATCH }, () => STATES[random.int(STATES.length)]!);
    client.write(
      states.map((state) => `{"protocol":1,"type":"state","state":"${state}","agent":{"backend":"load","session_id":"${sessionId}"},"reply":true}\n`).join(''),
    );
    for (const state of states) {
      const ack = JSON.parse(await client.nextLine(15_000)) as Record<string, unknown>;
      if (ack['type'] !== 'state_ack' || ack['session_id'] !== sessionId || ack['state'] !== state) {
        throw new Error(`client ${id}: expected state_ack ${state}, got ${JSON.stringify(ack)}`);
      }
    }
    last = states.at(-1)!;
  }
  return last;
}

describe('socket load', () => {
  it(`${CLIENTS} concurrent clients × ${UPDATES} acknowledged state updates; status matches each last update`, async () => {
    // A long terminal hold keeps terminal states from reverting while the test runs.
    const daemon = await startTestDaemon({ terminalHold: 3600 });
    try {
      const clients = await Promise.all(Array.from({ length: CLIENTS }, () => daemon.connect()));
      const lastStates = await Promise.all(clients.map((client, id) => drive(client, id, 1000 + id)));
      const status = await daemon.request({ protocol: 1, type: 'status' });
      expect(schemaErrors(status)).toBeNull();
      const sessions = status['sessions'] as Record<string, unknown>[];
      expect(sessions).toHaveLength(CLIENTS);
      const byId = new Map(sessions.map((s) => [s['session_id'], s['state']]));
      expect(clients.map((_, id) => byId.get(`client-${id}`))).toEqual(lastStates);
      expect(status['overflow_count']).toBe(CLIENTS - 4);
    } finally {
      await daemon.stop();
    }
  }, 60_000);
});
