import { C4Error, ErrorCode, isClassic, type Position } from '../core/index.js';
import { Board } from './engine/board.js';
import { effectiveBudget } from './budgets.js';
import { isSolvable, levelById, type Level, type LevelId } from './levels.js';
import { perfectMove } from './perfect.js';
import { createRandom, type RandomSource } from './random.js';
import { ruleMove } from './rules.js';
import { searchMove, type SearchStyle } from './searching.js';
import type { ChooseMoveOptions, MoveChoice } from './types.js';

/** Beginner's calibrated slips: a third of needed blocks overlooked, one move in seven careless. */
export const BEGINNER_STYLE = { missBlock: 0.35, slip: 0.15 } as const;

/** How each searching level plays; how long it thinks is src/ai/budgets.ts. */
export const SEARCH_STYLES: Readonly<Record<Exclude<LevelId, 'beginner'>, SearchStyle>> = {
  casual: { maxDepth: 2, margin: 12, openingPlies: 6 },
  intermediate: { maxDepth: 4, margin: 3, openingPlies: 6 },
  strong: { maxDepth: 64, margin: 0, openingPlies: 0 },
  perfect: { maxDepth: 64, margin: 0, openingPlies: 0 },
};

/**
 * Share of Perfect's budget for the solver before the search takes over: most of it once a
 * quarter of the board is full (exact answers start to arrive, and with less the search chose
 * moves the solver would have settled), less on emptier boards, where exact scores rarely arrive
 * and the search needs the time. Within it the win/draw/loss pass may use up to `weakShare` of
 * the whole budget: it is what keeps a proven result. On 7x6 it gets more (the book answers the
 * main lines, and off them a win the opponent handed over must be found, which can take a long
 * proof); elsewhere the ladder played best with less.
 */
function solverShare(position: Position): number {
  const { width, height } = position.variant;
  return Math.max(position.ply * 4 >= width * height ? 0.85 : 0.4, weakShare(position));
}
function weakShare(position: Position): number {
  return isClassic(position.variant) ? 0.6 : 0.4;
}

function freshRandom(): RandomSource {
  return createRandom(Math.floor(Math.random() * 4294967296));
}

/**
 * Picks a column for the side to move at the given level. Pure and bounded: it reads `signal`
 * and `timeMs` while thinking and resolves with its best move so far when either runs out.
 * Rejects with a C4Error (`game_over`) when the game has ended: there is no move to choose.
 */
export function chooseMove(
  position: Position,
  level: LevelId | Level,
  options: ChooseMoveOptions = {},
): Promise<MoveChoice> {
  try {
    return Promise.resolve(chooseMoveNow(position, level, options));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The synchronous core of `chooseMove`, for callers that own their thread (arena, benchmarks). */
export function chooseMoveNow(
  position: Position,
  level: LevelId | Level,
  options: ChooseMoveOptions = {},
): MoveChoice {
  if (position.isOver) {
    throw new C4Error(ErrorCode.GameOver, 'the game is over; there is no move to choose');
  }
  const id = typeof level === 'string' ? levelById(level).id : level.id;
  const random = options.random ?? freshRandom();
  const signal = options.signal;
  if (id === 'beginner') {
    const choice = ruleMove(Board.from(position), BEGINNER_STYLE, random);
    return {
      column: choice.column,
      explanation: { summary: choice.summary, columns: [], depth: 0, nodes: 0, interrupted: false },
    };
  }
  const style = SEARCH_STYLES[id];
  const solvable = isSolvable(position.variant);
  // The level's own budget; a caller's timeMs can only lower its ceiling.
  const budget = options.analysisBudget ?? effectiveBudget(id, position.variant, options.timeMs);
  const timeMs = budget.timeMs;
  if (id === 'perfect' && solvable) {
    const started = Date.now();
    const exact = perfectMove(
      position,
      timeMs * solverShare(position),
      random,
      signal,
      timeMs * weakShare(position),
      options.perfect,
    );
    if ('column' in exact) return exact;
    const left = Math.max(1, timeMs - (Date.now() - started));
    const searched = searchMove({
      position,
      style,
      timeMs: left,
      nodes: null,
      random,
      signal,
      columns: exact.candidates,
    });
    // Say so when the move is not backed by exact scores: the analysis view must not call it perfect.
    const ruledOut = position.legalColumns().length - exact.candidates.length;
    const among =
      exact.proven === 'win'
        ? `keeps a proven win (${exact.candidates.length} winning column${exact.candidates.length > 1 ? 's' : ''} proven)`
        : exact.proven === 'draw'
          ? 'holds a proven draw at least'
          : ruledOut > 0
            ? `${ruledOut} column${ruledOut > 1 ? 's' : ''} ruled out`
            : 'nothing proven';
    const note = `Exact scores not known in time; ${among}`;
    return {
      ...searched,
      explanation: {
        ...searched.explanation,
        summary: `${note}; ${searched.explanation.summary.toLowerCase()}`,
        interrupted: true,
      },
    };
  }
  return searchMove({ position, style, timeMs, nodes: budget.nodes, random, signal });
}
