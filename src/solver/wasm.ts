import { decodeBase64 } from './base64.js';
import { WASM_BASE64 } from './wasm-binary.generated.js';
import { WASM_BASE64 as WIDE_WASM_BASE64 } from './wasm-wide-binary.generated.js';

/**
 * The functions exported by `src/solver/assembly/solver.ts` (see the modules it re-exports from
 * for their contracts).
 */
export interface WasmEngine {
  configure(width: number, height: number, connect: number): number;
  setTableBits(bits: number): number;
  newGeneration(): void;
  setUseEtc(on: number, minEmpty: number): void;
  resetPosition(): void;
  movesBuffer(): number;
  loadMoves(count: number): number;
  play(column: number): number;
  canPlay(column: number): number;
  isWinningMove(column: number): number;
  moveCount(): number;
  nodeCount(): number;
  resetNodes(): void;
  wasAborted(): number;
  lower(): number;
  upper(): number;
  setLimits(nodeLimit: number, askHost: number): void;
  solve(weak: number): number;
  /** The strong search, stopped once the score is known to be ≤ lo, ≥ hi or exact between. */
  solveWithin(lo: number, hi: number): number;
  readonly memory: { readonly buffer: ArrayBuffer };
}

/** The threads build's further exports (see "shared table" in the AssemblyScript source). */
export interface SharedWasmEngine extends WasmEngine {
  sharedBytes(threads: number, bits: number): number;
  initShared(threads: number, bits: number): number;
  attach(index: number): number;
  threadCount(): number;
  setParallel(nodes: number, markMinEmpty: number, markPlies: number): void;
  threadNodes(index: number): number;
  resetThreadNodes(): void;
  settleHelpers(): void;
  warmUp(): void;
  helperLoop(): void;
  quitHelpers(): void;
}

/** Bytes at `movesBuffer()`: longer move lists are played one call per move. */
export const MOVES_CAPACITY = 256;

/** `play` result for a move that wins; 0 is a quiet move, 1 a column out of range or full. */
export const PLAY_WINS = 3;

// The core is compiled without DOM/Node typings, so WebAssembly is reached through a minimal
// structural view of the global rather than ambient declarations that would clash with lib.dom.
interface WasmGlobal {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

const wasmGlobal = (): WasmGlobal =>
  (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;

/** A build given in base64, compiled on first use; later calls give the same module. */
export function lazyModule(base64: string): () => object {
  let module: object | undefined;
  return () => (module ??= new (wasmGlobal().Module)(decodeBase64(base64)));
}

const defaultModule = lazyModule(WASM_BASE64);
const wideModule = lazyModule(WIDE_WASM_BASE64);

/**
 * An instance of `module`, both builds' way: the engine imports `shouldStop` (asked every few
 * thousand nodes while its host check is on) as 0/1; `env` adds the threads build's memory.
 */
function instantiate(module: object, shouldStop: () => boolean, env: object = {}): unknown {
  const instance = new (wasmGlobal().Instance)(module, {
    env: { ...env, shouldStop: () => (shouldStop() ? 1 : 0) },
  });
  return instance.exports;
}

/**
 * A fresh engine instance with its own memory (and so its own transposition table), of the
 * default build or of `module`, another build with the same imports (the tests' build).
 */
export function instantiateEngine(
  shouldStop: () => boolean,
  module: object = defaultModule(),
): WasmEngine {
  return instantiate(module, shouldStop) as WasmEngine;
}

/**
 * A fresh instance of the wide build (src/solver/assembly/wide: 192-bit bitboards, table
 * entries of 32 bytes), for boards whose bitboard does not fit 64 bits. Same contracts as
 * `instantiateEngine`'s.
 */
export function instantiateWideEngine(shouldStop: () => boolean): WasmEngine {
  return instantiate(wideModule(), shouldStop) as WasmEngine;
}

/**
 * An instance of the threads build (`module`, compiled by src/solver/shared.ts) on `memory`, a
 * shared WebAssembly.Memory. Not attached to a thread yet.
 */
export function instantiateSharedEngine(
  module: object,
  memory: object,
  shouldStop: () => boolean,
): SharedWasmEngine {
  return instantiate(module, shouldStop, { memory }) as SharedWasmEngine;
}

/** Throws a RangeError unless `value` is a whole number from `min` to `max` (a size option). */
export function checkWhole(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
}
