import type { Outcome } from '../../core/index.js';
import { createBoard } from '../board/board.js';
import { h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';

/** The part of a Review page that is the same for every game: see `reviewFrame`. */
export interface ReviewFrame {
  /** The page's section, labelled by its title; the page appends the frame's parts to it. */
  readonly root: HTMLElement;
  /** The heading row, the game line and the status: the page's top, in order. */
  readonly head: readonly HTMLElement[];
  readonly status: HTMLElement;
  readonly board: ReturnType<typeof createBoard>;
  /** The board, its navigation and the selected move in words. */
  readonly left: HTMLElement;
  readonly detail: HTMLElement;
  /** Shows which position is selected: "Move 3 of 7", and which steps are possible. */
  showSelected(selected: number): void;
  /** The arrow, Home and End keys inside the page move through the game; none reach the game behind. */
  listenForKeys(go: (ply: number, target: HTMLElement) => void): void;
  /**
   * The page as a View: disposing runs `stop` (the page's worker, its graph) and removes the
   * board. With `focus`, the title takes the focus once the page is in place, so a screen reader
   * starts at the review.
   */
  view(stop: () => void, focus: boolean): View;
}

/** Which position the page shows: the page owns it; the frame's buttons and keys ask to move it. */
export interface Selection {
  readonly selected: () => number;
  readonly select: (ply: number) => void;
}

/**
 * The frame the classic and the family Review share: the title, the game (its string, with its
 * prefix) and its result, the status line the worker's progress goes to, and the board with the
 * buttons that step through the game's `moves` moves.
 */
export function reviewFrame(
  heading: string,
  game: string,
  end: Outcome,
  moves: number,
  { selected, select }: Selection,
): ReviewFrame {
  const root = h('section', { class: 'review-view', 'aria-labelledby': 'review-title' });
  const title = h('h2', { id: 'review-title', tabindex: '-1' }, heading);
  const result =
    end.kind === 'win' ? `${COLOUR[end.winner]} won` : end.kind === 'draw' ? 'Draw' : 'Unfinished';
  const meta = h('p', { class: 'review-meta' }, `${game} · ${result} · ${moves} moves`);
  const back = h('a', { class: 'button', href: '#' }, 'Back to the game');
  const status = h(
    'p',
    { class: 'review-status', role: 'status', 'aria-live': 'polite' },
    'Reviewing from the last move…',
  );
  const boardHost = h('div', { class: 'board-host review-board' });
  const board = createBoard(boardHost, {});
  const where = h('span', { class: 'review-where' });
  const buttons = (
    [
      ['First position', '«', () => 0],
      ['Previous move', '‹', () => selected() - 1],
      ['Next move', '›', () => selected() + 1],
      ['Last position', '»', () => moves],
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
    buttons[0],
    buttons[1],
    where,
    buttons[2],
    buttons[3],
  );
  const detail = h('p', { class: 'review-detail', 'aria-live': 'polite' });
  return {
    root,
    head: [h('div', { class: 'review-top' }, title, back), meta, status],
    status,
    board,
    left: h('div', { class: 'review-left' }, boardHost, nav, detail),
    detail,
    showSelected(ply) {
      where.textContent = ply === 0 ? 'Start' : `Move ${ply} of ${moves}`;
      buttons[0]!.disabled = buttons[1]!.disabled = ply === 0;
      buttons[2]!.disabled = buttons[3]!.disabled = ply === moves;
    },
    view(stop, focus) {
      if (focus) {
        queueMicrotask(() => {
          title.focus();
        });
      }
      return {
        element: root,
        dispose() {
          stop();
          board.destroy();
        },
      };
    },
    listenForKeys(go) {
      root.addEventListener('keydown', (event) => {
        event.stopPropagation();
        const now = selected();
        const moveTo: Record<string, number> = {
          ArrowLeft: now - 1,
          ArrowRight: now + 1,
          Home: 0,
          End: moves,
        };
        const next = moveTo[event.key];
        const target = event.target as HTMLElement;
        if (next === undefined || target.closest('input, select')) return;
        event.preventDefault();
        go(next, target);
      });
    },
  };
}
