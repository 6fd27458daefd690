/**
 * The review's judgement of a move, defined once for the CLI, the web view and the tests.
 * Every class compares the column played with the best column by the solver's exact scores
 * (or, where only bounds are known, by the results they prove).
 */
export type MoveClass = 'best' | 'slower' | 'mistake' | 'blunder' | 'unsolved';

export interface MoveClassInfo {
  readonly id: MoveClass;
  /** A word or two for tables and badges. */
  readonly label: string;
  /** One symbol, so a class reads without colour (tables, the graph's points). */
  readonly mark: string;
  /** What it means, for the legend and screen readers. */
  readonly description: string;
}

export const MOVE_CLASSES: readonly MoveClassInfo[] = Object.freeze([
  {
    id: 'best',
    label: 'Best',
    mark: '✓',
    description: 'the best exact score: the fastest win, the draw, or the slowest loss',
  },
  {
    id: 'slower',
    label: 'Kept the result',
    mark: '~',
    description: 'kept the result but was slower: a slower win or a faster loss than the best',
  },
  {
    id: 'mistake',
    label: 'Mistake',
    mark: '?',
    description: 'gave half the result away: a win turned into a draw, or a draw into a loss',
  },
  {
    id: 'blunder',
    label: 'Blunder',
    mark: '??',
    description: 'gave the whole result away: a win turned into a loss',
  },
  {
    id: 'unsolved',
    label: 'Not solved',
    mark: '…',
    description: 'the solver did not settle this position within the time budget',
  },
] satisfies MoveClassInfo[]);

export function moveClassInfo(id: MoveClass): MoveClassInfo {
  return MOVE_CLASSES.find((c) => c.id === id)!;
}
