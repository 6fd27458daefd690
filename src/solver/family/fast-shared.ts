// The PopOut search's table shared by several threads (the threads build of
// src/solver/assembly/family, protocol in its shared.ts): the classic solver's way
// (src/solver/shared.ts), for the fast search's yes/no questions. Spawning threads is the shells'
// business (Node worker_threads in src/cli): they post the `PopOutSharedTable` to each helper,
// which calls `runPopOutHelper`; thread 0 is a `FastPopOut` made with it.
import { C4Error, ErrorCode } from '../../core/index.js';
import { MAX_SHARED_THREADS, sharedTablesSupported } from '../shared.js';
import { checkWhole, lazyModule } from '../wasm.js';
import { WASM_BASE64 } from './wasm-popout-shared-binary.generated.js';

/** A shared memory, its compiled threads build and its board: cloneable (postMessage as is). */
export interface PopOutSharedTable {
  /** A shared WebAssembly.Memory. */
  readonly memory: object;
  /** The compiled threads build (a WebAssembly.Module), so helpers need not compile it. */
  readonly module: object;
  readonly width: number;
  readonly height: number;
  readonly tableBits: number;
  readonly threads: number;
}

/** The threads build's exports (thread 0 uses the plain build's too: popout.ts). */
export interface PopOutSharedExports {
  sharedBytes(threads: number, bits: number): number;
  initShared(threads: number, bits: number, width: number, height: number): number;
  attach(index: number): number;
  setParallel(nodes: number, plies: number, minDepth: number): void;
  helperLoop(): void;
  helperNodes(): number;
  resetHelperNodes(): void;
  settleHelpers(): void;
  quitHelpers(): void;
}

interface WasmGlobal {
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}
const wasm = (): WasmGlobal => (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;
const sharedMemory = (pages: number): object =>
  new (wasm().Memory)({ initial: pages, maximum: pages, shared: true });

const popOutSharedModule = lazyModule(WASM_BASE64);

/** An instance of the threads build on `table`'s memory, not attached to a thread yet. */
export function instantiatePopOutShared(
  module: object,
  memory: object,
  shouldStop: () => boolean = () => false,
): unknown {
  return new (wasm().Instance)(module, {
    env: { memory, shouldStop: () => (shouldStop() ? 1 : 0) },
  }).exports;
}

/**
 * A fresh PopOut table of 2^tableBits entries (16 bytes each) for `threads` threads (thread 0
 * included) on a width x height board. Throws a RangeError for sizes out of range and a C4Error
 * (SolverUnsupported) where memory cannot be shared.
 */
export function createPopOutSharedTable(options: {
  width: number;
  height: number;
  tableBits: number;
  threads: number;
}): PopOutSharedTable {
  const { width, height, tableBits, threads } = options;
  checkWhole('tableBits', tableBits, 10, 27);
  checkWhole('threads', threads, 1, MAX_SHARED_THREADS);
  if (!sharedTablesSupported()) {
    throw new C4Error(
      ErrorCode.SolverUnsupported,
      'this environment cannot share memory between threads (no SharedArrayBuffer)',
    );
  }
  const module = popOutSharedModule();
  // The module owns the layout: ask a throwaway instance how much memory it needs.
  const sizing = instantiatePopOutShared(module, sharedMemory(1)) as PopOutSharedExports;
  const pages = Math.ceil(sizing.sharedBytes(threads, tableBits) / 65536);
  const memory = sharedMemory(pages);
  const engine = instantiatePopOutShared(module, memory) as PopOutSharedExports;
  if (engine.initShared(threads, tableBits, width, height) !== 1) {
    throw new RangeError(`could not lay out a ${width}x${height} PopOut table for ${threads}`);
  }
  return { memory, module, width, height, tableBits, threads };
}

/**
 * Helper thread `index` (1..threads-1) of `table`: waits for thread 0's questions and joins
 * them, until `releasePopOutHelpers`. Blocks its thread (Atomics.wait): call it in a worker.
 */
export function runPopOutHelper(table: PopOutSharedTable, index: number): void {
  if (index < 1) throw new RangeError('thread 0 is the FastPopOut, not a helper');
  const engine = instantiatePopOutShared(table.module, table.memory) as PopOutSharedExports;
  if (!Number.isInteger(index) || engine.attach(index) !== 1) {
    throw new RangeError(`thread ${index} is not one of the table's ${table.threads}`);
  }
  engine.helperLoop();
}

/** Ends every `runPopOutHelper` of `table` (after the question in progress, if any). */
export function releasePopOutHelpers(table: PopOutSharedTable): void {
  // An instance that attaches to no thread: attaching would rewrite thread 0's scratch.
  (instantiatePopOutShared(table.module, table.memory) as PopOutSharedExports).quitHelpers();
}
