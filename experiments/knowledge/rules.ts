import { CONTROLLER, MOVER, isEvenSquare, type KnowledgeBoard } from './board.js';
import { add, and, and3, isEmpty, minus, orInto, type GroupSet } from './sets.js';

/**
 * Allis' strategic rules ("A Knowledge-based Approach of Connect-Four", 1988, chapter 6), for
 * the controller of the zugzwang (the side NOT to move, with an even number of empty squares on
 * a board of even height). Each application of a rule is a Solution: the squares it uses, and
 * the mover's groups it refutes, i.e. that the controller can stop the mover completing.
 *
 * Specialbefore is left out, and Before only takes, for each empty square of its group, the
 * Claimeven or Vertical that has the square as its lower square, or a Claimeven (never a
 * Vertical) that has it as its upper square: a narrower set of instances than Allis allows, each
 * of which still forces "the controller gets the empty square or the square above it".
 */
export const RULES = [
  'claimeven',
  'baseinverse',
  'vertical',
  'aftereven',
  'lowinverse',
  'highinverse',
  'baseclaim',
  'before',
] as const;
export type RuleName = (typeof RULES)[number];
export const RULE_INDEX: Readonly<Record<RuleName, number>> = Object.fromEntries(
  RULES.map((name, i) => [name, i]),
) as Record<RuleName, number>;

export interface Solution {
  readonly rule: RuleName;
  /** The squares it uses, per column as a mask of rows (Allis' "squares involved"). */
  readonly columns: Uint16Array;
  /** The lower squares of the Claimevens it relies on, per column as a mask of rows. */
  readonly claimevenLowers: Uint16Array;
  /** The mover's groups it refutes. */
  readonly groups: GroupSet;
  /** The cells it uses (`column * height + row`), for explanations. */
  readonly cells: readonly number[];
}

/** Which rules to generate (all by default): for measurements and tests. */
export type RuleSet = ReadonlySet<RuleName>;

interface Context {
  readonly board: KnowledgeBoard;
  /** Groups without a controller disc: the mover's threats, the problems to solve. */
  readonly moverGroups: GroupSet;
  /** Groups without a mover disc: what Aftereven and Before build on. */
  readonly controllerGroups: GroupSet;
  readonly out: Solution[];
}

export function moverAndControllerGroups(board: KnowledgeBoard): [GroupSet, GroupSet] {
  const { geometry, cells } = board;
  const { groupCount, connect, groupCells, words } = geometry;
  const mover = new Uint32Array(words);
  const controller = new Uint32Array(words);
  for (let g = 0; g < groupCount; g++) {
    let hasMover = false;
    let hasController = false;
    for (let i = 0; i < connect; i++) {
      const cell = cells[groupCells[g * connect + i]!];
      if (cell === MOVER) hasMover = true;
      else if (cell === CONTROLLER) hasController = true;
    }
    if (!hasController) add(mover, g);
    if (!hasMover) add(controller, g);
  }
  return [mover, controller];
}

/** Every useful application of the chosen rules on `board`. */
export function findSolutions(
  board: KnowledgeBoard,
  moverGroups: GroupSet,
  controllerGroups: GroupSet,
  rules: RuleSet,
): Solution[] {
  const ctx: Context = { board, moverGroups, controllerGroups, out: [] };
  if (rules.has('claimeven')) claimevens(ctx);
  if (rules.has('baseinverse')) baseinverses(ctx);
  if (rules.has('vertical')) verticals(ctx);
  if (rules.has('aftereven')) afterevens(ctx);
  if (rules.has('lowinverse')) lowinverses(ctx);
  if (rules.has('highinverse')) highinverses(ctx);
  if (rules.has('baseclaim')) baseclaims(ctx);
  if (rules.has('before')) befores(ctx);
  return ctx.out;
}

// ---- helpers --------------------------------------------------------------------------------

const cellOf = (board: KnowledgeBoard, column: number, row: number): number =>
  column * board.height + row;

const isEmptyCell = (board: KnowledgeBoard, column: number, row: number): boolean =>
  row >= board.heights[column]! && row < board.height;

const through = (ctx: Context, column: number, row: number): GroupSet =>
  ctx.board.geometry.through[cellOf(ctx.board, column, row)]!;

/** The mover's groups through both squares. */
function both(ctx: Context, c1: number, r1: number, c2: number, r2: number): GroupSet {
  return and3(through(ctx, c1, r1), through(ctx, c2, r2), ctx.moverGroups);
}

/** The mover's groups through the square. */
function one(ctx: Context, column: number, row: number): GroupSet {
  return and(through(ctx, column, row), ctx.moverGroups);
}

function push(
  ctx: Context,
  rule: RuleName,
  squares: readonly (readonly [number, number])[],
  claimevenLowers: readonly (readonly [number, number])[],
  groups: GroupSet,
): void {
  if (isEmpty(groups)) return; // solves nothing: useless
  const { width } = ctx.board;
  const columns = new Uint16Array(width);
  const lowers = new Uint16Array(width);
  for (const [c, r] of squares) columns[c]! |= 1 << r;
  for (const [c, r] of claimevenLowers) lowers[c]! |= 1 << r;
  ctx.out.push({
    rule,
    columns,
    claimevenLowers: lowers,
    groups,
    cells: squares.map(([c, r]) => cellOf(ctx.board, c, r)),
  });
}

/** The directly playable squares, as [column, row]. */
function playable(board: KnowledgeBoard): [number, number][] {
  const out: [number, number][] = [];
  for (let c = 0; c < board.width; c++) {
    if (board.heights[c]! < board.height) out.push([c, board.heights[c]!]);
  }
  return out;
}

/** The empty squares of a group, or undefined if it has a mover disc or none is empty. */
function emptiesOf(ctx: Context, group: number): [number, number][] {
  const { geometry, cells, height } = ctx.board;
  const out: [number, number][] = [];
  for (let i = 0; i < geometry.connect; i++) {
    const cell = geometry.groupCells[group * geometry.connect + i]!;
    if (cells[cell] === 0) out.push([Math.floor(cell / height), cell % height]);
  }
  return out;
}

// ---- the rules ------------------------------------------------------------------------------

/**
 * Claimeven: two empty squares directly above each other, the upper one even. The controller
 * answers a move on the lower square by taking the upper one ("follow-up"), so it gets the upper
 * square. Refutes every group through the upper square.
 */
function claimevens(ctx: Context): void {
  const { board } = ctx;
  for (let c = 0; c < board.width; c++) {
    for (let r = board.heights[c]! + 1; r < board.height; r++) {
      if (!isEvenSquare(r)) continue;
      push(
        ctx,
        'claimeven',
        [
          [c, r - 1],
          [c, r],
        ],
        [[c, r - 1]],
        one(ctx, c, r),
      );
    }
  }
}

/**
 * Baseinverse: two directly playable squares. When the mover takes one the controller takes the
 * other, so the mover never gets both. Refutes every group through both.
 */
function baseinverses(ctx: Context): void {
  const squares = playable(ctx.board);
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      const [c1, r1] = squares[i]!;
      const [c2, r2] = squares[j]!;
      push(
        ctx,
        'baseinverse',
        [
          [c1, r1],
          [c2, r2],
        ],
        [],
        both(ctx, c1, r1, c2, r2),
      );
    }
  }
}

/**
 * Vertical: two empty squares directly above each other, the upper one odd. The controller gets
 * at least one of them. Refutes every group through both.
 */
function verticals(ctx: Context): void {
  const { board } = ctx;
  for (let c = 0; c < board.width; c++) {
    for (let r = board.heights[c]! + 1; r < board.height; r++) {
      if (isEvenSquare(r)) continue;
      push(
        ctx,
        'vertical',
        [
          [c, r - 1],
          [c, r],
        ],
        [],
        both(ctx, c, r - 1, c, r),
      );
    }
  }
}

/**
 * Aftereven: a group of the controller that it completes with the upper squares of Claimevens
 * alone (every empty square of it is even, with an empty square below). If the mover ever gets
 * a square above the group's empty square in every one of those columns, the controller has
 * completed its group first. Refutes the groups its Claimevens refute, and every group with a
 * square at or above the Aftereven square in each Aftereven column.
 */
function afterevens(ctx: Context): void {
  const { board, controllerGroups } = ctx;
  const { geometry } = board;
  for (let g = 0; g < geometry.groupCount; g++) {
    if ((controllerGroups[g >>> 5]! & (1 << (g & 31))) === 0 || geometry.vertical[g] === 1) {
      continue;
    }
    const empties = emptiesOf(ctx, g);
    if (empties.length === 0) continue;
    if (!empties.every(([c, r]) => isEvenSquare(r) && isEmptyCell(board, c, r - 1))) continue;
    const groups = new Uint32Array(geometry.words);
    for (const [c, r] of empties) orInto(groups, one(ctx, c, r));
    for (let h = 0; h < geometry.groupCount; h++) {
      if ((ctx.moverGroups[h >>> 5]! & (1 << (h & 31))) === 0) continue;
      if (empties.every(([c, r]) => geometry.topInColumn[h * board.width + c]! >= r))
        add(groups, h);
    }
    push(
      ctx,
      'aftereven',
      empties.flatMap(([c, r]): [number, number][] => [
        [c, r - 1],
        [c, r],
      ]),
      empties.map(([c, r]): [number, number] => [c, r - 1]),
      groups,
    );
  }
}

/** The columns' valid (lower, upper) pairs for the inverses: lower even, upper odd, both empty. */
function oddUppers(board: KnowledgeBoard, column: number): number[] {
  const out: number[] = [];
  for (let r = board.heights[column]! + 1; r < board.height; r++) {
    if (!isEvenSquare(r)) out.push(r);
  }
  return out;
}

/**
 * Lowinverse: two columns, each with two empty squares directly above each other, the upper one
 * odd. The controller gets one square of each column's pair and one of the two upper squares.
 * Refutes the groups through both upper squares and those the two Verticals refute.
 */
function lowinverses(ctx: Context): void {
  const { board } = ctx;
  for (let c1 = 0; c1 < board.width; c1++) {
    for (let c2 = c1 + 1; c2 < board.width; c2++) {
      for (const u1 of oddUppers(board, c1)) {
        for (const u2 of oddUppers(board, c2)) {
          const uppers = both(ctx, c1, u1, c2, u2);
          // without a group through both uppers it is just two Verticals
          if (isEmpty(uppers)) continue;
          const groups = new Uint32Array(uppers);
          orInto(groups, both(ctx, c1, u1 - 1, c1, u1));
          orInto(groups, both(ctx, c2, u2 - 1, c2, u2));
          push(
            ctx,
            'lowinverse',
            [
              [c1, u1 - 1],
              [c1, u1],
              [c2, u2 - 1],
              [c2, u2],
            ],
            [],
            groups,
          );
        }
      }
    }
  }
}

/**
 * Highinverse: two columns, each with three empty squares directly above each other, the upper
 * one even. Refutes the groups through both upper squares, through both middle squares, through
 * the two highest squares of one column, and, where a column's lower square is directly
 * playable, through that lower square and the other column's upper square.
 */
function highinverses(ctx: Context): void {
  const { board } = ctx;
  const triples = (column: number): number[] => {
    const out: number[] = [];
    for (let r = board.heights[column]! + 2; r < board.height; r++) {
      if (isEvenSquare(r)) out.push(r); // r is the upper square
    }
    return out;
  };
  for (let c1 = 0; c1 < board.width; c1++) {
    for (let c2 = c1 + 1; c2 < board.width; c2++) {
      for (const u1 of triples(c1)) {
        for (const u2 of triples(c2)) {
          const cross = both(ctx, c1, u1, c2, u2);
          orInto(cross, both(ctx, c1, u1 - 1, c2, u2 - 1));
          if (board.heights[c1] === u1 - 2) orInto(cross, both(ctx, c1, u1 - 2, c2, u2));
          if (board.heights[c2] === u2 - 2) orInto(cross, both(ctx, c1, u1, c2, u2 - 2));
          // without a group across the columns it only repeats two Claimevens
          if (isEmpty(cross)) continue;
          const groups = new Uint32Array(cross);
          orInto(groups, both(ctx, c1, u1 - 1, c1, u1));
          orInto(groups, both(ctx, c2, u2 - 1, c2, u2));
          push(
            ctx,
            'highinverse',
            [
              [c1, u1 - 2],
              [c1, u1 - 1],
              [c1, u1],
              [c2, u2 - 2],
              [c2, u2 - 1],
              [c2, u2],
            ],
            [],
            groups,
          );
        }
      }
    }
  }
}

/**
 * Baseclaim: three directly playable squares (first, second, third) and the even square above
 * the second. Refutes the groups through the first square and the square above the second, and
 * those through the second and third squares.
 */
function baseclaims(ctx: Context): void {
  const squares = playable(ctx.board);
  for (const [cb, rb] of squares) {
    const above = rb + 1;
    if (above >= ctx.board.height || !isEvenSquare(above)) continue;
    for (const [ca, ra] of squares) {
      if (ca === cb) continue;
      const first = both(ctx, ca, ra, cb, above);
      if (isEmpty(first)) continue; // otherwise just a Baseinverse of second and third
      for (const [cc, rc] of squares) {
        if (cc === cb || cc === ca) continue;
        const groups = new Uint32Array(first);
        orInto(groups, both(ctx, cb, rb, cc, rc));
        push(
          ctx,
          'baseclaim',
          [
            [ca, ra],
            [cb, rb],
            [cb, above],
            [cc, rc],
          ],
          [[cb, rb]],
          groups,
        );
      }
    }
  }
}

/**
 * Before: a group of the controller with no empty square in the top row. For each empty square
 * of it the controller uses a Claimeven or Vertical that gives it that square or the square
 * above it (its successor); then the mover can only get every successor after the controller
 * has completed its group. Refutes the groups through all the successors, and those the
 * Claimevens and Verticals refute.
 */
function befores(ctx: Context): void {
  const { board, controllerGroups } = ctx;
  const { geometry } = board;
  for (let g = 0; g < geometry.groupCount; g++) {
    if ((controllerGroups[g >>> 5]! & (1 << (g & 31))) === 0 || geometry.vertical[g] === 1) {
      continue;
    }
    const empties = emptiesOf(ctx, g);
    if (empties.length === 0 || empties.some(([, r]) => r === board.height - 1)) continue;
    let successors: GroupSet = new Uint32Array(ctx.moverGroups);
    for (const [c, r] of empties) successors = and(successors, through(ctx, c, r + 1));
    if (isEmpty(successors)) continue; // nothing beyond what its Claimevens/Verticals refute
    // Per empty square, the pairs allowed: [lower row, upper row] in its column.
    const options = empties.map(([c, r]): [number, number][] => {
      const pairs: [number, number][] = [[r, r + 1]];
      if (isEvenSquare(r) && isEmptyCell(board, c, r - 1)) pairs.push([r - 1, r]);
      return pairs;
    });
    const choose = (i: number, picked: [number, number, number][]): void => {
      if (i === empties.length) {
        const groups = new Uint32Array(successors);
        const squares: [number, number][] = [];
        const lowers: [number, number][] = [];
        for (const [c, lower, upper] of picked) {
          squares.push([c, lower], [c, upper]);
          if (isEvenSquare(upper)) {
            lowers.push([c, lower]);
            orInto(groups, one(ctx, c, upper));
          } else {
            orInto(groups, both(ctx, c, lower, c, upper));
          }
        }
        push(ctx, 'before', squares, lowers, groups);
        return;
      }
      const column = empties[i]![0];
      for (const [lower, upper] of options[i]!) choose(i + 1, [...picked, [column, lower, upper]]);
    };
    choose(0, []);
  }
}

/** The mover's groups no solution refutes (for explanations and a fast "no proof"). */
export function unsolvable(moverGroups: GroupSet, solutions: readonly Solution[]): GroupSet {
  const covered = new Uint32Array(moverGroups.length);
  for (const s of solutions) orInto(covered, s.groups);
  return minus(moverGroups, covered);
}
