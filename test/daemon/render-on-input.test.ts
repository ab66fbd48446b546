import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from './helpers/wire-client.js';
import { startTestDaemon, type TestDaemon } from './helpers/test-daemon.js';

let daemon: TestDaemon | null = null;
afterEach(async () => {
  await daemon?.stop();
  daemon = null;
});

describe('runtime loop wakes on socket input', () => {
  it('renders after a state message without waiting for the poll tick', async () => {
    // With an hour-long tick, any render after the first can only come from the input wake-up.
    daemon = await startTestDaemon({ pollInterval: 3600 });
    expect(daemon.surface.views).toHaveLength(1);
    const client = await daemon.connect();
    client.send({ protocol: 1, type: 'state', agent: { backend: 'codex', session_id: 'wake' }, state: 'running' });
    await eventually(() => daemon!.surface.views.length === 2, 5000, 'a render caused by the message');
    expect(daemon.surface.lastView?.selectedState).toBe('running');
  });
});
