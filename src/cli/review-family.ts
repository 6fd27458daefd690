import {
  familyGameToString,
  moveToString,
  playerToMove,
  sameMove,
  type GamePosition,
} from '../core/index.js';
import {
  describeFamilyScore,
  reviewFamilyGame,
  summarizeFamily,
  type FamilyMoveReview,
} from '../review/index.js';
import { analyseFamily, POPOUT_WIN } from '../solver/family/index.js';
import type { CliIO } from './command.js';
import { NAMES, printReview } from './review-text.js';

/**
 * `c4 review` for PopOut and Five-in-a-Row: every move judged by the family solver within
 * `positionNodes` per position and `timeMs` for the whole game (the last moves first; what the
 * time does not reach is listed as not reached), printed as the classic review is.
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
  const reviews: FamilyMoveReview[] = reviewFamilyGame(
    game.ruleset,
    game.moves,
    (position) => {
      positions.set(position.ply, position.clone());
      return analyseFamily(position, { maxNodes: options.positionNodes, signal, deadline });
    },
    { signal },
  );
  const text = familyGameToString(game, { alwaysPrefix: true });
  const skipped = game.ply - reviews.length;
  const byPly = new Map(reviews.map((review) => [review.ply, review]));
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
  const players = summarizeFamily(game.ply, reviews);
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
