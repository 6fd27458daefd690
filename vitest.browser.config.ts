import { defineConfig } from 'vitest/config';
import { chromiumMissing } from './test/support/chromium.js';

/**
 * The browser suite (`npm run test:browser`): Playwright drives Debian's Chromium against the
 * real server. One fork, one file at a time, so two cores are not fought over; timeouts are
 * generous because a shared 2-core machine can be slow. Without Chromium no file is run and
 * one placeholder records the skip (or, with CI=true, fails): test/support/browser-skipped.test.ts.
 */
export default defineConfig({
  test: {
    include:
      chromiumMissing() === undefined
        ? ['test/browser/**/*.test.ts']
        : ['test/support/browser-skipped.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for an event on the page; its 1 s default was too short at load 16-18
    // (a 9x7 review's first verdict, a route change). A poll with its own timeout keeps it.
    expect: { poll: { timeout: 10_000 } },
  },
});
