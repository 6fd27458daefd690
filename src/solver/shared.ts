// One transposition table shared by several threads: the memory, its layout and the helper
// threads' loop. Spawning threads is the shells' business (Node worker_threads in src/cli, web
// workers in the browser): they post the `SharedTable` to each helper, which calls `runHelper`.
import { C4Error, ErrorCode } from '../core/index.js';
import { WASM_BASE64 as SHARED_WASM_BASE64 } from './wasm-shared-binary.generated.js';
import { WASM_BASE64 as WIDE_SHARED_WASM_BASE64 } from './wasm-wide-shared-binary.generated.js';
import { checkWhole, instantiateSharedEngine, lazyModule, type SharedWasmEngine } from './wasm.js';

/**
 * A table and the threads that search it, all in one shared WebAssembly.Memory. A plain object
 * of cloneable parts: post it to a worker (postMessage, workerData) as is. Thread 0 is the
 * `Solver` made with `{ shared: table }`; threads 1..threads-1 are helpers (`runHelper`).
 */
export interface SharedTable {
  /** A shared WebAssembly.Memory (its buffer is a SharedArrayBuffer). */
  readonly memory: object;
  /** The compiled threads build (a WebAssembly.Module), so helpers need not compile it. */
  readonly module: object;
  readonly tableBits: number;
  readonly threads: number;
  /**
   * The wide build's table (192-bit keys, boards past 64 bits; src/solver/assembly/wide): its
   * entries are twice the size, so it holds 2^(tableBits - 1) of them, the same bytes.
   */
  readonly wide: boolean;
}

export const MAX_SHARED_THREADS = 64;
/** 2^27 entries of 16 bytes = 2 GiB: a 32-bit memory holds no more beside the threads' parts. */
export const MAX_SHARED_TABLE_BITS = 27;

interface MemoryGlobal {
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => object;
}
const wasmMemory = (): MemoryGlobal['Memory'] =>
  (globalThis as unknown as { WebAssembly: MemoryGlobal }).WebAssembly.Memory;

const sharedMemory = (pages: number): object =>
  new (wasmMemory())({ initial: pages, maximum: pages, shared: true });

/**
 * True where a shared memory can be made: Node, and browsers in a cross-origin isolated page
 * (elsewhere SharedArrayBuffer is withheld; use one thread and the plain `Solver` there).
 */
export function sharedTablesSupported(): boolean {
  if (typeof SharedArrayBuffer !== 'function') return false;
  try {
    sharedMemory(1);
    return true;
  } catch {
    return false;
  }
}

const sharedModule = lazyModule(SHARED_WASM_BASE64);
const wideSharedModule = lazyModule(WIDE_SHARED_WASM_BASE64);

/**
 * A fresh table of 2^tableBits entries for `threads` threads (thread 0 included); with `wide`,
 * the wide build's, for boards past 64 bits (2^(tableBits - 1) entries of twice the size).
 * Throws a RangeError for sizes out of range and a C4Error (SolverUnsupported) where memory
 * cannot be shared.
 */
export function createSharedTable(options: {
  tableBits: number;
  threads: number;
  wide?: boolean;
}): SharedTable {
  const { tableBits, threads } = options;
  const wide = options.wide ?? false;
  checkWhole('tableBits', tableBits, wide ? 11 : 10, MAX_SHARED_TABLE_BITS);
  checkWhole('threads', threads, 1, MAX_SHARED_THREADS);
  if (!sharedTablesSupported()) {
    throw new C4Error(
      ErrorCode.SolverUnsupported,
      'this environment cannot share memory between threads (no SharedArrayBuffer: a browser ' +
        'page must be cross-origin isolated)',
    );
  }
  const module = wide ? wideSharedModule() : sharedModule();
  const entryBits = wide ? tableBits - 1 : tableBits;
  // The module owns the layout: ask a throwaway instance how much memory it needs.
  const sizing = instantiateSharedEngine(module, sharedMemory(1), () => false);
  const pages = Math.ceil(sizing.sharedBytes(threads, entryBits) / 65536);
  const memory = sharedMemory(pages);
  const engine = instantiateSharedEngine(module, memory, () => false);
  if (engine.initShared(threads, entryBits) !== 1) {
    throw new RangeError(`could not lay out 2^${entryBits} entries for ${threads} threads`);
  }
  return { memory, module, tableBits, threads, wide };
}

/** An engine instance that is thread `index` of `table` (its own scratch, the shared table). */
export function engineForThread(
  table: SharedTable,
  index: number,
  shouldStop: () => boolean = () => false,
): SharedWasmEngine {
  const engine = instantiateSharedEngine(table.module, table.memory, shouldStop);
  if (!Number.isInteger(index) || engine.attach(index) !== 1) {
    throw new RangeError(`thread ${index} is not one of the table's ${table.threads}`);
  }
  return engine;
}

/**
 * Helper thread `index` (1..threads-1) of `table`: waits for thread 0's searches and joins
 * them, until `releaseHelpers`. Blocks its thread throughout (Atomics.wait), so call it in a
 * worker, never on a browser's main thread.
 */
export function runHelper(table: SharedTable, index: number): void {
  if (index < 1) throw new RangeError('thread 0 is the Solver, not a helper');
  const engine = engineForThread(table, index);
  engine.warmUp();
  engine.helperLoop();
}

/** Ends every `runHelper` of `table` (after the search in progress, if any). */
export function releaseHelpers(table: SharedTable): void {
  // An instance that attaches to no thread: attaching would rewrite thread 0's scratch.
  instantiateSharedEngine(table.module, table.memory, () => false).quitHelpers();
}
