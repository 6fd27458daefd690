import {
  GamePosition,
  movesToEnd,
  playerToMove,
  sameMove,
  type Move,
  type Player,
  type Ruleset,
} from '../core/index.js';
import { summarize, type PlayerSummary } from './summary.js';
import type { MoveClass } from './vocabulary.js';

/**
 * Review of PopOut and Five-in-a-Row games: each move judged against the family solver's exact
 * scores, with the classic review's classes and summary (best, slower, mistake, blunder, not
 * solved). The analyser is passed in (src/solver/family's `analyseFamily` with a budget), so this
 * stays pure and a test can give a small exact oracle.
 */
export interface FamilyScoredMove {
  readonly move: Move;
  /** The score of playing this move, for its mover (the solver's convention); null: unknown. */
  readonly score: number | null;
}

/**
 * What an analyser knows of a position: every legal move with its score (null: unknown), and
 * the position's own score (`value`, the best move's) when it is known though some moves' scores
 * are not. `played` is the move the game played there, the one whose score matters most.
 */
export type FamilyAnalyser = (
  position: GamePosition,
  played: Move,
) => {
  readonly moves: readonly FamilyScoredMove[];
  readonly nodes: number;
  readonly value?: number;
};

export interface FamilyMoveReview {
  /** Moves played before this one (the move is number ply + 1). */
  readonly ply: number;
  readonly player: Player;
  readonly move: Move;
  /** Every legal move's score for the mover. */
  readonly moves: readonly FamilyScoredMove[];
  /** The best score on offer, when it is known (every move's score, or the analyser's value). */
  readonly value: number | null;
  readonly played: number | null;
  readonly class: MoveClass;
  /** Moves proven to score more than the one played, best first. */
  readonly better: readonly Move[];
  readonly nodes: number;
}

const sign = (n: number): number => (n > 0 ? 1 : n < 0 ? -1 : 0);

/**
 * The class of `played` among `moves`. Claims only what the known scores prove: with every score
 * known, or the position's `value` (its best score), the classic classes; with neither, a win
 * thrown into a loss is still a blunder (a known win was on offer), anything else is `unsolved`.
 */
export function classifyFamilyMove(
  moves: readonly FamilyScoredMove[],
  played: Move,
  value?: number | null,
): MoveClass {
  const entry = moves.find((m) => sameMove(m.move, played));
  if (entry === undefined) throw new RangeError('the move played is not among the legal moves');
  if (entry.score === null) return 'unsolved';
  const known = moves.flatMap((m) => (m.score === null ? [] : [m.score]));
  const complete = known.length === moves.length;
  const best = value ?? Math.max(...known);
  const lost = sign(best) - sign(entry.score);
  if (lost >= 2) return 'blunder';
  if (!complete && (value === undefined || value === null)) return 'unsolved';
  if (entry.score >= best) return 'best';
  return lost === 1 ? 'mistake' : 'slower';
}

function betterMoves(moves: readonly FamilyScoredMove[], played: number | null): Move[] {
  if (played === null) return [];
  return moves
    .filter((m): m is { move: Move; score: number } => m.score !== null && m.score > played)
    .sort((a, b) => b.score - a.score)
    .map((m) => m.move);
}

export interface FamilyReviewOptions {
  /** Checked between positions: an aborted review returns the moves judged so far. */
  readonly signal?: { readonly aborted: boolean };
  /** Review only these plies. */
  readonly plies?: readonly number[];
}

/**
 * Judges the moves of a game from the last to the first (late positions settle fast and warm the
 * solver's table for the earlier ones), each in the position with its real history, so PopOut's
 * repetition draw is judged as it stood. The moves must be a legal game (else a C4Error naming
 * the move is thrown).
 */
export function reviewFamilyGame(
  ruleset: Ruleset,
  moves: readonly Move[],
  analyse: FamilyAnalyser,
  options: FamilyReviewOptions = {},
): FamilyMoveReview[] {
  const replayed = GamePosition.fromMoves(ruleset, moves);
  if (!replayed.ok) throw replayed.error;
  const wanted = options.plies ? new Set(options.plies) : undefined;
  const position = replayed.value;
  const reviews: FamilyMoveReview[] = [];
  for (let ply = moves.length - 1; ply >= 0; ply--) {
    position.undo();
    if (wanted && !wanted.has(ply)) continue;
    if (options.signal?.aborted === true) break;
    const move = moves[ply]!;
    const analysis = analyse(position, move);
    const scores = analysis.moves;
    const played = scores.find((m) => sameMove(m.move, move))?.score ?? null;
    const complete = scores.every((m) => m.score !== null);
    const value = complete ? Math.max(...scores.map((m) => m.score!)) : (analysis.value ?? null);
    // A move that wins at once is the best there is, whatever else is unknown.
    position.play(move);
    const end = position.outcome;
    const winsNow = end.kind === 'win' && end.winner !== position.turn;
    position.undo();
    reviews.push({
      ply,
      player: position.turn,
      move,
      moves: scores,
      value,
      played,
      class: winsNow ? 'best' : classifyFamilyMove(scores, move, value),
      better: betterMoves(scores, played),
      nodes: analysis.nodes,
    });
  }
  return reviews.reverse();
}

/**
 * Counts, first decisive mistake and accuracy per player over every move of a game of `plies`
 * moves, as for the classic review. A move with no review (the time ran out before it, or the
 * page heard only of the moves its worker solved) counts as not solved: summing only the reviews
 * at hand reported "0 not solved" for a review that stopped half-way.
 */
export function summarizeFamily(
  plies: number,
  reviews: readonly Pick<FamilyMoveReview, 'ply' | 'class'>[],
): readonly [PlayerSummary, PlayerSummary] {
  const byPly = new Map(reviews.map((r) => [r.ply, r.class]));
  return summarize(
    Array.from({ length: plies }, (_, ply) => ({
      ply,
      player: playerToMove(ply),
      class: byPly.get(ply) ?? 'unsolved',
    })),
  );
}

/**
 * What a score means for the side to move in `position`, in the words of the classic review:
 * "win in 3" counts the mover's own moves, this one included. PopOut scores count the plies to the
 * end (POPOUT_WIN - plies); Five-in-a-Row's are the classic solver's, with the set-up discs on
 * the board.
 */
export function describeFamilyScore(
  position: GamePosition,
  score: number | null,
  popoutWin: number,
): string {
  if (score === null) return 'not solved';
  if (score === 0) return 'draw';
  const moves = familyMovesToEnd(position, score, popoutWin);
  const n = `${moves} move${moves === 1 ? '' : 's'}`;
  return score > 0 ? `win in ${n}` : `loss in ${n}`;
}

/** How many moves of the side to move, this one included, a decisive exact score means (as above). */
export function familyMovesToEnd(position: GamePosition, score: number, popoutWin: number): number {
  if (position.ruleset.pops) {
    const plies = popoutWin - Math.abs(score);
    return score > 0 ? Math.ceil(plies / 2) : Math.floor(plies / 2);
  }
  const { width, height } = position.variant;
  let discs = 0;
  for (const h of position.heights) discs += h;
  return movesToEnd(width * height, discs, score);
}
