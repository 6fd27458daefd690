import type { Player } from '../../core/index.js';
import type { MoveReview, PlayerSummary } from '../../review/index.js';

/**
 * What the Review page may claim while its worker is still judging moves. The review runs from
 * the last move back, so a mistake found at move 17 is the player's *first* decisive mistake
 * only once every earlier move of theirs is judged: until then the page says it is not known
 * yet, rather than name a move it may have to take back.
 */
export type DecisiveVerdict =
  /** Proven: every earlier move of the player is judged and none gave the result away. */
  | { readonly kind: 'move'; readonly ply: number }
  /** Proven: every move of the player is judged, none decisive. */
  | { readonly kind: 'none' }
  /** Still judging: `open` earlier moves of the player are not judged yet. */
  | { readonly kind: 'pending'; readonly open: number }
  /**
   * The review has ended with `open` earlier moves not solved: `ply` (or nothing) is the first
   * decisive mistake among the judged moves only.
   */
  | { readonly kind: 'unproven'; readonly open: number; readonly ply: number | null };

const judged = (review: Pick<MoveReview, 'class'> | undefined): boolean =>
  review !== undefined && review.class !== 'unsolved';

/** The plies (discs before the move) of `player`'s moves in a game of `moves` moves. */
const pliesOf = (player: Player, moves: number): number[] => {
  const plies: number[] = [];
  for (let ply = player - 1; ply < moves; ply += 2) plies.push(ply);
  return plies;
};

export function decisiveVerdict(
  player: Player,
  summary: Pick<PlayerSummary, 'firstDecisive'>,
  reviews: ReadonlyMap<number, Pick<MoveReview, 'class'>>,
  moves: number,
  finished: boolean,
): DecisiveVerdict {
  const found = summary.firstDecisive;
  const before = pliesOf(player, moves).filter((ply) => found === null || ply < found);
  const open = before.filter((ply) => !judged(reviews.get(ply))).length;
  if (open === 0) return found === null ? { kind: 'none' } : { kind: 'move', ply: found };
  return finished ? { kind: 'unproven', open, ply: found } : { kind: 'pending', open };
}

const movesText = (n: number): string => `${n} ${n === 1 ? 'move' : 'moves'}`;

/** The verdict in words (the link to a proven move is the page's job). */
export function verdictText(verdict: DecisiveVerdict): string {
  switch (verdict.kind) {
    case 'move':
      return `move ${verdict.ply + 1}`;
    case 'none':
      return 'none';
    case 'pending':
      return `not known yet (${movesText(verdict.open)} still to judge)`;
    case 'unproven':
      return verdict.ply === null
        ? `none found, but ${movesText(verdict.open)} could not be solved`
        : `not proven: move ${verdict.ply + 1} is the first judged one, ${movesText(verdict.open)} before it could not be solved`;
  }
}

/** "Accuracy 92% over 12 of 20 moves judged" — never a percentage without its base. */
export function accuracyText(
  summary: Pick<PlayerSummary, 'accuracy' | 'moves' | 'counts'>,
  total: number,
): string {
  const judgedMoves = summary.moves - summary.counts.unsolved;
  if (summary.accuracy === null || judgedMoves === 0) {
    return `Accuracy: not known yet (0 of ${movesText(total)} judged)`;
  }
  const base =
    judgedMoves === total ? `all ${movesText(total)}` : `${judgedMoves} of ${movesText(total)}`;
  return `Accuracy ${summary.accuracy.toFixed(0)}% over ${base} judged`;
}

/** How many moves of `player` the game has. */
export const movesOf = (player: Player, moves: number): number => pliesOf(player, moves).length;

/** The status line: how far the review has got, or how it ended. */
export function reviewStatusText(judged: number, total: number, finished: boolean): string {
  if (!finished) return `Reviewing… ${judged} of ${total} moves judged (from the last move back).`;
  const open = total - judged;
  return open === 0
    ? `Review complete: all ${total} moves judged.`
    : `Review stopped: ${open} of ${total} moves not solved in the time allowed.`;
}
