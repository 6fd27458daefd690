import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/browser/**',
      'test/support/browser-skipped.test.ts',
      'test/slow/**',
      'node_modules/**',
    ],
    testTimeout: 60_000,
    // Records suites skipped for want of a service or data set; prints them all at the end.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
