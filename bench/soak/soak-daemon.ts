/**
 * The daemon under soak: assembled by src/app as `pad-lattice daemon --web
 * --port 0 --no-open --json --no-greeting` assembles it, with the virtual
 * Launchpad as its MIDI backend. Started by run-soak.ts with an IPC channel:
 * the messages 'unplug' and 'plug-in' move the device, and MEASURE_RETAINED is
 * answered with the memory a full collection leaves.
 *
 * Usage: soak-daemon.js FIFO TRACE SOCKET IDENTITY_STORE
 */
import { servePadDaemon } from '../../src/app/serve-daemon.js';
import { startDaemon } from '../../src/daemon/daemon.js';
import { holdStopSignals, runUntilSignalled } from '../../src/daemon/shutdown-signals.js';
import { adminTokenPath } from '../../src/web/auth/admin-token-file.js';
import { lineLogger } from '../../src/support/log-lines.js';
import { MEASURE_RETAINED, measureRetainedHere } from './retained-memory.js';
import { VirtualLaunchpad } from './virtual-launchpad.js';

const [fifo, trace, socketPath, identityStorePath] = process.argv.slice(2);
if (fifo === undefined || trace === undefined || socketPath === undefined || identityStorePath === undefined) {
  throw new Error('usage: soak-daemon.js FIFO TRACE SOCKET IDENTITY_STORE');
}
const device = new VirtualLaunchpad(fifo, trace, (message) => process.stderr.write(`soak device: ${message}\n`));
process.on('message', (message) => {
  if (message === 'unplug') device.unplug();
  else if (message === 'plug-in') device.plugIn();
  else if (message === MEASURE_RETAINED) process.send?.(measureRetainedHere());
});
// The channel must not keep the process alive once the daemon has stopped.
process.channel?.unref();
const served = await servePadDaemon(
  {
    settings: { socketPath, identityStorePath, env: process.env, terminalHold: 2, sessionTtl: 86_400 },
    surfaces: {
      controllers: { midi: { greeting: { text: null } }, serial: { paths: [] }, hid: true },
      browserPad: { settings: { port: 0, open: false, lan: false }, tokenPath: adminTokenPath(identityStorePath), rotateToken: false },
      audioFeedback: false,
    },
    logger: lineLogger(process.stderr, 'daemon', true),
    env: process.env,
    output: process.stdout,
    json: true,
  },
  { start: startDaemon, waitForStop: runUntilSignalled, holdStopSignals, midiBackend: () => device },
);
process.exitCode = served ? 0 : 1;
