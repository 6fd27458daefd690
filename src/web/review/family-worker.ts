/// <reference lib="webworker" />
import {
  GamePosition,
  parseFamilyGame,
  sameMove,
  type Move,
  type Ruleset,
} from '../../core/index.js';
import {
  describeFamilyScore,
  familyReviewAnalyser,
  reviewFamilyGame,
  type FamilyMoveReview,
} from '../../review/index.js';
import { POPOUT_WIN } from '../../solver/family/index.js';
import { popoutBookFor } from '../worker/popout-book.js';
import type {
  FamilyJudgedMove,
  FamilyReviewReply,
  FamilyReviewRequest,
} from './family-protocol.js';

/**
 * The family Review's worker: the game judged from the last move back by the family solver and
 * PopOut's opening book (src/review/family.ts, `familyReviewAnalyser`), pass after pass with a
 * bigger budget for the moves still open.
 * Leaving the review terminates the worker, which is the cancellation.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: FamilyReviewReply): void => {
  scope.postMessage(reply);
};

function judged(review: FamilyMoveReview, position: GamePosition): FamilyJudgedMove {
  const words = (score: number | null): string => describeFamilyScore(position, score, POPOUT_WIN);
  return {
    ply: review.ply,
    class: review.class,
    outcome: words(review.played),
    best: review.value === null ? null : words(review.value),
    better: review.better.map((move) => ({
      move,
      outcome: words(review.moves.find((m) => sameMove(m.move, move))?.score ?? null),
    })),
  };
}

/** A move that wins on the spot is the best there is: judged without the solver. */
function winsAtOnce(before: GamePosition, move: Move): boolean {
  const after = before.clone();
  after.play(move);
  const outcome = after.outcome;
  return outcome.kind === 'win' && outcome.winner === before.turn;
}

const positionBefore = (request: { ruleset: Ruleset; moves: readonly Move[] }, ply: number) => {
  const before = GamePosition.fromMoves(request.ruleset, request.moves.slice(0, ply));
  if (!before.ok) throw before.error;
  return before.value;
};

async function review(request: FamilyReviewRequest): Promise<void> {
  const parsed = parseFamilyGame(request.game);
  if (!parsed.ok) throw parsed.error;
  const game = { ruleset: parsed.value.ruleset, moves: parsed.value.moves };
  const book = await popoutBookFor(parsed.value);
  let open: number[] = [];
  for (let ply = game.moves.length - 1; ply >= 0; ply--) {
    const move = game.moves[ply]!;
    const before = positionBefore(game, ply);
    if (winsAtOnce(before, move)) {
      post({
        type: 'position',
        review: { ply, class: 'best', outcome: 'win in 1 move', best: 'win in 1 move', better: [] },
      });
    } else {
      open.push(ply);
    }
  }
  for (const ms of request.passes) {
    const still: number[] = [];
    for (const ply of open) {
      const deadline = Date.now() + ms;
      const [result] = reviewFamilyGame(
        game.ruleset,
        game.moves,
        familyReviewAnalyser(() => ({ deadline }), book),
        { plies: [ply] },
      );
      if (!result) continue;
      if (result.class === 'unsolved') still.push(ply);
      else post({ type: 'position', review: judged(result, positionBefore(game, ply)) });
    }
    open = still;
    if (open.length === 0) break;
  }
  post({ type: 'done' });
}

scope.addEventListener('message', (event: MessageEvent<FamilyReviewRequest>) => {
  review(event.data).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  });
});
