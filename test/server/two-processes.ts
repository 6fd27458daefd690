import { afterAll, describe } from 'vitest';
import { requireOrSkip } from '../support/skips.js';
import {
  BACKEND_CASES,
  REDIS_MISSING,
  TEST_REDIS_URL,
  ServerProcess,
  uniqueName,
  type Backend,
} from './helpers.js';
import { ClientSet } from './lobby.js';

/**
 * Two server processes sharing one store (`backend`) and one Redis key prefix of their own, as
 * a deployment of two nodes would. Not started: `start()` each when the suite needs them.
 */
export interface TwoProcesses {
  readonly servers: readonly [ServerProcess, ServerProcess];
  /** Kills both processes (SIGKILL, as a crash would) and drops the store's data. */
  readonly stop: () => Promise<void>;
}

export function twoProcesses(
  backend: Backend,
  extraEnv: Record<string, string> = {},
): TwoProcesses {
  const env = {
    ...backend.env,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `${uniqueName('c4test')}:`,
    ...extraEnv,
  };
  const servers = [new ServerProcess(env), new ServerProcess(env)] as const;
  return {
    servers,
    stop: async () => {
      await Promise.all(servers.map((s) => s.kill('SIGKILL')));
      await backend.cleanup();
    },
  };
}

/** What the tests of a `describeTwoProcesses` suite read. */
export interface TwoProcessSuite {
  /** Not started: a test starts them (`start()` gives each one's URL). */
  readonly servers: TwoProcesses['servers'];
  /** The store both share. */
  readonly backend: Backend;
  /** Closed at the suite's end, before the processes are killed. */
  readonly clients: ClientSet;
}

/**
 * `describe.each(BACKEND_CASES)` for a suite on two processes sharing the store and Redis: where
 * Redis is missing it is skipped with its reason (a failure in CI), named by `title` and `file`.
 * After the suite its clients close, then both processes are killed and the store dropped; a
 * suite's own `afterAll` (registered in `body`) runs before that.
 */
export function describeTwoProcesses(
  title: string,
  file: string,
  extraEnv: Record<string, string>,
  body: (suite: TwoProcessSuite) => void,
): void {
  const redisReady = requireOrSkip(`${title} (test/server/${file})`, REDIS_MISSING);
  describe.runIf(redisReady).each(BACKEND_CASES)(`${title} (%s)`, (_name, make) => {
    const backend = make();
    const { servers, stop } = twoProcesses(backend, extraEnv);
    const clients = new ClientSet();
    afterAll(async () => {
      await clients.closeAll();
      await stop();
    });
    body({ servers, backend, clients });
  });
}
