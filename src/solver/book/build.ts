import { Position, winScore, type Variant } from '../../core/index.js';
import { symmetricKey } from '../board-key.js';
import { Book } from './book.js';

/** A position the book builder must solve by search. */
export interface BookTask {
  readonly key: number;
  /** 0-based columns of one representative (mirror images share the key). */
  readonly moves: readonly number[];
}

/**
 * Every position with exactly `ply` discs reachable in play, one per mirror pair, in a stable
 * order. Games already won never reach that ply and so are left out.
 */
export function positionsAtPly(variant: Variant, ply: number): BookTask[] {
  let level: BookTask[] = [{ key: symmetricKey(variant, []), moves: [] }];
  for (let depth = 0; depth < ply; depth++) {
    const next = new Map<number, BookTask>();
    for (const task of level) {
      const position = Position.fromMoves(variant, task.moves);
      if (!position.ok) continue;
      for (const column of position.value.legalColumns()) {
        const child = position.value.clone();
        const played = child.play(column);
        if (!played.ok || played.value.kind !== 'ongoing') continue;
        const moves = [...task.moves, column];
        const key = symmetricKey(variant, moves);
        if (!next.has(key)) next.set(key, { key, moves });
      }
    }
    level = [...next.values()];
  }
  return level;
}

/**
 * `tasks` with the discs nearest the centre column first (by the sum of their distances from it;
 * ties keep their order): the positions games reach most come first, so a build stopped part way
 * has already answered them.
 */
export function centreFirst(variant: Variant, tasks: readonly BookTask[]): BookTask[] {
  const centre = (variant.width - 1) / 2;
  const spread = (task: BookTask): number =>
    task.moves.reduce((sum, column) => sum + Math.abs(column - centre), 0);
  return tasks
    .map((task, index) => ({ task, index, spread: spread(task) }))
    .sort((a, b) => a.spread - b.spread || a.index - b.index)
    .map(({ task }) => task);
}

/** A position already solved, with what its search cost (nodes). */
export interface SolvedParent {
  readonly moves: readonly number[];
  readonly cost: number;
}

/**
 * The positions one disc deeper than `parents`, the children of the costliest parent first. An
 * analysis of a position solves every child, so it is slow where the position itself was slow
 * to solve: a build of the next ply stopped part way has then answered the analyses search alone
 * answers last. When `parents` are every position of a ply, the tasks are every position of the
 * next (each ongoing one has an ongoing parent), each once, up to mirror images.
 */
export function hardestParentsFirst(
  variant: Variant,
  parents: readonly SolvedParent[],
): BookTask[] {
  const ordered = [...parents].sort((a, b) => b.cost - a.cost);
  const tasks = new Map<number, BookTask>();
  for (const parent of ordered) {
    const position = Position.fromMoves(variant, parent.moves);
    if (!position.ok || position.value.outcome.kind !== 'ongoing') continue;
    for (const column of position.value.legalColumns()) {
      const child = position.value.clone();
      const played = child.play(column);
      if (!played.ok || played.value.kind !== 'ongoing') continue;
      const moves = [...parent.moves, column];
      const key = symmetricKey(variant, moves);
      if (!tasks.has(key)) tasks.set(key, { key, moves });
    }
  }
  return [...tasks.values()];
}

/**
 * Scores of shallower positions from complete deeper ones: a position's score is the best over
 * its columns of an immediate win or minus the child's book score. Returns the entries of plies
 * `fromPly-1` down to 0 that could be derived (all of them when ply `fromPly` is complete).
 */
export function deriveShallower(
  variant: Variant,
  fromPly: number,
  known: ReadonlyMap<number, number>,
): Map<number, number> {
  const scores = new Map(known);
  const size = variant.width * variant.height;
  for (let ply = fromPly - 1; ply >= 0; ply--) {
    for (const task of positionsAtPly(variant, ply)) {
      if (scores.has(task.key)) continue;
      const position = Position.fromMoves(variant, task.moves);
      if (!position.ok) continue;
      let best = -Infinity;
      for (const column of position.value.legalColumns()) {
        const child = position.value.clone();
        const played = child.play(column);
        if (!played.ok) continue;
        if (played.value.kind === 'win') {
          best = Math.max(best, winScore(size, ply));
          continue;
        }
        const childScore =
          played.value.kind === 'draw'
            ? 0
            : scores.get(symmetricKey(variant, [...task.moves, column]));
        if (childScore === undefined) {
          best = NaN;
          break;
        }
        // `0 - x`, not `-x`: a drawn child must give 0, never -0 (which is not `Object.is` 0).
        best = Math.max(best, 0 - childScore);
      }
      if (Number.isFinite(best)) scores.set(task.key, best);
    }
  }
  return scores;
}

/** The deepest ply whose every position has a score. */
export function completePly(
  variant: Variant,
  scores: ReadonlyMap<number, number>,
  max: number,
): number {
  let complete = -1;
  for (let ply = 0; ply <= max; ply++) {
    if (positionsAtPly(variant, ply).every((t) => scores.has(t.key))) complete = ply;
    else break;
  }
  return complete;
}

export function bookFromScores(
  variant: Variant,
  scores: ReadonlyMap<number, number>,
  maxPly: number,
): Book {
  return Book.fromEntries(variant, completePly(variant, scores, maxPly), scores);
}

/** A position to solve because games reach its parent, with how many of them do. */
export interface LineTask extends BookTask {
  /** Games (of those given) that reach the position this one is a child of. */
  readonly games: number;
}

/**
 * The positions at plies `fromPly`..`toPly` that analysing the given games needs: every child of
 * each position a game reaches at one ply less, so the analysis of that position finds all its
 * columns in the book. One per mirror pair; finished games and won children are left out.
 *
 * Ordered by games answered per second of search: how many games reach the parent, times
 * {@link LINE_COST_GROWTH} per ply deeper (a position one disc deeper costs about that much less
 * to solve), so a build stopped part way has answered the most positions games meet for its
 * time. Games part soon (of the children that six held-out games' ply-4 positions need, 60
 * training games reach 24 of 35; at ply 8, 1 of 42), which the game counts say; the cost says a
 * deeper parent reached by few games may still come before a shallow one reached by one. Ties:
 * shallowest first.
 */
export function positionsAlongLines(
  variant: Variant,
  games: readonly (readonly number[])[],
  fromPly: number,
  toPly: number,
): LineTask[] {
  const parents = new Map<number, { moves: readonly number[]; games: number }>();
  for (const game of games) {
    const seen = new Set<number>();
    for (let ply = Math.max(0, fromPly - 1); ply < toPly && ply < game.length; ply++) {
      const moves = game.slice(0, ply);
      const key = symmetricKey(variant, moves);
      // A game passes each key once, but two of its prefixes may be mirror images.
      if (seen.has(key)) continue;
      seen.add(key);
      const parent = parents.get(key);
      if (parent) parent.games++;
      else parents.set(key, { moves, games: 1 });
    }
  }
  const tasks = new Map<number, LineTask>();
  for (const parent of parents.values()) {
    const position = Position.fromMoves(variant, parent.moves);
    if (!position.ok || position.value.outcome.kind !== 'ongoing') continue;
    for (const column of position.value.legalColumns()) {
      const child = position.value.clone();
      const played = child.play(column);
      if (!played.ok || played.value.kind !== 'ongoing') continue;
      const moves = [...parent.moves, column];
      const key = symmetricKey(variant, moves);
      const known = tasks.get(key);
      if (!known || known.games < parent.games) tasks.set(key, { key, moves, games: parent.games });
    }
  }
  const worth = (task: LineTask): number => task.games * LINE_COST_GROWTH ** task.moves.length;
  return [...tasks.values()].sort(
    (a, b) => worth(b) - worth(a) || a.moves.length - b.moves.length || a.key - b.key,
  );
}

/**
 * About how much more a line position costs to solve than one a disc deeper, from the mean
 * search time per ply of the line builds (steeper near the root, flatter deeper).
 */
export const LINE_COST_GROWTH = 2.5;
