#!/usr/bin/env node
/** The `pad-lattice` program: the SIGUSR1 guard first, then the CLI (see debugger-guard.ts). */
import '../support/debugger-guard.js';

const [{ runCli, CLI_PROGRAM }, { runProgram }] = await Promise.all([import('./main.js'), import('../support/entry-point.js')]);
runProgram(runCli, CLI_PROGRAM);
