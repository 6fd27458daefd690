// The cold case of `bench:analysis`: one fresh `c4 solve --analyze` process per position, as when
// someone opens a shared link, so nothing is warm (no table, no book in memory, no helpers).
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface ProcessRun {
  /** Wall time from spawn to exit. */
  readonly ms: number;
  readonly stdout: string;
  readonly code: number | null;
}

/** Runs `node args...` with `input` on stdin; killed (code null) after `timeoutMs`. */
export function runNode(
  args: readonly string[],
  input: string,
  timeoutMs: number,
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - start, stdout, code });
    });
    child.stdin.end(input);
  });
}

/** The median wall time of a bare Node process: what every fresh process pays before our code. */
export async function nodeStartMs(rounds: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push((await runNode(['-e', ''], '', 10_000)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor((times.length - 1) / 2)]!;
}

/**
 * The scores one `c4 solve --analyze` line printed for `moves` (non-empty; `x` for a full
 * column), or undefined when the process printed none or left a column as a bound.
 */
export function exactScores(stdout: string, moves: string): string[] | undefined {
  const line = stdout.split('\n').find((l) => l.startsWith(`${moves} `));
  const scores = line?.trim().split(' ').slice(1);
  return scores?.every((s) => s === 'x' || /^-?\d+$/.test(s)) ? scores : undefined;
}
