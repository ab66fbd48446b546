#!/usr/bin/env node
/** The `pad-lattice-hook` program: the SIGUSR1 guard first, then the light hook entry (see debugger-guard.ts). */
import '../../support/debugger-guard.js';

const [{ runHookEntry, HOOK_PROGRAM }, { runProgram }] = await Promise.all([import('./hook-main.js'), import('../../support/entry-point.js')]);
runProgram(runHookEntry, HOOK_PROGRAM);
