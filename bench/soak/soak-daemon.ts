/**
 * The daemon under soak: `pad-lattice daemon` exactly as the CLI runs it,
 * with the virtual Launchpad as its MIDI backend. Started by run-soak.ts with
 * an IPC channel: the messages 'unplug' and 'plug-in' move the device, and
 * MEASURE_RETAINED is answered with the memory a full collection leaves.
 *
 * Usage: soak-daemon.js FIFO TRACE [daemon options…]
 */
import { makeDaemonCommand } from '../../src/cli/commands/daemon.js';
import { runCli } from '../../src/cli/main.js';
import { DEFAULT_DAEMON_DEPS } from '../../src/cli/serve-daemon.js';
import { MEASURE_RETAINED, measureRetainedHere } from './retained-memory.js';
import { VirtualLaunchpad } from './virtual-launchpad.js';

const [fifo, trace, ...daemonArgs] = process.argv.slice(2);
if (fifo === undefined || trace === undefined) throw new Error('usage: soak-daemon.js FIFO TRACE [daemon options…]');
const device = new VirtualLaunchpad(fifo, trace, (message) => process.stderr.write(`soak device: ${message}\n`));
process.on('message', (message) => {
  if (message === 'unplug') device.unplug();
  else if (message === 'plug-in') device.plugIn();
  else if (message === MEASURE_RETAINED) process.send?.(measureRetainedHere());
});
// The channel must not keep the process alive once the daemon has stopped.
process.channel?.unref();
const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
process.exitCode = await runCli(['daemon', ...daemonArgs], io, [makeDaemonCommand({ ...DEFAULT_DAEMON_DEPS, midiBackend: () => device })]);
