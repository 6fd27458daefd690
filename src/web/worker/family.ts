import { createRandom, parseLevel } from '../../ai/index.js';
import {
  FAMILY_WIN_THRESHOLD,
  chooseFamilyMove,
  chooseFamilyMoveExplained,
  immediateWins,
} from '../../ai/family/index.js';
import {
  movesToEnd,
  parseFamilyGame,
  sameMove,
  type GamePosition,
  type Move,
} from '../../core/index.js';
import { POPOUT_WIN, analyseFamily } from '../../solver/family/index.js';
import { familyHints, type FamilyMoveValue } from '../state/family-hints.js';
import type { GameRef, Reply, Request } from './protocol.js';

/**
 * The worker's half for PopOut and Five-in-a-Row: the family's levels (src/ai/family) and
 * analysis, read from the game string the page sends (`popout:44p4`).
 */
export function familyPosition(game: GameRef): GamePosition {
  const parsed = parseFamilyGame(game.family ?? '');
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

export function familyMove(request: Extract<Request, { type: 'move' }>): Reply {
  const position = familyPosition(request.game);
  // The level's own budget (src/ai/budgets.ts), as in the CLI and on the server.
  const level = parseLevel(request.level);
  const move = chooseFamilyMove(position, level.ok ? level.value : 'intermediate', {
    rng: createRandom(request.seed),
  });
  return { id: request.id, type: 'move', column: move.column, kind: move.kind };
}

/** A deeper look than Strong plays with, for the hints. */
const ANALYSIS_BUDGET = { nodes: null, timeMs: 1500 } as const;

/** A move's value from the position it leaves: a win now, a loss next move, or unknown. */
function oneMoveLook(position: GamePosition, move: Move): FamilyMoveValue {
  const after = position.clone();
  after.play(move);
  const outcome = after.outcome;
  if (outcome.kind === 'win') {
    const score = outcome.winner === position.turn ? FAMILY_WIN_THRESHOLD : -FAMILY_WIN_THRESHOLD;
    return { move, score, exact: false };
  }
  if (outcome.kind === 'draw') return { move, score: 0, exact: true };
  if (immediateWins(after).length > 0) return { move, score: -FAMILY_WIN_THRESHOLD, exact: false };
  return { move, score: null, exact: false };
}

/** The solver's time for the exact pass of the hints. */
const SOLVE_MS = 4000;

/**
 * The mover's moves to the end, this one included, for an exact score of the family solver
 * (docs/family.md): PopOut counts plies to the end, Five-in-a-Row scores as the classic solver
 * with the set-up discs on the board.
 */
export function familyDistance(position: GamePosition, score: number): number {
  if (position.ruleset.pops) {
    const plies = POPOUT_WIN - Math.abs(score);
    return score > 0 ? Math.ceil(plies / 2) : Math.floor(plies / 2);
  }
  const { width, height } = position.variant;
  const discs = position.heights.reduce((sum, h) => sum + h, 0);
  return movesToEnd(width * height, discs, score);
}

/**
 * Hints in two passes: the search's estimates at once, then the solver's exact scores for every
 * move it settles in its time (the estimates stay for the rest).
 */
export function familyAnalysis(
  request: Extract<Request, { type: 'analyze' }>,
  post: (reply: Reply) => void,
): void {
  const position = familyPosition(request.game);
  const choice = chooseFamilyMoveExplained(position, 'strong', { budget: ANALYSIS_BUDGET });
  const searched: FamilyMoveValue[] = choice.moves.map(({ move, score, kind }) => ({
    move,
    score,
    exact: kind === 'exact',
  }));
  // The search skips moves it settles without searching (a win on the spot, a move that lets
  // the opponent win at once): those are judged here, one ply deep, so every move has a hint.
  const estimates = position
    .legalMoves()
    .map((move) => searched.find((e) => sameMove(e.move, move)) ?? oneMoveLook(position, move));
  const reply = (values: readonly FamilyMoveValue[], final: boolean): Reply => {
    const hints = familyHints(position, values, FAMILY_WIN_THRESHOLD);
    return {
      id: request.id,
      type: 'analysis',
      hints: hints.drops,
      popHints: hints.pops,
      final,
      exact: values.length > 0 && values.every((v) => v.exact),
      threads: 1,
    };
  };
  post(reply(estimates, false));
  let solved: ReturnType<typeof analyseFamily>;
  try {
    // On a copy: the hints are read from `position` after the search, whatever it left behind.
    solved = analyseFamily(position.clone(), { deadline: Date.now() + SOLVE_MS });
  } catch {
    // The solver could not run here (e.g. its WebAssembly is missing): the estimates stand.
    post(reply(estimates, true));
    return;
  }
  const values = position.legalMoves().map((move): FamilyMoveValue => {
    const score = solved.moves.find((m) => sameMove(m.move, move))?.score ?? null;
    if (score !== null) {
      const distance = score === 0 ? undefined : familyDistance(position, score);
      return { move, score, exact: true, ...(distance === undefined ? {} : { distance }) };
    }
    return estimates.find((e) => sameMove(e.move, move)) ?? oneMoveLook(position, move);
  });
  post(reply(values, true));
}
