/**
 * The perfect solver: exact scores for Connect-N boards up to 12x12 (width*(height+1) <= 192),
 * running in WebAssembly built from `src/solver/assembly`: 64-bit bitboards where they fit,
 * the wide build (`assembly/wide`, three words) past 64 bits.
 * Pure: no I/O; book bytes are loaded by the shells and handed to `parseBook`.
 * This is the runtime API (play, analysis, reading a book); the tools that build books and
 * winning strategies are in `./build.ts`.
 *
 * Scores are for the side to move: 0 draw; a win with the disc dropped after m discs scores
 * floor((width*height + 1 - m) / 2); a loss the negative. The empty classic board scores +1.
 */
export { Solver, DEFAULT_TABLE_BITS, analyze, solve } from './solver.js';
export { solverSupports, needsWideKey, MAX_BOARD_BITS, MAX_WIDE_BOARD_BITS } from './support.js';
export type {
  AnalyzeResult,
  Evaluation,
  SearchBudget,
  SolveOptions,
  SolveResult,
  SolverInput,
  SolverOptions,
  StopReason,
} from './types.js';
export { Book } from './book/book.js';
export { symmetricKey } from './board-key.js';
export { parseBook } from './book/format.js';
export {
  createSharedTable,
  sharedTablesSupported,
  engineForThread,
  runHelper,
  releaseHelpers,
  MAX_SHARED_THREADS,
  MAX_SHARED_TABLE_BITS,
  type SharedTable,
} from './shared.js';
