import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../client/daemon-harness.js';
import { approvalView, autoSelection, lightState, mockHub, profile } from './helpers.js';

const LAUNCHPAD = 'Launchpad:Launchpad MIDI 1 20:0';
/** The original Launchpad over low-speed USB: 400 messages a second, a small input buffer, the rest lost. */
const ORIGINAL_LAUNCHPAD_RATE = { messagesPerSecond: 400, buffer: 8, now: () => performance.now() };

/** The original Launchpad's profile (made supported so auto-detection opens it), drawing one approval frame. */
async function launchpadHub(options: { paced: boolean; deviceDrops: boolean }) {
  const mk1 = profile('novation/launchpad/mk1', (doc) => {
    doc['status'] = 'supported';
    if (!options.paced) delete doc['max_messages_per_second'];
  });
  const { hub, backend } = mockHub(autoSelection(mk1));
  backend.plug(LAUNCHPAD);
  if (options.deviceDrops) backend.limitRate(LAUNCHPAD, ORIGINAL_LAUNCHPAD_RATE);
  hub.initialize();
  await hub.idle();
  hub.render(approvalView());
  return { hub, device: backend.openedOutputs[0]! };
}

describe('a device with max_messages_per_second in its profile', () => {
  // What the startup and the first frame send to a device that takes everything, and what it then shows.
  let expected: { messages: number; lights: Map<string, number>; first: string | undefined };
  beforeAll(async () => {
    const reference = await launchpadHub({ paced: false, deviceDrops: false });
    expected = { messages: reference.device.sent.length, lights: lightState(reference.device.sent), first: reference.device.sentHex()[0] };
    reference.hub.close();
  });

  it('shows the whole first frame, paced, losing nothing (the original Launchpad, 400 a second)', async () => {
    const { hub, device } = await launchpadHub({ paced: true, deviceDrops: true });
    expect(expected.messages).toBeGreaterThan(40);
    expect(device.sent.length).toBeLessThan(expected.messages / 4); // the rest waits its turn
    const sorted = (lights: Map<string, number>) => JSON.stringify([...lights].sort());
    const shows = () => sorted(lightState(device.sent)) === sorted(expected.lights);
    expect(await eventually(shows)).toBe(true);
    expect(device.sentHex()[0]).toBe(expected.first); // the reset goes first
    expect(device.dropped).toBe(0);
    hub.close();
  });

  it('without the field the same device loses most of it', async () => {
    const { hub, device } = await launchpadHub({ paced: false, deviceDrops: true });
    expect(device.dropped).toBeGreaterThan(expected.messages / 2);
    hub.close();
  });
});
