import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/browser/**',
      'test/support/browser-skipped.test.ts',
      'test/slow/**',
      // Samples for `npm run test:quick` of what this run checks whole (all Pons lines).
      'test/**/*.sample.test.ts',
      'node_modules/**',
    ],
    testTimeout: 60_000,
    // Records suites skipped for want of a service or data set; prints them all at the end.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
