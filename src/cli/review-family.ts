import { familyGameToString, moveToString, sameMove, type GamePosition } from '../core/index.js';
import {
  describeFamilyScore,
  moveClassInfo,
  reviewFamilyGame,
  summarizeFamily,
  type FamilyMoveReview,
  type PlayerSummary,
} from '../review/index.js';
import { analyseFamily, POPOUT_WIN } from '../solver/family/index.js';
import type { CliIO } from './command.js';

const NAMES = { 1: 'Red', 2: 'Yellow' } as const;

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
  const lines = reviews.map((review) => {
    const at = positions.get(review.ply)!;
    return {
      move: review.ply + 1,
      player: NAMES[review.player],
      played: moveToString(review.move),
      class: review.class,
      outcome: describeFamilyScore(at, review.played, POPOUT_WIN),
      better: review.better.map((move) => {
        const score = review.moves.find((m) => sameMove(m.move, move))?.score ?? null;
        return { move: moveToString(move), outcome: describeFamilyScore(at, score, POPOUT_WIN) };
      }),
    };
  });
  const players = summarizeFamily(reviews);
  if (options.json) {
    io.out(JSON.stringify({ game: text, moves: lines, players, unreviewed: skipped }) + '\n');
    return 0;
  }
  const end = game.outcome;
  const result =
    end.kind === 'win' ? `${NAMES[end.winner]} wins` : end.kind === 'draw' ? 'draw' : 'unfinished';
  io.out(`Review of ${text}: ${result}\n`);
  io.out('move  player  move  judgement                 result of the move    better\n');
  for (const line of lines) {
    const info = moveClassInfo(line.class);
    const better = line.better.map((b) => `${b.move} (${b.outcome})`).join(', ');
    io.out(
      `${String(line.move).padStart(4)}  ${line.player.padEnd(6)}  ${line.played.padStart(4)}  ` +
        `${`${info.mark} ${info.label}`.padEnd(24)}  ${line.outcome.padEnd(20)}  ${better}\n`,
    );
  }
  if (skipped > 0) io.out(`(moves 1-${skipped} not reached: the time budget ran out)\n`);
  for (const summary of players) io.out(summaryLine(summary) + '\n');
  io.out(
    'Accuracy: best moves count 1, moves that kept the result but slower 1/2, over the judged moves.\n',
  );
  return 0;
}
