import { Position, gameToString } from '../../core/index.js';
import {
  MOVE_CLASSES,
  evaluationSeries,
  moveClassInfo,
  reviewReport,
  type MoveClass,
  type MoveLine,
  type MoveReview,
  type PlayerSummary,
} from '../../review/index.js';
import { createBoard } from '../board/board.js';
import { createGraph } from './graph.js';
import type { ReviewReply, ReviewRequest } from './protocol.js';
import { make, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';

/** Seconds per position of each pass: quick first, then more for what is still open. */
const PASSES = [800, 5000, 30000];
const NAMES = COLOUR;

/**
 * The Review page of one game: the board at any move, the evaluation graph, a summary per
 * player and every move's judgement in a table, filled in progressively by the review worker.
 * Disposing terminates the worker (that is how leaving cancels the computation).
 */
export function reviewView(game: Position): View {
  const { variant } = game;
  const moves = game.moves;
  const cells = variant.width * variant.height;
  const reviews = new Map<number, MoveReview>();
  let selected = game.ply;
  let finished = false;

  const root = make('section', { className: 'review-view' });
  root.setAttribute('aria-labelledby', 'review-title');
  const title = make('h2', { text: 'Game review' });
  title.id = 'review-title';
  title.tabIndex = -1;
  const end = game.outcome;
  const result =
    end.kind === 'win' ? `${NAMES[end.winner]} won` : end.kind === 'draw' ? 'Draw' : 'Unfinished';
  const meta = make('p', {
    className: 'review-meta',
    text: `${gameToString(game, { alwaysPrefix: true })} · ${result} · ${moves.length} moves`,
  });
  const back = make('a', { className: 'button', text: 'Back to the game' });
  back.href = '#';
  const status = make('p', { className: 'review-status', text: 'Reviewing from the last move…' });
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');

  const boardHost = make('div', { className: 'board-host review-board' });
  const board = createBoard(boardHost, {});
  const nav = make('div', { className: 'review-nav' });
  const buttons = (
    [
      ['First position', '«', () => 0],
      ['Previous move', '‹', () => selected - 1],
      ['Next move', '›', () => selected + 1],
      ['Last position', '»', () => moves.length],
    ] as const
  ).map(([label, text, target]) => {
    const button = make('button', { text });
    button.type = 'button';
    button.setAttribute('aria-label', label);
    button.addEventListener('click', () => {
      select(target());
    });
    return button;
  });
  const where = make('span', { className: 'review-where' });
  nav.append(buttons[0]!, buttons[1]!, where, buttons[2]!, buttons[3]!);
  const detail = make('p', { className: 'review-detail' });
  detail.setAttribute('aria-live', 'polite');

  const graphHost = make('figure', { className: 'review-graph' });
  const caption = make('figcaption', {
    text: 'Evaluation after each move (click a point to see the position; the table below has the same in text)',
  });
  const graph = createGraph((ply) => {
    select(ply, true);
  });
  graphHost.append(graph.element, caption);
  const summary = make('div', { className: 'review-summary' });
  const legend = make('dl', { className: 'review-legend' });
  for (const info of MOVE_CLASSES) {
    const dt = make('dt');
    dt.append(badge(info.id));
    legend.append(dt, make('dd', { text: info.description }));
  }
  const table = make('table', { className: 'review-table' });
  const tcaption = make('caption', { text: 'Every move judged by the solver' });
  const thead = make('thead');
  const headRow = make('tr');
  for (const h of ['Move', 'Player', 'Column', 'Judgement', 'Result of the move', 'Better']) {
    const th = make('th', { text: h });
    th.scope = 'col';
    headRow.append(th);
  }
  thead.append(headRow);
  const tbody = make('tbody');
  table.append(tcaption, thead, tbody);
  // Built once and changed in place, like the graph: a click must not be lost because a result
  // arrived between press and release and replaced the button.
  const summaries = ([1, 2] as const).map(summaryBox);
  summary.append(...summaries.map((s) => s.element));
  const rows = moves.map((_, ply) => moveRow(ply + 1));
  tbody.append(...rows.map((r) => r.element));

  const top = make('div', { className: 'review-top' });
  top.append(title, back);
  const main = make('div', { className: 'review-main' });
  const left = make('div', { className: 'review-left' });
  left.append(boardHost, nav, detail);
  const right = make('div', { className: 'review-right' });
  right.append(graphHost, summary);
  main.append(left, right);
  const details = make('details', { className: 'review-legend-box' });
  const legendTitle = make('summary', { text: 'What the judgements mean' });
  details.append(legendTitle, legend);
  root.append(top, meta, status, main, details, table);

  // Keys inside the review move through the game; they never reach the game behind it.
  root.addEventListener('keydown', (event) => {
    event.stopPropagation();
    const target = event.target as HTMLElement;
    if (
      target.closest('button, a, [role="button"], summary') &&
      (event.key === 'Enter' || event.key === ' ')
    )
      return;
    const moveTo: Record<string, number> = {
      ArrowLeft: selected - 1,
      ArrowRight: selected + 1,
      Home: 0,
      End: moves.length,
    };
    const next = moveTo[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, target.closest('.eval-graph') !== null);
  });

  function badge(id: MoveClass): HTMLElement {
    const info = moveClassInfo(id);
    const span = make('span', { className: `badge c-${id}`, text: `${info.mark} ${info.label}` });
    return span;
  }

  function positionAt(ply: number): Position {
    const position = Position.fromMoves(variant, moves.slice(0, ply));
    if (!position.ok) throw position.error;
    return position.value;
  }

  function select(ply: number, focusGraph = false): void {
    selected = Math.max(0, Math.min(moves.length, ply));
    void board.set({ position: positionAt(selected), interactive: false, hints: null });
    render();
    if (focusGraph) {
      graphHost.querySelector<SVGGElement>(`[data-ply="${selected}"]`)?.focus();
    }
  }

  /** A player's summary; its link jumps to their first decisive mistake once there is one. */
  function summaryBox(player: 1 | 2): { element: HTMLElement; update(p: PlayerSummary): void } {
    const box = make('section', { className: `player-summary p${player}` });
    const label = document.createTextNode('');
    const none = document.createTextNode('none');
    let target = 0;
    const jump = make('button', { className: 'link' });
    jump.type = 'button';
    jump.addEventListener('click', () => {
      select(target);
    });
    const acc = make('p');
    acc.append(label, none);
    const counts = make('p');
    box.append(make('h3', { text: NAMES[player] }), acc, counts);
    return {
      element: box,
      update(p) {
        const accuracy = p.accuracy === null ? 'n/a' : `${p.accuracy.toFixed(0)}%`;
        label.data = `Accuracy ${accuracy} · first decisive mistake: `;
        if (p.firstDecisive === null) {
          if (jump.parentNode === acc) jump.replaceWith(none);
        } else {
          target = p.firstDecisive + 1;
          jump.textContent = `move ${target}`;
          jump.setAttribute(
            'aria-label',
            `Show ${NAMES[player]}'s first decisive mistake, move ${target}`,
          );
          if (none.parentNode === acc) none.replaceWith(jump);
        }
        counts.textContent = MOVE_CLASSES.map(
          (c) => `${p.counts[c.id]} ${c.label.toLowerCase()}`,
        ).join(' · ');
      },
    };
  }

  /** The table's row of move `move` (1-based), its link always to that move. */
  function moveRow(move: number): { element: HTMLElement; update(line: MoveLine): void } {
    const tr = make('tr');
    tr.dataset['move'] = String(move);
    const cell = make('td');
    const jump = make('button', { className: 'link', text: String(move) });
    jump.type = 'button';
    jump.setAttribute('aria-label', `Show the position after move ${move}`);
    jump.addEventListener('click', () => {
      select(move);
    });
    cell.append(jump);
    const [player, column, judgement, outcome, better] = [
      make('td'),
      make('td'),
      make('td'),
      make('td'),
      make('td'),
    ];
    tr.append(cell, player, column, judgement, outcome, better);
    return {
      element: tr,
      update(line) {
        const cls = `c-${line.class}`;
        if (tr.className !== cls) {
          tr.className = cls;
          judgement.replaceChildren(badge(line.class));
        }
        if (line.move === selected) tr.setAttribute('aria-current', 'true');
        else tr.removeAttribute('aria-current');
        player.textContent = NAMES[line.player];
        column.textContent = line.column;
        outcome.textContent = line.outcome;
        better.textContent = line.better.map((b) => `${b.column} (${b.outcome})`).join(', ');
      },
    };
  }

  function describeMove(ply: number): string {
    if (ply === 0) return 'The empty board.';
    const report = reviewReport(variant, moves, [...reviews.values()]);
    const line = report.moves[ply - 1]!;
    const info = moveClassInfo(line.class);
    const better = line.better.map((b) => `${b.column} (${b.outcome})`).join(', ');
    const judged =
      line.class === 'unsolved'
        ? 'Not solved yet'
        : `${info.label}: ${line.outcome}${line.class === 'best' ? '' : `; the best was ${line.best}`}`;
    return `Move ${ply}: ${NAMES[line.player]} played column ${line.column}. ${judged}.${better ? ` Better: ${better}.` : ''}`;
  }

  function render(): void {
    const list = [...reviews.values()];
    const report = reviewReport(variant, moves, list);
    where.textContent = selected === 0 ? 'Start' : `Move ${selected} of ${moves.length}`;
    buttons[0]!.disabled = buttons[1]!.disabled = selected === 0;
    buttons[2]!.disabled = buttons[3]!.disabled = selected === moves.length;
    detail.textContent = describeMove(selected);

    const classes: (MoveClass | undefined)[] = [undefined, ...report.moves.map((m) => m.class)];
    const points = evaluationSeries(variant, game, list);
    // In place: results arrive while someone may be clicking or focused on the graph.
    graph.update({ points, classes, cells, selected });

    report.players.forEach((p, i) => {
      summaries[i]!.update(p);
    });
    report.moves.forEach((line, i) => {
      rows[i]!.update(line);
    });
    const judged = list.filter((r) => r.class !== 'unsolved').length;
    if (finished) {
      const open = moves.length - judged;
      status.textContent =
        open === 0
          ? `Review complete: all ${moves.length} moves judged.`
          : `Review stopped: ${open} of ${moves.length} moves not solved in the time allowed.`;
    } else {
      status.textContent = `Reviewing… ${judged} of ${moves.length} moves judged (from the last move back).`;
    }
  }

  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<ReviewReply>) => {
    const reply = event.data;
    if (reply.type === 'position') {
      reviews.set(reply.review.ply, reply.review);
    } else if (reply.type === 'done') {
      finished = true;
    } else if (reply.type === 'error') {
      finished = true;
      status.textContent = `The review failed: ${reply.message}`;
      return;
    } else {
      return;
    }
    render();
  });
  const request: ReviewRequest = { ...variant, moves: [...moves], passes: PASSES };
  worker.postMessage(request);

  void board.set({ position: game, interactive: false, hints: null });
  render();
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
