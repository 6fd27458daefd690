import {
  GAME_TITLES,
  GamePosition,
  familyGameToString,
  moveToString,
  playerToMove,
  type Move,
} from '../../core/index.js';
import { moveClassInfo, summarizeFamily } from '../../review/index.js';
import { h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';
import type {
  FamilyJudgedMove,
  FamilyReviewReply,
  FamilyReviewRequest,
} from './family-protocol.js';
import { reviewFrame } from './frame.js';
import { decisiveVerdict, reviewStatusText } from './progress.js';
import { summaryBox } from './summary-box.js';
import { reviewTable } from './table.js';

/** Milliseconds per position of each pass: quick first, then more for what is still open. */
const PASSES = [1500, 8000, 30000];

/** "column 4" or "pop from column 4". */
const moveWords = (move: Move): string =>
  move.kind === 'pop' ? `pop from column ${move.column + 1}` : `column ${move.column + 1}`;

/**
 * The Review page of a PopOut or Five-in-a-Row game: the board at any move, each player's
 * summary and every move judged by the family solver (src/review/family.ts), filled in as the
 * worker proves them from the last move back. Disposing terminates the worker.
 */
export function familyReviewView(game: GamePosition): View {
  const { ruleset } = game;
  const moves = game.moves;
  const reviews = new Map<number, FamilyJudgedMove>();
  let selected = moves.length;
  let finished = false;

  const frame = reviewFrame(
    `${GAME_TITLES[ruleset.game]} review`,
    familyGameToString(game, { alwaysPrefix: true }),
    game.outcome,
    moves.length,
    { selected: () => selected, select },
  );
  const { root, board, status } = frame;
  // As in the classic review, a proven first decisive mistake is a link to its move.
  const summaries = ([1, 2] as const).map((player) =>
    summaryBox(player, moves.length, (ply) => {
      select(ply);
    }),
  );
  const summary = h('div', { class: 'review-summary' }, ...summaries.map((b) => b.element));
  const table = reviewTable(
    'Played',
    moves.map((move, ply) => ({ player: COLOUR[playerToMove(ply)], played: moveToString(move) })),
    (ply) => {
      select(ply);
    },
  );
  const right = h('div', { class: 'review-right' }, summary);
  root.append(...frame.head, h('div', { class: 'review-main' }, frame.left, right), table.element);
  frame.listenForKeys((next) => {
    select(next);
  });

  function positionAt(ply: number): GamePosition {
    const position = GamePosition.fromMoves(ruleset, moves.slice(0, ply));
    if (!position.ok) throw position.error;
    return position.value;
  }

  function select(ply: number): void {
    selected = Math.max(0, Math.min(moves.length, ply));
    void board.set({ position: positionAt(selected), interactive: false, hints: null });
    render();
  }

  const betterText = (review: FamilyJudgedMove): string =>
    review.better.map((b) => `${moveToString(b.move)} (${b.outcome})`).join(', ');

  function describe(ply: number): string {
    if (ply === 0) return ruleset.game === 'five' ? 'The set-up.' : 'The empty board.';
    const move = moves[ply - 1]!;
    const who = COLOUR[playerToMove(ply - 1)];
    const played = `Move ${ply}: ${who} played ${moveWords(move)}.`;
    const review = reviews.get(ply - 1);
    if (!review || review.class === 'unsolved') {
      return `${played} ${finished ? 'Not solved' : 'Not judged yet'}.`;
    }
    const info = moveClassInfo(review.class);
    const best =
      review.class === 'best' || review.best === null ? '' : `; the best was ${review.best}`;
    const better = betterText(review);
    return `${played} ${info.label}: ${review.outcome}${best}.${better ? ` Better: ${better}.` : ''}`;
  }

  function render(): void {
    frame.showSelected(selected);
    frame.detail.textContent = describe(selected);
    const judged = [...reviews.values()];
    // The worker posts only what it solves: summarised over the game, the rest is not solved.
    const players = summarizeFamily(moves.length, judged);
    summaries.forEach((box, i) => {
      const p = players[i]!;
      box.update(p, decisiveVerdict(p.player, p, reviews, moves.length, finished), finished);
    });
    table.rows.forEach((row, ply) => {
      const review = reviews.get(ply);
      row.update(
        review === undefined
          ? {
              className: 'c-waiting',
              judgement: { text: finished ? 'Not solved' : 'Not judged yet' },
              outcome: '',
              better: '',
              current: ply + 1 === selected,
            }
          : {
              className: `c-${review.class}`,
              judgement: { badge: review.class },
              outcome: review.outcome,
              better: betterText(review),
              current: ply + 1 === selected,
            },
      );
    });
    const solved = judged.filter((r) => r.class !== 'unsolved').length;
    status.textContent = reviewStatusText(solved, moves.length, finished);
  }

  const worker = new Worker(new URL('./family-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<FamilyReviewReply>) => {
    const reply = event.data;
    if (reply.type === 'position') reviews.set(reply.review.ply, reply.review);
    else if (reply.type === 'done') finished = true;
    else {
      finished = true;
      render();
      status.textContent = `The review failed: ${reply.message}`;
      return;
    }
    render();
  });
  const request: FamilyReviewRequest = {
    game: familyGameToString(game, { alwaysPrefix: true }),
    passes: PASSES,
  };
  worker.postMessage(request);
  select(moves.length);
  return frame.view(() => {
    worker.terminate();
  }, true);
}
