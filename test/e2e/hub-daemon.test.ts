import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PadLatticeClient, type ActionSubscription } from '../../src/client/index.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { addMidiGrids, fixedPorts, type DeviceSelection } from '../../src/midi-grid/index.js';
import { SurfaceHub } from '../../src/surfaces/index.js';
import { makeIdentity } from '../../src/domain/index.js';
import type { DeviceProfile } from '../../src/profiles/index.js';
import { MockMidiBackend, type MockMidiOutput } from '../hardware-mocks/mock-midi.js';
import {
  MINI_MIDI,
  PRO_MK1,
  PRO_STANDALONE,
  PRO_STANDALONE_2,
  autoSelection,
  lightState,
  profile,
  recordingLogger,
  supportedMini,
} from '../midi-grid/helpers.js';
import { eventually, tempFolder } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A daemon whose only surface is a hub over mock MIDI ports, scanning every 20 ms. */
async function daemonWithHub(selection: DeviceSelection, backend: MockMidiBackend) {
  const { dir, remove } = tempFolder('pl-hub-');
  cleanups.push(remove);
  const hubLog = recordingLogger();
  const hub = new SurfaceHub({ logger: hubLog });
  const midi = { selection, fixed: fixedPorts(selection), profiles: () => [] };
  addMidiGrids(hub, midi, { backend: () => backend, greeting: { text: null }, logger: hubLog, stdout: { write: () => true }, scanIntervalMs: 20 });
  const daemonLog = recordingLogger();
  const handle = await startDaemon({ socketPath: join(dir, 'd.sock'), surfaces: hub, logger: daemonLog, identityStorePath: null });
  cleanups.push(() => handle.close());
  const client = new PadLatticeClient({ socketPath: handle.socketPath, timeoutMs: 5000 });
  return { hub, handle, client, hubLog, daemonLog };
}

const outputs = (backend: MockMidiBackend, name: string) => backend.openedOutputs.filter((port) => port.name === name);
const inputs = (backend: MockMidiBackend, name: string) => backend.openedInputs.filter((port) => port.name === name);

async function subscribe(client: PadLatticeClient, agent = makeIdentity('e2e', 'one')): Promise<ActionSubscription> {
  await client.reportState('waiting_for_approval', { agent, reply: true });
  const subscription = await client.subscribeActions({ agent, actions: ['approve', 'reject'] });
  cleanups.push(() => subscription.close());
  return subscription;
}

/** With `profile`, its batched palette SysEx counts too (see lightState). */
const approveLit = (port: MockMidiOutput | undefined, profile?: DeviceProfile) => port !== undefined && lightState(port.sent, profile).get('cc:0:91') === 21;

describe('hot-plug through the daemon', () => {
  it('a controller vanishing mid-frame and returning: the daemon stays up, agents see nothing, the device is fully repainted', async () => {
    const backend = new MockMidiBackend().plug(PRO_STANDALONE).plug(PRO_STANDALONE_2);
    const { hub, client, hubLog, daemonLog } = await daemonWithHub(autoSelection(profile(PRO_MK1)), backend);
    const agent = makeIdentity('e2e', 'one');
    const subscription = await subscribe(client, agent);
    const witness = outputs(backend, PRO_STANDALONE_2)[0]!;
    await eventually(() => approveLit(witness), 'approve to light');

    // The next frame (a second session: its selector and status pad) is cut off after its
    // first message: the device is unplugged in the middle of it.
    const doomed = outputs(backend, PRO_STANDALONE)[0]!;
    const send = doomed.send.bind(doomed);
    const before = doomed.sent.length;
    let attempts = 0;
    doomed.send = (message) => {
      if ((attempts += 1) === 2) backend.unplug(PRO_STANDALONE);
      send(message);
    };
    await client.reportState('running', { agent: makeIdentity('e2e', 'two'), reply: true });
    await eventually(() => hub.descriptors.length === 1, 'the vanished controller to be dropped');
    expect(doomed.sent.length).toBe(before + 1);
    expect(hubLog.text()).toContain(`lost ${PRO_MK1} (input '${PRO_STANDALONE}'`);

    await client.ping();
    expect((await client.status()).surfaces.map((surface) => surface.input)).toEqual([PRO_STANDALONE_2]);

    backend.plug(PRO_STANDALONE);
    await eventually(() => outputs(backend, PRO_STANDALONE).length === 2 && hub.descriptors.length === 2, 'the controller to return');
    const returned = outputs(backend, PRO_STANDALONE)[1]!;
    expect(returned.sentHex().slice(0, 2)).toEqual(['F0 00 20 29 02 10 21 01 F7', 'F0 00 20 29 02 10 2C 03 F7']);
    expect(lightState(returned.sent)).toEqual(lightState(witness.sent));
    expect(approveLit(returned)).toBe(true);
    expect(lightState(returned.sent).get('note:0:78')).toBe(47); // slot 1's status pad: running summary

    // The agent saw nothing of it: the next thing it receives is the next press, on the returned device.
    inputs(backend, PRO_STANDALONE)[1]!.injectHex('B0 5B 7F');
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
    expect(daemonLog.lines.filter((line) => line.startsWith('error'))).toEqual([]);
  });
});

describe('two controllers with different profiles', () => {
  it('render the same view, and a press on either routes exactly once', async () => {
    const backend = new MockMidiBackend().plug(PRO_STANDALONE).plug(MINI_MIDI);
    const miniProfile = supportedMini();
    const { client } = await daemonWithHub(autoSelection(profile(PRO_MK1), miniProfile), backend);
    const agent = makeIdentity('e2e', 'one');
    const subscription = await subscribe(client, agent);
    const pro = outputs(backend, PRO_STANDALONE)[0]!;
    const mini = outputs(backend, MINI_MIDI)[0]!;
    await eventually(() => approveLit(pro) && approveLit(mini, miniProfile), 'approve to light on both');
    expect(mini.sentHex()[0]).toBe('F0 00 20 29 02 0D 0E 01 F7');
    // The Mini MK3 gets its frames as batched palette SysEx, the Pro Mk1 one message per light: the same lights.
    expect(lightState(mini.sent, miniProfile)).toEqual(lightState(pro.sent));
    const status = await client.status();
    expect(status.profile).toBe(`${PRO_MK1}+novation/launchpad/mini-mk3`);
    expect(status.surfaces.map((surface) => surface.kind)).toEqual(['midi', 'midi']);

    inputs(backend, MINI_MIDI)[0]!.injectHex('B0 5B 7F');
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
    inputs(backend, PRO_STANDALONE)[0]!.injectHex('B0 5C 7F');
    // The next action is the Pro's reject: the Mini's approve was delivered once, not twice.
    expect(await subscription.receive(5000)).toEqual({ action: 'reject', agent, requestId: null });
    const more = await subscription.receive(300).then(
      (event) => event,
      (error: unknown) => error,
    );
    expect(more).not.toHaveProperty('action');
  });
});
