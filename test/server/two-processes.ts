import { TEST_REDIS_URL, ServerProcess, uniqueName, type Backend } from './helpers.js';

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
