import { defineConfig } from 'vitest/config';

/**
 * `npm run test:quick`: the inner loop, under a minute on the shared 2-core machine. Pure
 * modules only (no type-check, lint, server processes, databases or browser): the rules engine,
 * a sample of the solver's known answers, the wire protocol, the game reducer, ratings and
 * names, and the web app's pure parts. `npm test` runs everything, this included.
 */
export default defineConfig({
  test: {
    include: [
      'test/core/**/*.test.ts',
      'test/solver/api.test.ts',
      'test/solver/book.test.ts',
      'test/solver/wasm-current.test.ts',
      'test/solver/pons.sample.test.ts',
      'test/ai/board.test.ts',
      'test/rating/**/*.test.ts',
      'test/players/**/*.test.ts',
      'test/protocol/**/*.test.ts',
      'test/server/game/reducer.test.ts',
      'test/server/game/deadlines.test.ts',
      'test/server/http/client-address.test.ts',
      'test/web/local-parts.test.ts',
      'test/web/persist-share.test.ts',
      'test/web/sw.test.ts',
      'test/web/online-client.test.ts',
    ],
    testTimeout: 60_000,
    // The same skip bookkeeping as the full run: a missing data set is said, never passed quietly.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
