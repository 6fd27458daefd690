// The experiments' own test run (outside `npm test`): `npx vitest run --config experiments/vitest.config.ts`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['experiments/**/*.test.ts'],
    testTimeout: 600_000,
  },
});
