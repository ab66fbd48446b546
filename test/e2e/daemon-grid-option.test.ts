import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDaemonCommand } from '../../src/cli/commands/daemon.js';
import { PadLatticeClient } from '../../src/client/index.js';
import { startDaemon, type DaemonHandle } from '../../src/daemon/daemon.js';
import { makeIdentity } from '../../src/domain/index.js';
import { FakeGridProcess } from '../hardware-mocks/fake-grid.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { eventually, tempFolder } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A daemon on a temp socket driving `--grid` (a real pty with the fake grid process behind it), and a client on it. */
async function gridDaemon() {
  const { dir, remove } = tempFolder('pl-dg-');
  cleanups.push(remove);
  const socket = join(dir, 'd.sock');
  const link = join(dir, 'grid');
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const touched = { hid: false };
  const command = makeDaemonCommand({
    start: startDaemon,
    waitForStop: async (handle: DaemonHandle) => {
      await stopped;
      await handle.close();
      return 'SIGTERM';
    },
    midiBackend: () => new MockMidiBackend(),
    hidBackend: () => {
      touched.hid = true;
      throw new Error('HID must not be used with --no-hid');
    },
  });
  const stderr: string[] = [];
  const io = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => stderr.push(text) },
    stdin: process.stdin,
    env: { HOME: dir, NO_COLOR: '1' },
  };
  const running = command.run(['--socket', socket, '--identity-store', join(dir, 'ids.json'), '--no-greeting', '--grid', link, '--no-hid'], io as never);
  cleanups.push(async () => {
    stop();
    await running;
  });
  const client = new PadLatticeClient({ socketPath: socket, timeoutMs: 5000 });
  await eventually(
    async () =>
      client.ping().then(
        () => true,
        () => false,
      ),
    'the daemon to answer',
  );
  const grid = await FakeGridProcess.start(link, join(dir, 'grid.ctl'));
  cleanups.push(() => grid.unplug());
  const agent = makeIdentity('cli', 'grid');
  await client.reportState('waiting_for_approval', { agent, reply: true });
  const subscription = await client.subscribeActions({ agent, actions: ['approve', 'reject'] });
  cleanups.push(() => subscription.close());
  await eventually(async () => (await grid.level(15, 0)) === 12, 'approve to light on the grid');
  return { client, grid, agent, subscription, link, stderr, touched };
}

describe('pad-lattice daemon --grid PATH --no-hid', () => {
  it('drives the grid at the named serial port (a real pty) and never looks for Stream Decks', async () => {
    const { client, grid, agent, subscription, link, stderr, touched } = await gridDaemon();
    const status = await client.status();
    expect(status.surfaces.map((surface) => [surface.kind, surface.profile])).toEqual([['serial', 'monome/grid/128']]);
    expect(stderr.join('')).toContain(`serial: monome grid at ${link} connected as monome/grid/128`);
    expect(touched.hid).toBe(false);
    // The inventory (status's open surfaces and loaded profiles) names the grid and the surface profiles.
    const inventory = await client.inventory();
    expect(inventory?.surfaces).toEqual([
      { kind: 'controller', transport: 'serial', profile: 'monome/grid/128', input: `${link} (m1000123)`, output: `${link} (m1000123)` },
    ]);
    expect(
      inventory?.profiles.filter((p) => p.id.startsWith('monome/') || p.id.startsWith('elgato/')).map((p) => [p.id, p.origin, p.opensAutomatically]),
    ).toEqual(
      expect.arrayContaining([
        ['monome/grid/128', 'built-in', true],
        ['elgato/stream-deck/mk-2', 'built-in', true],
      ]),
    );
    await grid.press(15, 0);
    expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
  });

  it('a key message cut off by the grid (21 0F), then half a second of silence: the three Approve presses after it all arrive', async () => {
    const { grid, agent, subscription } = await gridDaemon();
    await grid.send([0x21, 0x0f]);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the silence is the scenario, not a wait for a result
    for (let press = 0; press < 3; press += 1) {
      if (press > 0) await new Promise((resolve) => setTimeout(resolve, 300)); // a repeat within the 0.25 s action debounce is refused by design
      await grid.press(15, 0);
      expect(await subscription.receive(5000)).toEqual({ action: 'approve', agent, requestId: null });
    }
  });
});
