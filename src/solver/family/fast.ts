import { decodeBase64 } from '../base64.js';
import type { SearchLimits } from './popout-search.js';
import { WASM_BASE64 } from './wasm-popout-binary.generated.js';

/** The exports of src/solver/assembly/family/popout.ts. */
interface PopOutWasm {
  init(width: number, height: number, bits: number): number;
  clearTable(): void;
  resetPosition(): void;
  startSearch(limit: number, ask: number): void;
  nodeCount(): number;
  wasAborted(): number;
  drop(column: number): number;
  pop(column: number): number;
  win(depth: number): number;
  lose(depth: number): number;
}

interface WasmGlobal {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

let module: object | undefined;

/** Default table: 2^22 entries of 16 bytes (64 MiB), as the classic solver's. */
export const FAST_TABLE_BITS = 22;

/** Does the fast search play this board? (One 64-bit word per side, connect 4.) */
export function fastSupports(width: number, height: number, connect: number): boolean {
  return connect === 4 && width * (height + 1) <= 64;
}

/**
 * The WebAssembly PopOut search: "does the side to move win (lose) within d plies?", facts of a
 * position alone, so its table is kept between calls of the same board. Moves are the search
 * board's codes (a drop its column, a pop width + column).
 */
export class FastPopOut {
  private readonly wasm: PopOutWasm;
  private limits: SearchLimits = {};
  private readonly now: () => number = Date.now;

  constructor(
    readonly width: number,
    readonly height: number,
    tableBits = FAST_TABLE_BITS,
  ) {
    const wasm = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;
    module ??= new wasm.Module(decodeBase64(WASM_BASE64));
    const instance = new wasm.Instance(module, {
      env: { shouldStop: () => (this.shouldStop() ? 1 : 0) },
    });
    this.wasm = instance.exports as PopOutWasm;
    if (this.wasm.init(width, height, tableBits) !== 1) {
      throw new RangeError(`could not allocate 2^${tableBits} PopOut table entries`);
    }
  }

  private shouldStop(): boolean {
    const { signal, deadline } = this.limits;
    const now = this.limits.now ?? this.now;
    return signal?.aborted === true || (deadline !== undefined && now() >= deadline);
  }

  /** Sets the position: the moves from the empty board. */
  load(moves: readonly number[]): void {
    this.wasm.resetPosition();
    for (const move of moves) {
      if (move < this.width) this.wasm.drop(move);
      else this.wasm.pop(move - this.width);
    }
  }

  /**
   * 1 / -1 if the side to move wins / loses within `depth` plies, 0 if neither, null when the
   * budget ran out. `nodes` is what it cost.
   */
  within(
    moves: readonly number[],
    depth: number,
    limits: SearchLimits,
  ): { value: number | null; nodes: number } {
    this.limits = limits;
    const ask = limits.signal !== undefined || limits.deadline !== undefined ? 1 : 0;
    this.load(moves);
    this.wasm.startSearch(limits.maxNodes ?? 0, ask);
    const win = this.wasm.win(depth);
    let nodes = this.wasm.nodeCount();
    if (win < 0) return { value: null, nodes };
    if (win === 1) return { value: 1, nodes };
    this.load(moves);
    this.wasm.startSearch(
      limits.maxNodes === undefined ? 0 : Math.max(1, limits.maxNodes - nodes),
      ask,
    );
    const lose = this.wasm.lose(depth);
    nodes += this.wasm.nodeCount();
    if (lose < 0) return { value: null, nodes };
    return { value: lose === 1 ? -1 : 0, nodes };
  }

  /** Only the win question (the empty board's proof). */
  wins(moves: readonly number[], depth: number): { value: number; nodes: number } {
    this.limits = {};
    this.load(moves);
    this.wasm.startSearch(0, 0);
    const value = this.wasm.win(depth);
    return { value, nodes: this.wasm.nodeCount() };
  }

  clear(): void {
    this.wasm.clearTable();
  }
}
