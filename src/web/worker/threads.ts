/**
 * How many threads the search worker may use, and how big a table they share. Pure: the worker
 * passes in what its environment offers (src/web/worker/worker.ts).
 */
export interface ThreadsEnvironment {
  /** `self.crossOriginIsolated`: without it the browser withholds SharedArrayBuffer. */
  readonly isolated: boolean;
  /** `sharedTablesSupported()`: a shared WebAssembly.Memory can actually be made. */
  readonly sharedSupported: boolean;
  /** A worker can start workers of its own (nested workers; Safari before 15.5 cannot). */
  readonly nestedWorkers: boolean;
  /** `navigator.hardwareConcurrency` (logical cores; may be missing). */
  readonly cores: number | undefined;
  /** `navigator.deviceMemory` in GiB (Chromium only, rounded down to a power of two, max 8). */
  readonly memoryGiB?: number | undefined;
}

export interface ThreadPlan {
  /** 1: today's single worker with its own solvers; more: thread 0 plus helper workers. */
  readonly threads: number;
  /** The shared table's size, 2^tableBits entries of 16 bytes (unused with one thread). */
  readonly tableBits: number;
}

/**
 * At most 4 threads: more would still speed the shared search up, but every helper is a worker
 * with its own heap, half of a phone's "cores" are slow efficiency cores, and a page that takes
 * every core makes the rest of the machine (and its own UI) stutter during a long analysis.
 */
export const MAX_WEB_THREADS = 4;

/**
 * 2^21 entries (32 MiB), or 2^22 (64 MiB) where the browser reports at least 4 GiB: one table
 * serves both the analysis and Perfect, and a shared memory is reserved whole at once, so a
 * phone, or a browser that does not say, gets the smaller.
 */
const SMALL_TABLE_BITS = 21;
const LARGE_TABLE_BITS = 22;
const LARGE_TABLE_MIN_GIB = 4;

export function searchThreads(environment: ThreadsEnvironment): ThreadPlan {
  const { isolated, sharedSupported, nestedWorkers, cores, memoryGiB } = environment;
  const tableBits =
    memoryGiB !== undefined && memoryGiB >= LARGE_TABLE_MIN_GIB
      ? LARGE_TABLE_BITS
      : SMALL_TABLE_BITS;
  const usable = cores !== undefined && Number.isFinite(cores) ? Math.floor(cores) : 1;
  if (!isolated || !sharedSupported || !nestedWorkers || usable < 2) {
    return { threads: 1, tableBits };
  }
  return { threads: Math.min(usable, MAX_WEB_THREADS), tableBits };
}
