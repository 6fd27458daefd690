import { RULE_INDEX, type Solution } from './rules.js';

/**
 * When two solutions can be used together (Allis 1988, section 7.1, as tabulated in Giuliano
 * Bertoletti's VELENA, which implements the thesis). Three conditions:
 * - DISJOINT: no square in common;
 * - NO_CLAIMEVEN_BELOW: no Claimeven of the other solution at or below the squares of the
 *   Lowinverse / Highinverse (the inverse needs the controller free to play low in its columns);
 * - COLUMNWISE: in every column the two use either no common square or exactly the same squares
 *   (VELENA only asks for an even number of squares in the union; equal-or-disjoint is stricter).
 * Where VELENA and the thesis' Python reimplementations differ, the stricter reading is kept.
 */
const DISJOINT = 1;
const NO_CLAIMEVEN_BELOW = 2;
const COLUMNWISE = 4;
const D = DISJOINT;
const DC = DISJOINT | NO_CLAIMEVEN_BELOW;
const W = COLUMNWISE;
const CW = NO_CLAIMEVEN_BELOW | COLUMNWISE;

// Rows and columns in RULES order: claimeven, baseinverse, vertical, aftereven, lowinverse,
// highinverse, baseclaim, before.
const TABLE: readonly (readonly number[])[] = [
  [D, D, D, D, DC, DC, D, D],
  [D, D, D, D, D, D, D, D],
  [D, D, D, D, D, D, D, D],
  [D, D, D, W, DC, DC, D, W],
  [DC, D, D, DC, D, D, DC, CW],
  [DC, D, D, DC, D, D, DC, DC],
  [D, D, D, D, DC, DC, D, D],
  [D, D, D, W, CW, DC, D, W],
];

const isInverse = (s: Solution): boolean => s.rule === 'lowinverse' || s.rule === 'highinverse';

function overlap(a: Solution, b: Solution): boolean {
  for (let c = 0; c < a.columns.length; c++) if ((a.columns[c]! & b.columns[c]!) !== 0) return true;
  return false;
}

function columnwiseDisjointOrEqual(a: Solution, b: Solution): boolean {
  for (let c = 0; c < a.columns.length; c++) {
    const x = a.columns[c]!;
    const y = b.columns[c]!;
    if ((x & y) !== 0 && x !== y) return false;
  }
  return true;
}

/** A Claimeven of `other` whose lower square is at or below a square of the inverse. */
function claimevenBelow(inverse: Solution, other: Solution): boolean {
  for (let c = 0; c < inverse.columns.length; c++) {
    const mask = inverse.columns[c]!;
    if (mask === 0) continue;
    const top = 31 - Math.clz32(mask);
    if ((other.claimevenLowers[c]! & ((2 << top) - 1)) !== 0) return true;
  }
  return false;
}

export function compatible(a: Solution, b: Solution): boolean {
  const how = TABLE[RULE_INDEX[a.rule]]![RULE_INDEX[b.rule]]!;
  if ((how & DISJOINT) !== 0 && overlap(a, b)) return false;
  if ((how & NO_CLAIMEVEN_BELOW) !== 0) {
    if (isInverse(a) && claimevenBelow(a, b)) return false;
    if (isInverse(b) && claimevenBelow(b, a)) return false;
  }
  if ((how & COLUMNWISE) !== 0 && !columnwiseDisjointOrEqual(a, b)) return false;
  return true;
}
