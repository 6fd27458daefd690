import { decodeBase64 } from '../base64.js';
import type { SearchLimits } from './popout-search.js';
import type { PopOutSharedExports, PopOutSharedTable } from './fast-shared.js';
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
  clearBlocked(): void;
  blockCurrent(): number;
}

/** Both builds' exports: the plain build's threads exports only answer 0. */
type Engine = PopOutWasm & PopOutSharedExports;

interface WasmGlobal {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

let module: object | undefined;

/**
 * Threads split the children of nodes within 12 plies of the root with 4 or more plies left
 * (`setParallel`). Without splitting, helpers repeat thread 0's search in the same order: on a
 * quiet machine thread 0 searched all of one thread's nodes and two threads took 1.08x one
 * thread's time on the empty board. Split: 1.48x faster (1.24 s against 1.84 s), better than
 * 4/8 (1.21x), 8/6 (1.40x), 20/3 (1.33x) or 40/2 (1.32x).
 */
const SPLIT_CHILDREN = [1 << 14, 12, 4] as const;

/** Default table: 2^22 entries of 16 bytes (64 MiB), as the classic solver's. */
export const FAST_TABLE_BITS = 22;

/** Does the fast search play this board? (One 64-bit word per side, connect 4.) */
export function fastSupports(width: number, height: number, connect: number): boolean {
  return connect === 4 && width * (height + 1) <= 64;
}

/**
 * The WebAssembly PopOut search: "does the side to move win (lose) within d plies?", facts of a
 * position alone, so its table is kept between calls of the same board. Moves are the search
 * board's codes (a drop its column, a pop width + column). With `shared` (a table of
 * fast-shared.ts, of this board) it is that table's thread 0, and its helper threads join every
 * question that runs long.
 */
export class FastPopOut {
  private readonly wasm: Engine;
  private limits: SearchLimits = {};
  private readonly now: () => number = Date.now;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly tableBits = FAST_TABLE_BITS,
    readonly shared?: PopOutSharedTable,
  ) {
    const wasm = (globalThis as unknown as { WebAssembly: WasmGlobal }).WebAssembly;
    const env = { shouldStop: () => (this.shouldStop() ? 1 : 0) };
    if (shared !== undefined) {
      if (shared.width !== width || shared.height !== height) {
        throw new RangeError(`the shared table is for ${shared.width}x${shared.height}`);
      }
      const instance = new wasm.Instance(shared.module, { env: { ...env, memory: shared.memory } });
      this.wasm = instance.exports as Engine;
      if (this.wasm.attach(0) !== 1) throw new RangeError('could not attach to the shared table');
      this.wasm.setParallel(...SPLIT_CHILDREN);
      return;
    }
    module ??= new wasm.Module(decodeBase64(WASM_BASE64));
    const instance = new wasm.Instance(module, { env });
    this.wasm = instance.exports as Engine;
    if (this.wasm.init(width, height, tableBits) !== 1) {
      throw new RangeError(`could not allocate 2^${tableBits} PopOut table entries`);
    }
  }

  /**
   * Thread 0 of a shared table: helpers join a question once it has run `nodes` nodes, and
   * split the children of nodes within `plies` of the root with `minDepth` plies or more left.
   */
  setParallel(nodes: number, plies: number, minDepth: number): void {
    this.wasm.setParallel(nodes, plies, minDepth);
  }

  /**
   * The nodes the helper threads searched since the last call (0 without them), once every
   * helper has left its question (blocks: never on a browser's main thread).
   */
  takeHelperNodes(): number {
    if (this.shared === undefined) return 0;
    this.wasm.settleHelpers();
    const nodes = this.wasm.helperNodes();
    this.wasm.resetHelperNodes();
    return nodes;
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
   * One question: does the side to move win (`side` 1) or lose (`side` -1) within `depth`
   * plies? null when the budget ran out. `nodes` is what it cost.
   */
  ask(
    moves: readonly number[],
    depth: number,
    side: 1 | -1,
    limits: SearchLimits,
  ): { value: boolean | null; nodes: number } {
    this.limits = limits;
    const ask = limits.signal !== undefined || limits.deadline !== undefined ? 1 : 0;
    this.load(moves);
    this.wasm.startSearch(limits.maxNodes ?? 0, ask);
    const answer = side === 1 ? this.wasm.win(depth) : this.wasm.lose(depth);
    const nodes = this.wasm.nodeCount();
    return { value: answer < 0 ? null : answer === 1, nodes };
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

  /**
   * Sets the blocked set: the positions these move sequences reach (positions that have occurred
   * twice in the game), each a draw when a later question's search reaches it below its root.
   * Answers then hold for that set alone: keep them on an engine of their own and clear its
   * table when the set changes. False (and no set) if there are more than the search holds, or
   * on a shared table.
   */
  setBlocked(positions: readonly (readonly number[])[]): boolean {
    this.wasm.clearBlocked();
    for (const moves of positions) {
      this.load(moves);
      if (this.wasm.blockCurrent() !== 1) {
        this.wasm.clearBlocked();
        return false;
      }
    }
    return true;
  }
}
