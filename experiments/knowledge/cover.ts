import { compatible } from './combine.js';
import { members, type GroupSet } from './sets.js';
import type { Solution } from './rules.js';

export interface CoverResult {
  /** Indices into the solutions of a pairwise compatible set refuting every problem. */
  readonly chosen: readonly number[] | null;
  /** Search steps taken (one per solution tried). */
  readonly steps: number;
  /** The step budget ran out before the search finished. */
  readonly exhausted: boolean;
}

/**
 * Allis' chosen-set search (thesis section 7.2): take the problem with the fewest usable
 * solutions, try each, drop the solutions it cannot be combined with, recurse. Exponential in
 * the worst case, so it stops after `maxSteps` tries and says so.
 */
export function findCover(
  problems: GroupSet,
  groupCount: number,
  solutions: readonly Solution[],
  maxSteps: number,
): CoverResult {
  const n = solutions.length;
  const byProblem: number[][] = Array.from({ length: groupCount }, () => []);
  const solves: number[][] = solutions.map((s) => members(s.groups));
  solves.forEach((groups, i) => {
    for (const g of groups) byProblem[g]!.push(i);
  });
  const open = members(problems);
  // solved[g]: chosen solutions refuting g; blocked[s]: reasons s cannot be chosen now
  const solved = new Int32Array(groupCount);
  const blocked = new Int32Array(n);
  const clashes: (Int32Array | undefined)[] = new Array<Int32Array | undefined>(n);
  const clashesOf = (s: number): Int32Array => {
    let list = clashes[s];
    if (!list) {
      const out: number[] = [];
      for (let t = 0; t < n; t++) {
        if (t !== s && !compatible(solutions[s]!, solutions[t]!)) out.push(t);
      }
      list = Int32Array.from(out);
      clashes[s] = list;
    }
    return list;
  };
  const chosen: number[] = [];
  let steps = 0;
  let exhausted = false;

  const search = (): boolean => {
    let best = -1;
    let bestCount = Infinity;
    for (const g of open) {
      if (solved[g] !== 0) continue;
      let count = 0;
      for (const s of byProblem[g]!) if (blocked[s] === 0) count++;
      if (count < bestCount) {
        best = g;
        bestCount = count;
        if (count === 0) return false;
      }
    }
    if (best < 0) return true;
    const tried: number[] = [];
    let found = false;
    for (const s of byProblem[best]!) {
      if (blocked[s] !== 0) continue;
      if (++steps > maxSteps) {
        exhausted = true;
        break;
      }
      const clash = clashesOf(s);
      for (const g of solves[s]!) solved[g]!++;
      for (const t of clash) blocked[t]!++;
      blocked[s]++;
      chosen.push(s);
      found = search();
      if (found) break;
      chosen.pop();
      for (const g of solves[s]!) solved[g]!--;
      for (const t of clash) blocked[t]!--;
      // s stays blocked for the siblings: every set with s was just tried
      tried.push(s);
      if (exhausted) break;
    }
    if (!found) for (const s of tried) blocked[s]!--;
    return found;
  };

  const found = search();
  return { chosen: found ? [...chosen] : null, steps, exhausted };
}
