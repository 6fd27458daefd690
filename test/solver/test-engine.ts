// The solver's test build (src/solver/assembly/testing.ts): the default build plus the switches
// that turn one rule of the search off and the probes of its table, which the product lacks.
import { lazyModule, instantiateEngine, type WasmEngine } from '../../src/solver/wasm.js';
import { WASM_BASE64 } from './wasm-test-binary.generated.js';

export interface TestWasmEngine extends WasmEngine {
  /** The claimeven upper bound of the current position (64: none). */
  claimevenBoundHere(): number;
  /** 0 turns off the static check of each move (on by default). */
  setStaticWins(on: number): void;
  /** 0 turns off the claimeven check of each move (on by default). */
  setChildClaimeven(on: number): void;
  /** 0 searches positions with one move left like any other. */
  setForcedThrough(on: number): void;
  /** 0 turns off the bounds from lines no longer open to a side (connect 5 and more). */
  setLineBounds(on: number): void;
  /** 0 searches both halves of a mirror-image position. */
  setSymmetry(on: number): void;
  /** Positions of fewer discs than `plies` share their entry with their mirror image (0: none). */
  setMirrorKeys(plies: number): void;
  /** 0 makes the claimeven bound give up on any line of ours. */
  setDominated(on: number): void;
  /** 0 returns alpha itself where no move reaches it (fail-hard). */
  setFailSoft(on: number): void;
  /** 0 reads no entry past a child with one move left. */
  setEtcChains(on: number): void;
  /** Positions of at most `empty` empty cells (-1: none) in the first 2^bits entries. */
  setNearEnd(empty: number, bits: number): void;
  /** The data the table reads for a key at slot `index` (0: a miss). */
  probeEntry(index: number, keyLow: number, keyHigh: number): number;
  /** What a search finds for a key far from the end (0: a miss). */
  probeKey(keyLow: number, keyHigh: number): number;
  /** Writes one raw 64-bit word of slot `index` (to forge torn or garbage entries). */
  pokeEntry(index: number, word: number, low: number, high: number): void;
  /** The first slot of a key's bucket, the whole table in use. */
  slotOf(keyLow: number, keyHigh: number): number;
  storeEntry(keyLow: number, keyHigh: number, lower: number, upper: number, moves: number): void;
  tableBase(): number;
}

const testModule = lazyModule(WASM_BASE64);

/** A fresh instance of the test build, with its own memory and table. */
export function instantiateTestEngine(): TestWasmEngine {
  return instantiateEngine(() => false, testModule()) as TestWasmEngine;
}
