import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Socket and process tests spawn real daemons; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // where most test time is spent waiting on spawned daemons, sockets and Chromium.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default', './test/helpers/closing-line-reporter.ts'],
  },
});
