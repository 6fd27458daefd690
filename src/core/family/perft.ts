import { NumberSet } from '../number-set.js';
import { drop, pop, type Move } from './move.js';
import { GamePosition } from './position.js';
import type { Ruleset } from './rules.js';

export interface FamilyPerft {
  /** Legal move sequences of each length (a finished game is not extended): chess-style perft. */
  readonly paths: number[];
  /** Distinct positions among them (board and side to move), OEIS A212693's count for classic. */
  readonly positions: number[];
}

/**
 * Counts from the set-up to `depth`. PopOut's repetition draw makes a position's future depend
 * on the path to it, so transpositions may be merged only while no third occurrence can have
 * happened: a return to a board needs each player to drop and pop at least once (4 plies), so
 * the third occurrence comes at ply 8 at the earliest, and up to that depth (and for every depth
 * of games without the rule) merging is exact. Deeper, every path is walked.
 */
export function familyPerft(ruleset: Ruleset, depth: number): FamilyPerft {
  const safe = ruleset.repetitionDraw > 0 ? 4 * (ruleset.repetitionDraw - 1) : Infinity;
  return depth <= safe ? mergedPerft(ruleset, depth) : walkedPerft(ruleset, depth);
}

function allMoves(ruleset: Ruleset): Move[] {
  const { width } = ruleset.variant;
  return [
    ...Array.from({ length: width }, (_, c) => drop(c)),
    ...(ruleset.pops ? Array.from({ length: width }, (_, c) => pop(c)) : []),
  ];
}

/** Level by level, one node per distinct position carrying how many paths reach it. */
export function mergedPerft(ruleset: Ruleset, depth: number): FamilyPerft {
  const paths: number[] = [];
  const positions: number[] = [];
  const moves = allMoves(ruleset);
  let level = new Map<number | string, { position: GamePosition; paths: number }>();
  const start = GamePosition.start(ruleset);
  level.set(start.key(), { position: start, paths: 1 });
  for (let ply = 0; ; ply++) {
    positions.push(level.size);
    let total = 0;
    for (const node of level.values()) total += node.paths;
    paths.push(total);
    if (ply === depth) return { paths, positions };
    const next = new Map<number | string, { position: GamePosition; paths: number }>();
    // The last level is only counted, so it keeps no copies of its positions.
    const last = ply + 1 === depth;
    for (const node of level.values()) {
      const position = node.position;
      if (position.isOver) continue;
      for (const move of moves) {
        if (!position.canPlay(move)) continue;
        position.play(move);
        const key = position.key();
        const child = next.get(key);
        if (child) child.paths += node.paths;
        else next.set(key, { position: last ? start : position.clone(), paths: node.paths });
        position.undo();
      }
    }
    level = next;
  }
}

/** Every move sequence, depth first: exact whatever the history does, at the cost of each path. */
export function walkedPerft(ruleset: Ruleset, depth: number): FamilyPerft {
  const paths = new Array<number>(depth + 1).fill(0);
  const positions = new Array<number>(depth + 1).fill(0);
  const seen = Array.from({ length: depth + 1 }, () => new KeySet());
  const moves = allMoves(ruleset);
  const position = GamePosition.start(ruleset);
  const visit = (ply: number): void => {
    paths[ply]!++;
    if (seen[ply]!.add(position.key())) positions[ply]!++;
    if (ply === depth || position.isOver) return;
    for (const move of moves) {
      if (!position.canPlay(move)) continue;
      position.play(move);
      visit(ply + 1);
      position.undo();
    }
  };
  visit(0);
  return { paths, positions };
}

/** Number keys in a NumberSet (a JS Set boxes numbers beyond 31 bits), strings in a Set. */
class KeySet {
  private readonly numbers = new NumberSet();
  private readonly strings = new Set<string>();
  add(key: number | string): boolean {
    if (typeof key === 'number') return this.numbers.add(key);
    const before = this.strings.size;
    return this.strings.add(key).size > before;
  }
}
