/**
 * Starts one game-server process for the server benchmarks: `node --import tsx
 * src/server/main.ts` on 127.0.0.1 with the per-connection and per-address limits raised (every
 * simulated player connects from loopback), and a probe that reports the process's event-loop
 * delay and busy share over IPC (scripts/bench/bench-server-probe.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { guardChild } from '../lib/child-guard.js';
import type { LoopReport } from './bench-server-probe.js';

export interface BenchServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Event-loop figures since the last call (or since start), reset by the call. */
  loop(): Promise<LoopReport>;
  stop(): Promise<void>;
}

const here = path.resolve(import.meta.dirname, '..', '..');
const probe = pathToFileURL(path.join(import.meta.dirname, 'bench-server-probe.ts')).href;

/**
 * `root`: the checkout whose server runs (another one, e.g. an unpacked earlier commit with
 * node_modules linked, compares two versions under one load generator).
 */
export async function startBenchServer(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
  root = here,
): Promise<BenchServer> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--import', probe, 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WS_RATE_PER_SECOND: '10000',
        WS_RATE_BURST: '10000',
        HTTP_CREATE_BURST: '1000000',
        // Every simulated player connects from 127.0.0.1.
        WS_MAX_PER_ADDRESS: '100000',
        // Thousands of clients connect at once on a loaded machine: a slow request is not an attack.
        HTTP_REQUEST_TIMEOUT_MS: '60000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"msg":"started","url":"(http:\/\/[^"]+\/)"/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => {
      reject(new Error(`server exited (${code})`));
    });
  });
  const { exited } = guardChild(child);
  return {
    url,
    child,
    loop: () =>
      new Promise<LoopReport>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error('the server did not answer the loop probe'));
        }, 60_000);
        child.once('message', (m) => {
          clearTimeout(timer);
          resolve(m as LoopReport);
        });
        child.send('loop');
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // Bounded: a server that does not stop in its grace time is killed.
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
