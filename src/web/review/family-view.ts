import {
  GAME_TITLES,
  GamePosition,
  familyGameToString,
  moveToString,
  type Move,
} from '../../core/index.js';
import { MOVE_CLASSES, moveClassInfo, summarize, type MoveClass } from '../../review/index.js';
import { createBoard } from '../board/board.js';
import { h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';
import type {
  FamilyJudgedMove,
  FamilyReviewReply,
  FamilyReviewRequest,
} from './family-protocol.js';
import { accuracyText, decisiveVerdict, movesOf, verdictText } from './progress.js';

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

  const root = h('section', { class: 'review-view' });
  root.setAttribute('aria-labelledby', 'review-title');
  const title = h(
    'h2',
    { id: 'review-title', tabindex: '-1' },
    `${GAME_TITLES[ruleset.game]} review`,
  );
  const end = game.outcome;
  const result =
    end.kind === 'win' ? `${COLOUR[end.winner]} won` : end.kind === 'draw' ? 'Draw' : 'Unfinished';
  const meta = h(
    'p',
    { class: 'review-meta' },
    `${familyGameToString(game, { alwaysPrefix: true })} · ${result} · ${moves.length} moves`,
  );
  const back = h('a', { class: 'button', href: '#' }, 'Back to the game');
  const status = h(
    'p',
    { class: 'review-status', role: 'status', 'aria-live': 'polite' },
    'Reviewing from the last move…',
  );
  const boardHost = h('div', { class: 'board-host review-board' });
  const board = createBoard(boardHost, {});
  const where = h('span', { class: 'review-where' });
  const navButtons = (
    [
      ['First position', '«', () => 0],
      ['Previous move', '‹', () => selected - 1],
      ['Next move', '›', () => selected + 1],
      ['Last position', '»', () => moves.length],
    ] as const
  ).map(([label, text, target]) => {
    const button = h('button', { type: 'button', 'aria-label': label }, text);
    button.addEventListener('click', () => {
      select(target());
    });
    return button;
  });
  const nav = h(
    'div',
    { class: 'review-nav' },
    navButtons[0],
    navButtons[1],
    where,
    navButtons[2],
    navButtons[3],
  );
  const detail = h('p', { class: 'review-detail', 'aria-live': 'polite' });
  const summaryBoxes = ([1, 2] as const).map((player) => {
    const accuracy = h('p', { class: 'review-accuracy' });
    const decisive = h('p');
    const counts = h('p');
    const element = h(
      'section',
      { class: `player-summary p${player}` },
      h('h3', {}, COLOUR[player]),
      accuracy,
      decisive,
      counts,
    );
    return { element, accuracy, decisive, counts, player };
  });
  const summary = h('div', { class: 'review-summary' }, ...summaryBoxes.map((b) => b.element));
  const headRow = h(
    'tr',
    {},
    ...['Move', 'Player', 'Played', 'Judgement', 'Result of the move', 'Better'].map((text) =>
      h('th', { scope: 'col' }, text),
    ),
  );
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'review-table' },
    h('caption', {}, 'Every move judged by the solver'),
    h('thead', {}, headRow),
    tbody,
  );
  const rows = moves.map((move, ply) => {
    const jump = h(
      'button',
      { type: 'button', class: 'link', 'aria-label': `Show the position after move ${ply + 1}` },
      String(ply + 1),
    );
    jump.addEventListener('click', () => {
      select(ply + 1);
    });
    const cells = [h('td'), h('td'), h('td'), h('td')];
    const tr = h(
      'tr',
      { 'data-move': String(ply + 1) },
      h('td', {}, jump),
      h('td', {}, COLOUR[ply % 2 === 0 ? 1 : 2]),
      h('td', {}, moveToString(move)),
      ...cells,
    );
    return { tr, cells };
  });
  tbody.append(...rows.map((r) => r.tr));

  const left = h('div', { class: 'review-left' }, boardHost, nav, detail);
  const right = h('div', { class: 'review-right' }, summary);
  root.append(
    h('div', { class: 'review-top' }, title, back),
    meta,
    status,
    h('div', { class: 'review-main' }, left, right),
    h('div', { class: 'review-table-box' }, table),
  );

  // Keys inside the review move through the game; they never reach the game behind it.
  root.addEventListener('keydown', (event) => {
    event.stopPropagation();
    const moveTo: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowRight: selected + 1,
      Home: 0,
      End: moves.length,
    };
    const next = moveTo[event.key];
    if (next === undefined || (event.target as HTMLElement).closest('input, select')) return;
    event.preventDefault();
    select(next);
  });

  function badge(id: MoveClass): HTMLElement {
    const info = moveClassInfo(id);
    return h('span', { class: `badge c-${id}` }, `${info.mark} ${info.label}`);
  }

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
    const who = COLOUR[ply % 2 === 1 ? 1 : 2];
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
    where.textContent = selected === 0 ? 'Start' : `Move ${selected} of ${moves.length}`;
    navButtons[0]!.disabled = navButtons[1]!.disabled = selected === 0;
    navButtons[2]!.disabled = navButtons[3]!.disabled = selected === moves.length;
    detail.textContent = describe(selected);
    const judged = [...reviews.values()].map((r) => ({
      ...r,
      player: r.ply % 2 === 0 ? (1 as const) : (2 as const),
    }));
    const players = summarize(judged);
    for (const box of summaryBoxes) {
      const p = players[box.player - 1]!;
      box.accuracy.textContent = `${accuracyText(p, movesOf(box.player, moves.length))}.`;
      const verdict = decisiveVerdict(box.player, p, reviews, moves.length, finished);
      box.decisive.textContent = `First decisive mistake: ${verdictText(verdict)}`;
      box.counts.textContent = MOVE_CLASSES.map(
        (c) =>
          `${p.counts[c.id]} ${c.id === 'unsolved' && !finished ? 'not judged yet' : c.label.toLowerCase()}`,
      ).join(' · ');
    }
    rows.forEach(({ tr, cells }, ply) => {
      const review = reviews.get(ply);
      const [judgement, outcome, better] = cells;
      const waiting = review === undefined;
      tr.className = waiting ? 'c-waiting' : `c-${review.class}`;
      judgement!.replaceChildren(
        waiting ? (finished ? 'Not solved' : 'Not judged yet') : badge(review.class),
      );
      outcome!.textContent = waiting ? '' : review.outcome;
      better!.textContent = waiting ? '' : betterText(review);
      if (ply + 1 === selected) tr.setAttribute('aria-current', 'true');
      else tr.removeAttribute('aria-current');
    });
    const solved = judged.filter((r) => r.class !== 'unsolved').length;
    if (finished) {
      const open = moves.length - solved;
      status.textContent =
        open === 0
          ? `Review complete: all ${moves.length} moves judged.`
          : `Review stopped: ${open} of ${moves.length} moves not solved in the time allowed.`;
    } else {
      status.textContent = `Reviewing… ${solved} of ${moves.length} moves judged (from the last move back).`;
    }
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
  queueMicrotask(() => {
    title.focus();
  });
  return {
    element: root,
    dispose() {
      worker.terminate();
      board.destroy();
    },
  };
}
