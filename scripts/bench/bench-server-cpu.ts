/**
 * CPU time of the services a paced benchmark leans on, read on this machine (Linux /proc and
 * Redis' INFO): the PostgreSQL backends serving the benchmarked servers (found by their
 * `application_name`, PGAPPNAME in the servers' environment) plus PostgreSQL's WAL writer,
 * checkpointer and background writer, and Redis. CPU time per move, unlike latency, hardly
 * moves with what else the machine runs: it says where the work is on a shared machine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process, ms; undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/**
 * Read and write system calls a process has made (`syscr` + `syscw` of /proc/<pid>/io; 0 when
 * unreadable). Unlike CPU time, a count does not grow when the machine is busy: every socket
 * read and write of a move is one, so it says how many a move costs on a shared machine too.
 */
export function processSyscalls(pid: number | 'self'): number {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string): number =>
      Number(new RegExp(`${name}: (\\d+)`).exec(io)?.[1] ?? 0);
    return field('syscr') + field('syscw');
  } catch {
    return 0;
  }
}

/** PostgreSQL's own helpers doing work for every write (WAL, checkpoints). */
function postgresHelpers(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (/^postgres: .*(walwriter|checkpointer|background writer)/.test(cmd)) pids.push(+entry);
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export interface CpuSample {
  /** ms of CPU by process id (PostgreSQL backends and helpers). */
  readonly postgres: ReadonlyMap<number, number>;
  /** Redis' user + system CPU, ms (the whole server: other users of it count too). */
  readonly redis: number;
  /** Read and write system calls by process id (PostgreSQL backends and helpers). */
  readonly postgresSyscalls: ReadonlyMap<number, number>;
  /** Redis' read and write system calls (the whole server, when it runs on this machine). */
  readonly redisSyscalls: number;
}

export async function sampleCpu(
  databaseUrl: string,
  appName: string,
  redisUrl: string | undefined,
): Promise<CpuSample> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
    [appName],
  );
  await client.end();
  const postgres = new Map<number, number>();
  const postgresSyscalls = new Map<number, number>();
  for (const pid of [...rows.map((r) => r.pid), ...postgresHelpers()]) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) postgres.set(pid, ms);
    postgresSyscalls.set(pid, processSyscalls(pid));
  }
  let redis = 0;
  let redisSyscalls = 0;
  if (redisUrl !== undefined) {
    const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await r.connect();
    const info = (await r.info('cpu')) + (await r.info('server'));
    r.disconnect();
    const field = (name: string): number =>
      Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
    redis = (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
    redisSyscalls = processSyscalls(field('process_id'));
  }
  return { postgres, redis, postgresSyscalls, redisSyscalls };
}

/** CPU ms spent between two samples (processes present in both). */
export function cpuBetween(
  a: CpuSample,
  b: CpuSample,
): { postgres: number; redis: number; postgresSyscalls: number; redisSyscalls: number } {
  const between = (x: ReadonlyMap<number, number>, y: ReadonlyMap<number, number>): number => {
    let total = 0;
    for (const [pid, value] of y) {
      const before = x.get(pid);
      if (before !== undefined) total += value - before;
    }
    return total;
  };
  return {
    postgres: between(a.postgres, b.postgres),
    redis: b.redis - a.redis,
    postgresSyscalls: between(a.postgresSyscalls, b.postgresSyscalls),
    redisSyscalls: b.redisSyscalls - a.redisSyscalls,
  };
}
