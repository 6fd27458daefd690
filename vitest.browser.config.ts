import { defineConfig } from 'vitest/config';

/**
 * The browser suite (`npm run test:browser`): Playwright drives Debian's Chromium against the
 * real server. One fork, one file at a time, so two cores are not fought over; timeouts are
 * generous because a shared 2-core machine can be slow.
 */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
