/*
 * Imported first, and alone, by each program's entry file, for its effect:
 * from the moment this module runs, SIGUSR1 cannot open Node's inspector.
 * Everything else loads after it (the entry files import the rest
 * dynamically), so the remaining window is Node's own start-up, before any
 * of our code runs (Node 20 has no flag to turn the signal off). An
 * inspector a signal opened in that window is closed here at once, unless
 * the command line asked for one.
 */
import { close, url } from 'node:inspector';
import { refuseDebuggerSignal } from './debugger-signal.js';

refuseDebuggerSignal();

const requested = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)].some((option) => /^--inspect(-brk|-wait)?(=|$)/.test(option));
if (!requested && url() !== undefined) {
  close();
  process.stderr.write('pad-lattice: closed a debugger that SIGUSR1 opened while the program was starting\n');
}
