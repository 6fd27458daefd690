import { createRandom, parseLevel } from '../../ai/index.js';
import {
  FAMILY_WIN_THRESHOLD,
  chooseFamilyMove,
  chooseFamilyMoveExplained,
} from '../../ai/family/index.js';
import { parseFamilyGame, type GamePosition } from '../../core/index.js';
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

export function familyAnalysis(request: Extract<Request, { type: 'analyze' }>): Reply {
  const position = familyPosition(request.game);
  const choice = chooseFamilyMoveExplained(position, 'strong', { budget: ANALYSIS_BUDGET });
  const values: FamilyMoveValue[] = choice.moves.map(({ move, score, kind }) => ({
    move,
    score,
    exact: kind === 'exact',
  }));
  const hints = familyHints(position, values, FAMILY_WIN_THRESHOLD);
  const exact = values.length > 0 && values.every((v) => v.exact);
  return {
    id: request.id,
    type: 'analysis',
    hints: hints.drops,
    popHints: hints.pops,
    final: true,
    exact,
    threads: 1,
  };
}
