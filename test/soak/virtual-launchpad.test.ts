import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { VIRTUAL_PORT, VirtualLaunchpad } from '../../bench/soak/virtual-launchpad.js';
import { describeMidiBackendContract, describeMidiOutputContract } from '../hardware-mocks/midi-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'pl-vlp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The soak's Launchpad with a plain file for presses (the soak uses a FIFO) and a trace file for its lights. */
function launchpad() {
  const presses = join(dir, `presses-${Math.random().toString(36).slice(2)}`);
  writeFileSync(presses, '');
  const device = new VirtualLaunchpad(presses, join(dir, `trace-${Math.random().toString(36).slice(2)}`), () => undefined);
  return device;
}

describeMidiOutputContract('the soak VirtualLaunchpad output', () => launchpad().openOutput(VIRTUAL_PORT));
describeMidiBackendContract('the soak VirtualLaunchpad', () => {
  const backend = launchpad();
  return { backend, port: VIRTUAL_PORT, unplug: () => backend.unplug(), plugIn: () => backend.plugIn() };
});
