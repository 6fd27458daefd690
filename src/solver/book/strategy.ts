import {
  C4Error,
  ErrorCode,
  Position,
  centreFirstColumns,
  movesToString,
  type Variant,
} from '../../core/index.js';
import { symmetricKey } from '../board-key.js';
import type { Solver } from '../solver.js';

/**
 * A winning strategy for the side to move in a won position (the first player on 7x6 from the
 * empty board; the second player after a weak first move), as far as search cannot find it in
 * time during play: for every position the strategy reaches with that side to move, up to a ply
 * limit and whatever the opponent replies, one column proven to keep the win.
 * Exact scores for every column would cost hours per early position; a proof that one column
 * wins costs seconds to minutes, and the opponent's replies are the only branching.
 */
/** What a strategy keeps: a win (the opponent is left lost) or a draw (left without a win). */
export type StrategyGoal = 'win' | 'draw';

export interface StrategyDecision {
  /** 0-based columns of the position (the strategy's side to move). */
  readonly moves: readonly number[];
  /** The column proven to keep the goal. */
  readonly column: number;
  readonly goal: StrategyGoal;
  /** Search finds this column quickly from a cold table: no need to go deeper below it. */
  readonly leaf: boolean;
  readonly nodes: number;
  readonly ms: number;
}

export interface StrategyLimits {
  /** Positions with more discs than this are left to search during play. */
  readonly maxPly: number;
  /** From this ply on, a decision proven within `leafNodes` from a cold table is a leaf. */
  readonly leafFromPly: number;
  readonly leafNodes: number;
  /** Node budget of the first round of proof attempts (multiplied by 4 each round). */
  readonly firstRoundNodes: number;
  readonly goal: StrategyGoal;
}

export const DEFAULT_STRATEGY_LIMITS: StrategyLimits = {
  maxPly: 12,
  leafFromPly: 6,
  leafNodes: 150_000,
  firstRoundNodes: 1_000_000,
  goal: 'win',
};

const mirrorColumn = (variant: Variant, column: number): number => variant.width - 1 - column;

/** Columns in the order worth trying: centre first. */
const centreOrder = (variant: Variant): number[] => centreFirstColumns(variant.width);

/** Whether weak bounds on the opponent's result (after the column) meet the goal. */
const meets = (goal: StrategyGoal, opponentUpper: number): boolean =>
  goal === 'win' ? opponentUpper < 0 : opponentUpper <= 0;

/**
 * One column that keeps the goal for the side to move (a win, or at least a draw), proven by
 * weak search. Children are tried in rounds of growing node budgets so that a hard column cannot
 * eat the time an easy one needs. `undefined` when the position does not allow the goal.
 */
export function proveWinningColumn(
  solver: Solver,
  variant: Variant,
  moves: readonly number[],
  firstRoundNodes: number,
  goal: StrategyGoal = 'win',
): { column: number; nodes: number } | undefined {
  const position = Position.fromMoves(variant, moves);
  if (!position.ok) throw position.error;
  let open: number[] = [];
  for (const column of centreOrder(variant)) {
    if (!position.value.canPlay(column)) continue;
    const child = position.value.clone();
    const played = child.play(column);
    if (played.ok && played.value.kind === 'win') return { column, nodes: 0 };
    if (played.ok && played.value.kind === 'ongoing') open.push(column);
  }
  let nodes = 0;
  for (let budget = firstRoundNodes; open.length > 0; budget *= 4) {
    const next: number[] = [];
    for (const column of open) {
      const solved = solver.solve(
        { variant, moves: [...moves, column] },
        { weak: true, maxNodes: budget },
      );
      if (!solved.ok) throw solved.error;
      nodes += solved.value.nodes;
      if (meets(goal, solved.value.upper)) return { column, nodes };
      // Still open while the opponent's result could be below what the goal needs.
      if (goal === 'win' ? solved.value.lower < 0 : solved.value.lower <= 0) next.push(column);
    }
    open = next;
  }
  return undefined;
}

/** Whether a cold search proves `column` keeps the goal within `leafNodes`. */
export function quicklyProven(
  cold: Solver,
  variant: Variant,
  moves: readonly number[],
  column: number,
  leafNodes: number,
  goal: StrategyGoal = 'win',
): boolean {
  cold.reset();
  const solved = cold.solve(
    { variant, moves: [...moves, column] },
    { weak: true, maxNodes: leafNodes, noBook: true },
  );
  if (!solved.ok) throw solved.error;
  return meets(goal, solved.value.upper);
}

/** A decision recorded for one orientation, applied to the position or its mirror image. */
export function decisionColumn(
  variant: Variant,
  decision: StrategyDecision,
  moves: readonly number[],
): number {
  const wanted = symmetricKey(variant, [...decision.moves, decision.column]);
  return symmetricKey(variant, [...moves, decision.column]) === wanted
    ? decision.column
    : mirrorColumn(variant, decision.column);
}

/**
 * Walks the strategy depth first from `start` (the winning side to move), deciding each position
 * with `decide` unless `known` (keyed by `symmetricKey`) already holds it. Calls `record` for each
 * new decision, so an interrupted walk resumes where it stopped. Opponent replies that allow an
 * immediate win are skipped: play finds those without help.
 */
/** Adds a decision to a map of known ones, never letting a draw replace a win. */
export function rememberDecision(
  known: Map<number, StrategyDecision>,
  key: number,
  decision: StrategyDecision,
): void {
  if (decision.goal === 'draw' && known.get(key)?.goal === 'win') return;
  known.set(key, decision);
}

export function walkStrategy(
  variant: Variant,
  start: readonly number[],
  limits: StrategyLimits,
  known: Map<number, StrategyDecision>,
  decide: (moves: readonly number[]) => StrategyDecision | undefined,
  record: (decision: StrategyDecision) => void,
): void {
  const expanded = new Set<number>();
  const visit = (moves: readonly number[]): void => {
    if (moves.length > limits.maxPly) return;
    const key = symmetricKey(variant, moves);
    if (expanded.has(key)) return;
    expanded.add(key);
    // A win also holds a draw; a draw is no answer for a winning strategy.
    let decision = known.get(key);
    if (decision && limits.goal === 'win' && decision.goal !== 'win') decision = undefined;
    if (!decision) {
      decision = decide(moves);
      if (!decision) {
        const text = movesToString(moves) || 'the empty board';
        const what = limits.goal === 'draw' ? 'cannot hold a draw' : 'does not win';
        throw new C4Error(ErrorCode.NotWon, `the side to move ${what} after ${text}`);
      }
      rememberDecision(known, key, decision);
      record(decision);
    }
    if (decision.leaf) return;
    const column = decisionColumn(variant, decision, moves);
    const after = Position.fromMoves(variant, [...moves, column]);
    if (!after.ok) throw after.error;
    for (const reply of centreOrder(variant)) {
      if (!after.value.canPlay(reply)) continue;
      const next = after.value.clone();
      const played = next.play(reply);
      if (!played.ok || played.value.kind !== 'ongoing') continue;
      const wins = next.legalColumns().some((c) => {
        const probe = next.clone();
        const result = probe.play(c);
        return result.ok && result.value.kind === 'win';
      });
      if (wins) continue;
      visit([...moves, column, reply]);
    }
  };
  visit(start);
}
