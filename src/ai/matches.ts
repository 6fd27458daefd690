import { Position, type Variant } from '../core/index.js';
import { analyze } from '../solver/index.js';
import { chooseMoveNow } from './choose.js';
import { Board } from './engine/board.js';
import { isSolvable, type LevelId } from './levels.js';
import { countGame, type MatchPairing, type MatchTally } from './match-tally.js';
import { createRandom, pick, type RandomSource } from './random.js';
import { winningColumns } from './rules.js';
import type { MoveChoice, PerfectContext } from './types.js';

/**
 * Level-against-level matches: the measurement behind the difficulty ladder. Games start from
 * seeded random openings, each opening played twice with colours swapped, so neither side
 * profits from the first move or from a lucky start.
 */
export interface MatchSetup extends MatchPairing {
  readonly variant: Variant;
  /** Per-move time budget override (default: each level's own). */
  readonly timeMs?: number;
  /** Check each Perfect move against the solver within this many ms (0: no checks). */
  readonly checkMs: number;
  /**
   * A plays the first player's side (whose disc opened the game, random openings included) in
   * every game (default: colours alternate).
   */
  readonly aAlwaysFirst?: boolean;
  /** Perfect's solver and book (default: the shared default context). */
  readonly perfect?: PerfectContext;
}

export interface PerfectCheck {
  readonly game: string;
  readonly chosen: number;
  /**
   * `exact`: the scores below are exact scores. `sign`: the check could only settle win (1),
   * draw (0) or loss (-1) in time, which still shows whether a result was given away.
   */
  readonly measure: 'exact' | 'sign';
  readonly chosenScore: number;
  readonly bestScore: number;
  /** The chosen column turns a won game into a draw or loss, or a drawn one into a loss. */
  readonly givesAwayResult: boolean;
  /**
   * Whether Perfect itself had the exact scores when it moved. A slip with them is a bug; one
   * without them means the solver did not settle the position within Perfect's time budget.
   */
  readonly exactInTime: boolean;
}

export interface MatchResult extends MatchTally {
  readonly games: readonly string[];
  /** Perfect's moves that the solver could check in time, and those that lost score. */
  readonly checked: number;
  readonly unchecked: number;
  readonly slips: readonly PerfectCheck[];
  /** Milliseconds per move, by level. */
  readonly moveTimes: Readonly<Record<LevelId, number[]>>;
}

function randomOpening(variant: Variant, plies: number, random: RandomSource): number[] {
  const board = new Board(variant);
  const moves: number[] = [];
  for (let i = 0; i < plies; i++) {
    const legal: number[] = [];
    for (let column = 0; column < variant.width; column++) {
      if (!board.canPlay(column)) continue;
      board.play(column);
      const safe = board.winner === 0 && winningColumns(board, board.turn).length === 0;
      board.undo();
      if (safe) legal.push(column);
    }
    if (legal.length === 0) break;
    const column = pick(legal, random);
    board.play(column);
    moves.push(column);
  }
  return moves;
}

export interface GameReport {
  readonly index: number;
  readonly moves: readonly number[];
  /** 1 when A won, 0.5 draw, 0 when B won. */
  readonly scoreA: number;
  /** Whether A played the first player's side. */
  readonly aFirst: boolean;
}

export interface MoveReport {
  readonly level: LevelId;
  readonly ply: number;
  readonly ms: number;
  readonly choice: MoveChoice;
}

export function playMatch(
  setup: MatchSetup,
  onGame: (report: GameReport) => void = () => undefined,
  onMove: (report: MoveReport) => void = () => undefined,
): MatchResult {
  const random = createRandom(setup.seed);
  const tally = { wins: 0, draws: 0, losses: 0 };
  let checked = 0;
  let unchecked = 0;
  const slips: PerfectCheck[] = [];
  const games: string[] = [];
  const moveTimes: Record<LevelId, number[]> = {
    beginner: [],
    casual: [],
    intermediate: [],
    strong: [],
    perfect: [],
  };
  let opening: number[] = [];
  for (let index = 0; index < setup.games; index++) {
    const alwaysFirst = setup.aAlwaysFirst === true;
    if (alwaysFirst || index % 2 === 0) {
      opening = randomOpening(setup.variant, setup.openingPlies, random);
    }
    // Even games: A moves first after the opening's own alternation; odd: colours swapped.
    const aIsFirst = alwaysFirst || index % 2 === 0;
    const position = Position.fromMoves(setup.variant, opening);
    if (!position.ok) throw position.error;
    const game = position.value;
    while (!game.isOver) {
      const aToMove = (game.turn === 1) === aIsFirst;
      const level = aToMove ? setup.a : setup.b;
      const started = Date.now();
      const choice = chooseMoveNow(game, level, {
        random,
        ...(setup.timeMs !== undefined ? { timeMs: setup.timeMs } : {}),
        ...(setup.perfect ? { perfect: setup.perfect } : {}),
      });
      const ms = Date.now() - started;
      moveTimes[level].push(ms);
      onMove({ level, ply: game.ply, ms, choice });
      if (level === 'perfect' && setup.checkMs > 0 && isSolvable(setup.variant)) {
        const verdict = checkPerfect(game, choice.column, setup.checkMs);
        if (verdict === undefined) unchecked++;
        else {
          checked++;
          if (verdict.chosenScore < verdict.bestScore) {
            slips.push({ ...verdict, exactInTime: choice.scoreKind === 'exact' });
          }
        }
      }
      const played = game.play(choice.column);
      if (!played.ok) throw played.error;
    }
    const scoreA = countGame(tally, game.outcome, aIsFirst);
    games.push(game.moves.map((c) => (c + 1).toString(36)).join(''));
    onGame({ index, moves: game.moves, scoreA, aFirst: aIsFirst });
  }
  return { ...tally, games, checked, unchecked, slips, moveTimes };
}

/**
 * Compares a chosen column with the solver's best exact score, or when that is not known within
 * half the time, with the best win/draw/loss; undefined when neither is known in time.
 */
export function checkPerfect(
  position: Position,
  column: number,
  timeMs: number,
): Omit<PerfectCheck, 'exactInTime'> | undefined {
  const game = position.moves.map((c) => (c + 1).toString(36)).join('');
  const strong = analyze(position, { timeLimitMs: timeMs / 2 });
  if (!strong.ok) throw strong.error;
  const chosen = strong.value.columns[column];
  const best = strong.value.score;
  if (best !== null && chosen?.exact === true) {
    const givesAwayResult = Math.sign(chosen.lower) < Math.sign(best);
    return {
      game,
      chosen: column,
      measure: 'exact',
      chosenScore: chosen.lower,
      bestScore: best,
      givesAwayResult,
    };
  }
  const weak = analyze(position, { timeLimitMs: timeMs / 2, weak: true });
  if (!weak.ok) throw weak.error;
  const chosenSign = weak.value.columns[column];
  const bestSign = weak.value.score;
  if (bestSign === null || chosenSign?.exact !== true) return undefined;
  return {
    game,
    chosen: column,
    measure: 'sign',
    chosenScore: chosenSign.lower,
    bestScore: bestSign,
    givesAwayResult: chosenSign.lower < bestSign,
  };
}

export interface EloEstimate {
  readonly score: number;
  readonly elo: number;
  readonly low: number;
  readonly high: number;
}

const eloOf = (p: number): number => {
  const clamped = Math.min(Math.max(p, 1e-4), 1 - 1e-4);
  return -400 * Math.log10(1 / clamped - 1);
};

/** Elo difference of A over B with a 95% interval from the per-game score variance. */
export function eloEstimate(wins: number, draws: number, losses: number): EloEstimate {
  const n = wins + draws + losses;
  const p = (wins + draws / 2) / n;
  const variance =
    (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * (0 - p) ** 2) / n / Math.max(1, n);
  const margin = 1.96 * Math.sqrt(variance);
  // A clean sweep has no variance: bound it by the exact binomial tail instead (p^n = 2.5%).
  if (wins === n) return { score: 1, elo: Infinity, low: eloOf(0.025 ** (1 / n)), high: Infinity };
  if (losses === n)
    return { score: 0, elo: -Infinity, low: -Infinity, high: eloOf(1 - 0.025 ** (1 / n)) };
  return { score: p, elo: eloOf(p), low: eloOf(p - margin), high: eloOf(p + margin) };
}
