import type { Outcome } from '../core/index.js';
import { moveClassInfo, type MoveClass, type PlayerSummary } from '../review/index.js';
import type { CliIO } from './command.js';

export const NAMES = { 1: 'Red', 2: 'Yellow' } as const;

/** One row of the review's table, in words: the classic and the family review print the same. */
export interface ReviewRow {
  readonly move: number;
  readonly player: 1 | 2;
  /** The column ("4") or the family move ("p4"). */
  readonly played: string;
  readonly class: MoveClass;
  readonly outcome: string;
  readonly better: readonly { readonly played: string; readonly outcome: string }[];
}

function summaryLine(summary: PlayerSummary): string {
  const c = summary.counts;
  const accuracy = summary.accuracy === null ? 'n/a' : `${summary.accuracy.toFixed(1)}%`;
  const first = summary.firstDecisive === null ? 'none' : `move ${summary.firstDecisive + 1}`;
  return (
    `${NAMES[summary.player]}: ${c.best} best, ${c.slower} kept the result but slower, ` +
    `${c.mistake} mistakes, ${c.blunder} blunders, ${c.unsolved} not solved; ` +
    `accuracy ${accuracy}; first decisive mistake: ${first}`
  );
}

/**
 * `c4 review`'s text: the result, a row per move, what the time did not reach and each player's
 * summary. `heading` names the played column ("col" or "move"); its width is the column's.
 */
export function printReview(
  io: CliIO,
  review: {
    readonly game: string;
    readonly outcome: Outcome;
    readonly heading: string;
    readonly rows: readonly ReviewRow[];
    readonly skipped: number;
    readonly players: readonly PlayerSummary[];
  },
): void {
  const end = review.outcome;
  const result =
    end.kind === 'win' ? `${NAMES[end.winner]} wins` : end.kind === 'draw' ? 'draw' : 'unfinished';
  const width = review.heading.length;
  io.out(`Review of ${review.game}: ${result}\n`);
  io.out(
    `move  player  ${review.heading}  judgement                 result of the move    better\n`,
  );
  for (const row of review.rows) {
    const info = moveClassInfo(row.class);
    const better = row.better.map((b) => `${b.played} (${b.outcome})`).join(', ');
    io.out(
      `${String(row.move).padStart(4)}  ${NAMES[row.player].padEnd(6)}  ${row.played.padStart(width)}  ` +
        `${`${info.mark} ${info.label}`.padEnd(24)}  ${row.outcome.padEnd(20)}  ${better}\n`,
    );
  }
  if (review.skipped > 0) {
    io.out(`(moves 1-${review.skipped} not reached: the time budget ran out)\n`);
  }
  for (const summary of review.players) io.out(summaryLine(summary) + '\n');
  io.out(
    'Accuracy: best moves count 1, moves that kept the result but slower 1/2, over the judged moves.\n',
  );
}
