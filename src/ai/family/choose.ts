import { C4Error, ErrorCode, sameMove, type GamePosition, type Move } from '../../core/index.js';
import {
  FAMILY_PERFECT_SOLVER_NODES,
  FAMILY_PERFECT_SOLVE_NODES,
  familyThinkingBudget,
  type ThinkingBudget,
} from '../budgets.js';
import { levelById, type Level, type LevelId } from '../levels.js';
import { createRandom, pick, type RandomSource } from '../random.js';
import type { AbortSignalLike } from '../types.js';
import type { ChooseFamilyMoveOptions, FamilyMoveChoice } from './types.js';
import { WIN, WIN_THRESHOLD, evaluateFor, linesOf } from './evaluate.js';
import { exactFamilyMove } from './perfect.js';
import { searchFamily, type FamilySearchResult } from './search.js';

/** Beginner's slips, as the classic Beginner's: a third of needed blocks missed, one move in seven careless. */
export const FAMILY_BEGINNER_STYLE = { missBlock: 0.35, slip: 0.15 } as const;

export interface FamilySearchStyle {
  readonly maxDepth: number;
  /** Root moves within this many line points of the best are picked at random. */
  readonly margin: number;
  /** Up to this ply the margin is doubled, so openings vary more. */
  readonly openingPlies: number;
}

export const FAMILY_SEARCH_STYLES: Readonly<
  Record<Exclude<LevelId, 'beginner'>, FamilySearchStyle>
> = {
  casual: { maxDepth: 2, margin: 4, openingPlies: 6 },
  intermediate: { maxDepth: 4, margin: 3, openingPlies: 6 },
  strong: { maxDepth: 64, margin: 0, openingPlies: 0 },
  perfect: { maxDepth: 64, margin: 0, openingPlies: 0 },
};

/** Perfect's share of its wall-clock ceiling for the solver before the search takes over. */
const PERFECT_SOLVER_SHARE = 0.5;

function freshRandom(): RandomSource {
  return createRandom(Math.floor(Math.random() * 4294967296));
}

/** The moves that win at once for the side to move (a pop can also hand the win to the other side). */
export function immediateWins(position: GamePosition): Move[] {
  const mover = position.turn;
  const wins: Move[] = [];
  for (const move of position.legalMoves()) {
    position.play(move);
    const outcome = position.outcome;
    if (outcome.kind === 'win' && outcome.winner === mover) wins.push(move);
    position.undo();
  }
  return wins;
}

/** The moves after which the opponent cannot win at once (and that do not lose on the spot). */
function safeMoves(position: GamePosition): Move[] {
  const mover = position.turn;
  const safe: Move[] = [];
  for (const move of position.legalMoves()) {
    position.play(move);
    const outcome = position.outcome;
    const lost = outcome.kind === 'win' && outcome.winner !== mover;
    if (!lost && (position.isOver || immediateWins(position).length === 0)) safe.push(move);
    position.undo();
  }
  return safe;
}

/** The value for the mover of the position a move leaves (line points; a win or loss dominates). */
function staticValue(position: GamePosition, move: Move): number {
  const mover = position.turn;
  position.play(move);
  const outcome = position.outcome;
  let value: number;
  if (outcome.kind === 'win') value = outcome.winner === mover ? WIN : -WIN;
  else if (outcome.kind === 'draw') value = 0;
  else value = evaluateFor(position, mover);
  position.undo();
  return value;
}

function beginnerMove(position: GamePosition, random: RandomSource): FamilyMoveChoice {
  const base = { moves: [], depth: 0, nodes: 0, interrupted: false } as const;
  const wins = immediateWins(position);
  if (wins.length > 0) return { ...base, move: pick(wins, random), summary: 'Wins now' };
  const legal = position.legalMoves();
  const safe = safeMoves(position);
  let candidates = legal;
  let summary = 'Builds its lines';
  if (
    safe.length > 0 &&
    safe.length < legal.length &&
    random() >= FAMILY_BEGINNER_STYLE.missBlock
  ) {
    candidates = safe;
    summary = 'Blocks your line';
  }
  if (random() < FAMILY_BEGINNER_STYLE.slip) {
    return { ...base, move: pick(legal, random), summary: 'A careless move' };
  }
  const valued = candidates.map((move) => ({ move, value: staticValue(position, move) }));
  const best = Math.max(...valued.map((entry) => entry.value));
  const chosen = pick(
    valued.filter((entry) => entry.value === best),
    random,
  );
  return { ...base, move: chosen.move, summary };
}

/** Moves until the result, from a search score (WIN minus the ply it comes at). */
function movesToResult(score: number, ply: number): number {
  return Math.ceil((WIN - Math.abs(score) - ply) / 2);
}

function describe(score: number, ply: number, depth: number): string {
  if (score >= WIN_THRESHOLD) {
    const moves = movesToResult(score, ply);
    return moves <= 1 ? 'Wins now' : `Sees a forced win in ${moves} moves`;
  }
  if (score <= -WIN_THRESHOLD) {
    return `Sees a forced loss in ${movesToResult(score, ply)} moves and holds out longest`;
  }
  return `Looked ${depth} moves ahead`;
}

function searchedMove(
  position: GamePosition,
  style: FamilySearchStyle,
  budget: ThinkingBudget,
  random: RandomSource,
  signal: AbortSignalLike | undefined,
  allowed?: readonly Move[],
): FamilyMoveChoice {
  const wins = immediateWins(position).filter(
    (win) => allowed?.some((move) => sameMove(move, win)) ?? true,
  );
  if (wins.length > 0) {
    return {
      move: pick(wins, random),
      score: WIN - position.ply - 1,
      scoreKind: 'heuristic',
      summary: 'Wins now',
      moves: [],
      depth: 1,
      nodes: 0,
      interrupted: false,
    };
  }
  const { weights } = linesOf(position.variant);
  // Margins are in four-in-a-row points; longer lines score on a larger scale.
  const scale = Math.max(1, weights[weights.length - 1]! / 32);
  const margin = (position.ply < style.openingPlies ? style.margin * 2 : style.margin) * scale;
  const result: FamilySearchResult = searchFamily(position, {
    maxDepth: style.maxDepth,
    ...(budget.nodes !== null ? { maxNodes: budget.nodes } : {}),
    deadline: Date.now() + Math.max(0, budget.timeMs),
    aborted: () => signal?.aborted === true,
    margin,
    ...(allowed ? { moves: allowed } : {}),
  });
  const best = result.scores[0]!;
  const slack = Math.abs(best.score) >= WIN_THRESHOLD ? 0 : margin;
  const chosen = pick(
    result.scores.filter((entry) => entry.score >= best.score - slack),
    random,
  );
  return {
    move: chosen.move,
    score: chosen.score,
    scoreKind: 'heuristic',
    summary: describe(chosen.score, position.ply, result.depth),
    moves: result.scores.map((entry) => ({ ...entry, kind: 'heuristic' as const })),
    depth: result.depth,
    nodes: result.nodes,
    interrupted: result.interrupted,
  };
}

/**
 * The level's move with what it saw: for hints and analysis. Pure and bounded like the classic
 * `chooseMoveNow`; throws a C4Error (`game_over`) when the game has ended.
 */
export function chooseFamilyMoveExplained(
  position: GamePosition,
  level: LevelId | Level,
  options: ChooseFamilyMoveOptions = {},
): FamilyMoveChoice {
  if (position.isOver) {
    throw new C4Error(ErrorCode.GameOver, 'the game is over; there is no move to choose');
  }
  const id = typeof level === 'string' ? levelById(level).id : level.id;
  const random = options.rng ?? freshRandom();
  // Search on a copy: the caller's position (and its history) is never touched.
  const own = position.clone();
  if (id === 'beginner') return beginnerMove(own, random);
  let budget = options.budget ?? familyThinkingBudget(id);
  if (options.timeMs !== undefined && options.timeMs < budget.timeMs) {
    budget = { nodes: budget.nodes, timeMs: Math.max(0, options.timeMs) };
  }
  // A win now is the fastest there is: no proof needed (Perfect's solver would spend its budget).
  if (id === 'perfect' && immediateWins(own).length === 0) {
    const started = Date.now();
    const solverBudget = { nodes: budget.nodes, timeMs: budget.timeMs * PERFECT_SOLVER_SHARE };
    const exact = exactFamilyMove(
      own,
      solverBudget,
      options.budget?.nodes ?? FAMILY_PERFECT_SOLVER_NODES,
      options.budget?.nodes ?? FAMILY_PERFECT_SOLVE_NODES,
      random,
      options.signal,
      options.perfect,
    );
    if ('choice' in exact) return exact.choice;
    const left = {
      nodes: budget.nodes,
      timeMs: Math.max(1, budget.timeMs - (Date.now() - started)),
    };
    const searched = searchedMove(
      own,
      FAMILY_SEARCH_STYLES.perfect,
      left,
      random,
      options.signal,
      exact.candidates,
    );
    // Said so when the move is not backed by exact scores: the analysis must not call it perfect.
    return {
      ...searched,
      summary: `Exact scores not known in time; ${exact.note}; ${searched.summary.toLowerCase()}`,
      nodes: searched.nodes + exact.nodes,
      interrupted: true,
    };
  }
  return searchedMove(own, FAMILY_SEARCH_STYLES[id], budget, random, options.signal);
}

/** The move a level plays for the side to move (see `chooseFamilyMoveExplained`). */
export function chooseFamilyMove(
  position: GamePosition,
  level: LevelId | Level,
  options: ChooseFamilyMoveOptions = {},
): Move {
  return chooseFamilyMoveExplained(position, level, options).move;
}
