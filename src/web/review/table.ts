import { moveClassInfo, type MoveClass } from '../../review/index.js';
import { h } from '../dom.js';

/** A judgement's badge: its mark and name, coloured by its class. */
export function badge(id: MoveClass): HTMLElement {
  const info = moveClassInfo(id);
  return h('span', { class: `badge c-${id}` }, `${info.mark} ${info.label}`);
}

/** What a row shows as its judgement: a class's badge, or words ("Not judged yet"). */
export type Judgement = { readonly badge: MoveClass } | { readonly text: string };

export interface RowState {
  /** The row's class: `c-best`…, or `c-waiting` for a move not judged yet. */
  readonly className: string;
  readonly judgement: Judgement;
  readonly outcome: string;
  readonly better: string;
  /** The move is the one shown on the board. */
  readonly current: boolean;
}

export interface MoveRow {
  update(state: RowState): void;
}

/**
 * The table of every move, one row each with a link to the position after it, the mover and the
 * move, filled in by `update` as judgements arrive. Rows are built once and changed in place: a
 * click must not be lost because a result arrived between press and release and replaced it.
 */
export function reviewTable(
  playedHeading: string,
  moves: readonly { readonly player: string; readonly played: string }[],
  select: (ply: number) => void,
): { readonly element: HTMLElement; readonly rows: readonly MoveRow[] } {
  const headRow = h(
    'tr',
    {},
    ...['Move', 'Player', playedHeading, 'Judgement', 'Result of the move', 'Better'].map((text) =>
      h('th', { scope: 'col' }, text),
    ),
  );
  const tbody = h('tbody');
  const rows = moves.map(({ player, played }, ply) => {
    const move = ply + 1;
    const jump = h(
      'button',
      { type: 'button', class: 'link', 'aria-label': `Show the position after move ${move}` },
      String(move),
    );
    jump.addEventListener('click', () => {
      select(move);
    });
    const [judgement, outcome, better] = [h('td'), h('td'), h('td')];
    const tr = h(
      'tr',
      { 'data-move': String(move) },
      h('td', {}, jump),
      h('td', {}, player),
      h('td', {}, played),
      judgement,
      outcome,
      better,
    );
    tbody.append(tr);
    let shown = '';
    const row: MoveRow = {
      update(state) {
        tr.className = state.className;
        const key =
          'badge' in state.judgement ? `badge ${state.judgement.badge}` : state.judgement.text;
        if (key !== shown) {
          shown = key;
          judgement.replaceChildren(
            'badge' in state.judgement ? badge(state.judgement.badge) : state.judgement.text,
          );
        }
        outcome.textContent = state.outcome;
        better.textContent = state.better;
        if (state.current) tr.setAttribute('aria-current', 'true');
        else tr.removeAttribute('aria-current');
      },
    };
    return row;
  });
  const table = h(
    'table',
    { class: 'review-table' },
    h('caption', {}, 'Every move judged by the solver'),
    h('thead', {}, headRow),
    tbody,
  );
  // A phone scrolls the wide table sideways inside its box, not the whole page.
  return { element: h('div', { class: 'review-table-box' }, table), rows };
}
