import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFilesFirst from './test/helpers/long-files-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every test file runs with a temporary HOME, XDG folders and socket: none touches the user's.
    setupFiles: ['./test/helpers/hermetic-env.ts'],
    // Socket and process tests spawn real daemons; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Files share their worker process and its module cache instead of a fresh process per file:
    // starting 228 processes cost more than a minute of the run's 4½ on 2 cores. Tests undo what
    // they change (listeners, env, timers); nothing in the suite relies on a fresh module.
    isolate: false,
    // One worker more than the cores: most test time waits on spawned daemons, sockets, Chromium
    // and agent CLIs (2 workers kept 2 cores 57 % busy; 3 workers, 67 %; suite 214 s → 175 s).
    maxWorkers: availableParallelism() + 1,
    reporters: ['default', './test/helpers/closing-line-reporter.ts'],
    sequence: { sequencer: LongFilesFirst },
  },
});
