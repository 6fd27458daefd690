/**
 * A move of any family member: a kind plus a 0-based column. Power Up's special discs will be
 * further kinds (or a disc field on a drop); every consumer switches on `kind`, so adding one is
 * a compile error wherever it needs handling.
 */
export const MOVE_KINDS = ['drop', 'pop'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

export interface Move {
  readonly kind: MoveKind;
  readonly column: number;
}

export const drop = (column: number): Move => ({ kind: 'drop', column });
export const pop = (column: number): Move => ({ kind: 'pop', column });

export const sameMove = (a: Move, b: Move): boolean => a.kind === b.kind && a.column === b.column;
