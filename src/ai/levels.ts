import { C4Error, ErrorCode, err, ok, type Result, type Variant } from '../core/index.js';
import { solverSupports } from '../solver/support.js';

export type LevelId = 'beginner' | 'casual' | 'intermediate' | 'strong' | 'perfect';

/** A difficulty, named for players rather than for search depths. */
export interface Level {
  readonly id: LevelId;
  /** 1 (weakest) to 5 (strongest): the ladder the arena calibrates. */
  readonly rank: 1 | 2 | 3 | 4 | 5;
  readonly name: string;
  readonly description: string;
}

export const LEVELS: readonly Level[] = Object.freeze([
  {
    id: 'beginner',
    rank: 1,
    name: 'Beginner',
    description:
      'Plays by simple rules (win, block, build lines, prefer the centre) and sometimes overlooks your threats.',
  },
  {
    id: 'casual',
    rank: 2,
    name: 'Casual',
    description:
      'Never misses a win in one or a block of yours; otherwise looks only a couple of moves ahead.',
  },
  {
    id: 'intermediate',
    rank: 3,
    name: 'Intermediate',
    description:
      'Searches several moves ahead and weighs threats, odd/even rows and the centre; no simple blunders.',
  },
  {
    id: 'strong',
    rank: 4,
    name: 'Strong',
    description: 'A deeper search with the same judgement: hard to beat, but not perfect.',
  },
  {
    id: 'perfect',
    rank: 5,
    name: 'Perfect',
    description:
      'Solves the game: keeps every win or draw it can prove, takes the fastest win it finds, and on the classic board wins every game it starts; on large boards, where a proof can take longer than its 2 s a move, it plays the best move its search has found by then.',
  },
] as const satisfies readonly Level[]);

/** Finds a level by id, name or rank (`perfect`, `Perfect`, `5`). */
export function parseLevel(text: string): Result<Level, C4Error> {
  const wanted = text.trim().toLowerCase();
  const found = LEVELS.find(
    (level) =>
      level.id === wanted || level.name.toLowerCase() === wanted || String(level.rank) === wanted,
  );
  if (found) return ok(found);
  return err(
    new C4Error(
      ErrorCode.UnknownLevel,
      `unknown level ${JSON.stringify(text)} (use one of ${LEVELS.map((level) => level.id).join(', ')} or 1-5)`,
    ),
  );
}

export function levelById(id: LevelId): Level {
  return LEVELS.find((level) => level.id === id)!;
}

/**
 * Boards the exact solver can represent: every board the game offers (past 64 bits through its
 * wide build). Whether a search finishes in time is another matter, said per move.
 */
export function isSolvable(variant: Variant): boolean {
  return solverSupports(variant);
}

/**
 * The name to show for a level on a board: the top level only earns "Perfect" where exact scores
 * exist; elsewhere it is an honest "Expert".
 */
export function levelLabel(id: LevelId, variant: Variant): string {
  if (id === 'perfect' && !isSolvable(variant)) return 'Expert';
  return levelById(id).name;
}
