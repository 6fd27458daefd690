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
import { h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';
import {
  accuracyText,
  decisiveVerdict,
  movesOf,
  verdictText,
  type DecisiveVerdict,
} from './progress.js';
import { reviewable, unreviewableText } from './routes.js';

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

  const root = h('section', { class: 'review-view' });
  root.setAttribute('aria-labelledby', 'review-title');
  const title = h('h2', {}, 'Game review');
  title.id = 'review-title';
  title.tabIndex = -1;
  const end = game.outcome;
  const result =
    end.kind === 'win' ? `${NAMES[end.winner]} won` : end.kind === 'draw' ? 'Draw' : 'Unfinished';
  const meta = h(
    'p',
    { class: 'review-meta' },
    `${gameToString(game, { alwaysPrefix: true })} · ${result} · ${moves.length} moves`,
  );
  const back = h('a', { class: 'button' }, 'Back to the game');
  back.href = '#';
  const status = h('p', { class: 'review-status' }, 'Reviewing from the last move…');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');

  const boardHost = h('div', { class: 'board-host review-board' });
  const board = createBoard(boardHost, {});
  const nav = h('div', { class: 'review-nav' });
  const buttons = (
    [
      ['First position', '«', () => 0],
      ['Previous move', '‹', () => selected - 1],
      ['Next move', '›', () => selected + 1],
      ['Last position', '»', () => moves.length],
    ] as const
  ).map(([label, text, target]) => {
    const button = h('button', {}, text);
    button.type = 'button';
    button.setAttribute('aria-label', label);
    button.addEventListener('click', () => {
      select(target());
    });
    return button;
  });
  const where = h('span', { class: 'review-where' });
  nav.append(buttons[0]!, buttons[1]!, where, buttons[2]!, buttons[3]!);
  const detail = h('p', { class: 'review-detail' });
  detail.setAttribute('aria-live', 'polite');

  const graphHost = h('figure', { class: 'review-graph' });
  const caption = h(
    'figcaption',
    {},
    'Evaluation after each move (click a point to see the position; the table below has the same in text)',
  );
  const graph = createGraph((ply) => {
    select(ply, true);
  });
  graphHost.append(graph.element, caption);
  const summary = h('div', { class: 'review-summary' });
  const legend = h('dl', { class: 'review-legend' });
  for (const info of MOVE_CLASSES) {
    const dt = h('dt');
    dt.append(badge(info.id));
    legend.append(dt, h('dd', {}, info.description));
  }
  const table = h('table', { class: 'review-table' });
  const tcaption = h('caption', {}, 'Every move judged by the solver');
  const thead = h('thead');
  const headRow = h('tr');
  for (const heading of ['Move', 'Player', 'Column', 'Judgement', 'Result of the move', 'Better']) {
    const th = h('th', {}, heading);
    th.scope = 'col';
    headRow.append(th);
  }
  thead.append(headRow);
  const tbody = h('tbody');
  table.append(tcaption, thead, tbody);
  // Built once and changed in place, like the graph: a click must not be lost because a result
  // arrived between press and release and replaced the button.
  const summaries = ([1, 2] as const).map(summaryBox);
  summary.append(...summaries.map((s) => s.element));
  const rows = moves.map((_, ply) => moveRow(ply + 1));
  tbody.append(...rows.map((r) => r.element));

  const top = h('div', { class: 'review-top' });
  top.append(title, back);
  const main = h('div', { class: 'review-main' });
  const left = h('div', { class: 'review-left' });
  left.append(boardHost, nav, detail);
  const right = h('div', { class: 'review-right' });
  right.append(graphHost, summary);
  main.append(left, right);
  const details = h('details', { class: 'review-legend-box' });
  const legendTitle = h('summary', {}, 'What the judgements mean');
  details.append(legendTitle, legend);
  // A phone scrolls the wide table sideways inside its box, not the whole page.
  const tableBox = h('div', { class: 'review-table-box' }, table);
  root.append(top, meta, status, main, details, tableBox);

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
    const span = h('span', { class: `badge c-${id}` }, `${info.mark} ${info.label}`);
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

  /**
   * A player's summary; its link jumps to their first decisive mistake once that is proven
   * (every earlier move of theirs judged), never to a provisional one.
   */
  function summaryBox(player: 1 | 2): {
    element: HTMLElement;
    update(p: PlayerSummary, verdict: DecisiveVerdict): void;
  } {
    const box = h('section', { class: `player-summary p${player}` });
    const accuracy = h('p', { class: 'review-accuracy' });
    const label = document.createTextNode('First decisive mistake: ');
    const verdictNode = h('span', { class: 'review-verdict' });
    let target = 0;
    const jump = h('button', { class: 'link' });
    jump.type = 'button';
    jump.addEventListener('click', () => {
      select(target);
    });
    const decisive = h('p');
    decisive.append(label, verdictNode);
    const counts = h('p');
    box.append(h('h3', {}, NAMES[player]), accuracy, decisive, counts);
    return {
      element: box,
      update(p, verdict) {
        accuracy.textContent = `${accuracyText(p, movesOf(player, moves.length))}.`;
        box.dataset['verdict'] = verdict.kind;
        if (verdict.kind === 'move') {
          target = verdict.ply + 1;
          jump.textContent = verdictText(verdict);
          jump.setAttribute(
            'aria-label',
            `Show ${NAMES[player]}'s first decisive mistake, move ${target}`,
          );
          if (jump.parentNode !== decisive) verdictNode.replaceWith(jump);
        } else {
          verdictNode.textContent = verdictText(verdict);
          if (verdictNode.parentNode !== decisive) jump.replaceWith(verdictNode);
        }
        // While the worker runs, an open move is not judged yet rather than "not solved".
        counts.textContent = MOVE_CLASSES.map(
          (c) =>
            `${p.counts[c.id]} ${c.id === 'unsolved' && !finished ? 'not judged yet' : c.label.toLowerCase()}`,
        ).join(' · ');
      },
    };
  }

  /** The table's row of move `move` (1-based), its link always to that move. */
  function moveRow(move: number): {
    element: HTMLElement;
    update(line: MoveLine, waiting: boolean): void;
  } {
    const tr = h('tr');
    tr.dataset['move'] = String(move);
    const cell = h('td');
    const jump = h('button', { class: 'link' }, String(move));
    jump.type = 'button';
    jump.setAttribute('aria-label', `Show the position after move ${move}`);
    jump.addEventListener('click', () => {
      select(move);
    });
    cell.append(jump);
    const [player, column, judgement, outcome, better] = [
      h('td'),
      h('td'),
      h('td'),
      h('td'),
      h('td'),
    ];
    tr.append(cell, player, column, judgement, outcome, better);
    return {
      element: tr,
      update(line, waiting) {
        // A move the worker has not reached yet is "not judged yet", not "not solved".
        const cls = waiting ? 'c-waiting' : `c-${line.class}`;
        if (tr.className !== cls) {
          tr.className = cls;
          judgement.replaceChildren(waiting ? 'Not judged yet' : badge(line.class));
        }
        if (line.move === selected) tr.setAttribute('aria-current', 'true');
        else tr.removeAttribute('aria-current');
        player.textContent = NAMES[line.player];
        column.textContent = line.column;
        // One state, one word: its result is not known for the same reason.
        outcome.textContent = waiting ? 'not judged yet' : line.outcome;
        better.textContent = waiting
          ? ''
          : line.better.map((b) => `${b.column} (${b.outcome})`).join(', ');
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
        ? finished
          ? 'Not solved'
          : 'Not judged yet'
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
    graph.update({ points, classes, cells, selected, finished });

    report.players.forEach((p, i) => {
      summaries[i]!.update(p, decisiveVerdict(p.player, p, reviews, moves.length, finished));
    });
    report.moves.forEach((line, i) => {
      rows[i]!.update(line, !finished && !reviews.has(i));
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

  if (!reviewable(variant)) {
    // A link to a board the solver cannot handle: say so at once, start nothing.
    void board.set({ position: game, interactive: false, hints: null });
    render();
    status.textContent = unreviewableText(variant);
    return {
      element: root,
      dispose() {
        board.destroy();
        graph.destroy();
      },
    };
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
      graph.destroy();
    },
  };
}
