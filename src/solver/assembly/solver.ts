// Connect-N perfect solver compiled to WebAssembly (AssemblyScript, native i64 bitboards): the
// host API, the production build's entry. Its exports are the module's (src/solver/wasm.ts).
//
// Board encoding (Pons): each column takes height+1 bits, bit (col*(height+1)+row); the extra
// bit per column stays empty and stops runs from wrapping into the next column. `cur` holds the
// discs of the side to move, `mask` all discs. Key = cur + mask is unique per position and fits
// in width*(height+1) <= 64 bits.
//
// Scores (side to move): a win with the disc after m discs scores (W*H + 1 - m) / 2, a loss the
// negative, a draw 0. The search is alpha-beta negamax over null windows (fail-soft: a result
// outside the window is a bound as tight as the search found), with a transposition table
// holding both bounds and the best move.
//
// The same sources build two modules (scripts/build/solver-wasm-source.ts): the default one owns
// its memory; the threads build (ASC_FEATURE_THREADS) imports one shared memory that N
// instances, one per thread, search together with one table (common/parallel.ts). testing.ts builds a
// third, for tests only, with the switches and probes.

import { configureVariant } from './variant';
import { resetPosition } from './position';
import { newGeneration } from './table';

/** Sets the variant and forgets the position and the table. 0 when the board is unsupported. */
export function configure(width: i32, height: i32, connect: i32): i32 {
  if (configureVariant(width, height, connect) == 0) return 0;
  resetPosition();
  newGeneration();
  return 1;
}

export { setTableBits, newGeneration } from './table';
export * from './common/api';
export {
  resetPosition,
  play,
  movesBuffer,
  loadMoves,
  canPlay,
  isWinningMove,
  moveCount,
} from './position';
export { solve, solveWithin } from './root';
export { sharedBytes, initShared, attach, helperLoop, warmUp } from './threads';
