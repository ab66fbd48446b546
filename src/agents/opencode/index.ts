/**
 * The opencode adapter: `pad-lattice opencode` starts the opencode TUI with
 * its HTTP server on a private loopback port and bridges that server's
 * sessions, permission requests and questions to the pad.
 */
export { runOpencodeLauncher, type OpencodeLauncherContext } from './launcher.js';
export { OpencodeBridge, OPENCODE_BACKEND, type BridgeOptions } from './bridge.js';
export { OpencodeServer } from './server.js';
export { parseOpencodeEvent, type OpencodeEvent } from './events.js';
