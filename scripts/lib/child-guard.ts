import type { ChildProcess } from 'node:child_process';

/**
 * A child process that must not outlive the benchmark or test that started it: if this process
 * exits first (an uncaught error, Ctrl-C after cleanup), the child is killed.
 */
export interface GuardedChild {
  /** Resolves once the child has exited, whoever stopped it. */
  readonly exited: Promise<void>;
}

export function guardChild(child: ChildProcess): GuardedChild {
  const orphan = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', orphan);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphan);
      resolve();
    }),
  );
  return { exited };
}
