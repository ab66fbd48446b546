import { defineConfig } from 'vitest/config';

/**
 * The conformance suite (`npm run test:conformance`): our published contracts and
 * messages against the reference implementation's published artifacts, read
 * from PAD_LATTICE_CONFORMANCE_DIR (default ../shared/conformance). Kept out
 * of `npm test`, which must pass on a fresh clone with nothing beside it.
 */
export default defineConfig({
  test: {
    include: ['test-conformance/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', './test/helpers/closing-line-reporter.ts'],
  },
});
