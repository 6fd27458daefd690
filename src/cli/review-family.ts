import {
  familyGameToString,
  moveToString,
  playerToMove,
  sameMove,
  type GamePosition,
} from '../core/index.js';
import {
  describeFamilyScore,
  familyReviewAnalyser,
  reviewFamilyGame,
  summarizeFamily,
  type FamilyMoveReview,
} from '../review/index.js';
import { POPOUT_WIN } from '../solver/family/index.js';
import { popoutBookContext } from './book-file.js';
import type { CliIO } from './command.js';
import { NAMES, printReview } from './review-text.js';

/**
 * `c4 review` for PopOut and Five-in-a-Row: every move judged by the family solver (and PopOut's
 * opening book, `familyReviewAnalyser`), first within `positionNodes` per position, then the
 * moves still unsolved with more, within `timeMs` for the whole game (the last moves first; what
 * the time does not reach is listed as not solved), printed as the classic review is.
 */
export function reviewFamilyCommand(
  game: GamePosition,
  options: { json: boolean; timeMs: number; positionNodes: number },
  io: CliIO,
): number {
  const deadline = Date.now() + options.timeMs;
  const signal = {
    get aborted() {
      return Date.now() >= deadline;
    },
  };
  const positions = new Map<number, GamePosition>();
  const book = popoutBookContext().popoutBook;
  const byPly = new Map<number, FamilyMoveReview>();
  // Pass after pass, the moves still unsolved again with four times the nodes, until the time is
  // spent: one fixed budget left most of a PopOut opening unsolved within a tenth of the time.
  // A later pass gives each open move an equal share of the time left, so the first it reaches
  // (the last moves) cannot spend the time of all the others.
  let open: number[] | undefined;
  for (let budget = options.positionNodes; !signal.aborted; budget *= 4) {
    const share = open === undefined ? Infinity : (deadline - Date.now()) / open.length;
    const analyse = familyReviewAnalyser(
      () => ({ maxNodes: budget, signal, deadline: Math.min(deadline, Date.now() + share) }),
      book,
    );
    const reviews = reviewFamilyGame(
      game.ruleset,
      game.moves,
      (position, played) => {
        positions.set(position.ply, position.clone());
        return analyse(position, played);
      },
      { signal, ...(open === undefined ? {} : { plies: open }) },
    );
    for (const review of reviews) {
      const before = byPly.get(review.ply);
      if (before === undefined || moreKnown(review, before)) byPly.set(review.ply, review);
    }
    open = [...byPly.values()].filter((r) => r.class === 'unsolved').map((r) => r.ply);
    if (open.length === 0 || byPly.size < game.ply) break;
  }
  const text = familyGameToString(game, { alwaysPrefix: true });
  const skipped = game.ply - byPly.size;
  // Every move has its line, as in the classic review: one the time did not reach is not solved.
  const lines = game.moves.map((move, ply) => {
    const review = byPly.get(ply);
    const line = {
      move: ply + 1,
      player: NAMES[playerToMove(ply)],
      played: moveToString(move),
    };
    if (review === undefined) {
      return { ...line, class: 'unsolved' as const, outcome: 'not solved', better: [] };
    }
    const at = positions.get(ply)!;
    return {
      ...line,
      class: review.class,
      outcome: describeFamilyScore(at, review.played, POPOUT_WIN),
      better: review.better.map((better) => {
        const score = review.moves.find((m) => sameMove(m.move, better))?.score ?? null;
        return { move: moveToString(better), outcome: describeFamilyScore(at, score, POPOUT_WIN) };
      }),
    };
  });
  const players = summarizeFamily(game.ply, [...byPly.values()]);
  if (options.json) {
    io.out(JSON.stringify({ game: text, moves: lines, players, unreviewed: skipped }) + '\n');
    return 0;
  }
  printReview(io, {
    game: text,
    outcome: game.outcome,
    heading: 'move',
    rows: lines.map((line, ply) => ({
      ...line,
      player: playerToMove(ply),
      better: line.better.map((b) => ({ played: b.move, outcome: b.outcome })),
    })),
    skipped,
    players,
  });
  return 0;
}

/** Whether a later pass's review of a move says more than the earlier one. */
function moreKnown(later: FamilyMoveReview, earlier: FamilyMoveReview): boolean {
  if (earlier.class !== 'unsolved') return false;
  return later.class !== 'unsolved' || (earlier.played === null && later.played !== null);
}
