import { Position, columnToChar, gameToString, playerToMove } from '../../core/index.js';
import {
  MOVE_CLASSES,
  evaluationSeries,
  moveClassInfo,
  reviewReport,
  type MoveClass,
  type MoveReview,
} from '../../review/index.js';
import { h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';
import { reviewFrame } from './frame.js';
import { createGraph } from './graph.js';
import { decisiveVerdict, reviewStatusText } from './progress.js';
import type { ReviewReply, ReviewRequest } from './protocol.js';
import { reviewable, unreviewableText } from './routes.js';
import { summaryBox } from './summary-box.js';
import { badge, reviewTable } from './table.js';

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

  const frame = reviewFrame(
    'Game review',
    gameToString(game, { alwaysPrefix: true }),
    game.outcome,
    moves.length,
    { selected: () => selected, select },
  );
  const { root, board, status } = frame;

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
  const legend = h('dl', { class: 'review-legend' });
  for (const info of MOVE_CLASSES)
    legend.append(h('dt', {}, badge(info.id)), h('dd', {}, info.description));
  const summaries = ([1, 2] as const).map((player) =>
    summaryBox(player, moves.length, (ply) => {
      select(ply);
    }),
  );
  const summary = h('div', { class: 'review-summary' }, ...summaries.map((s) => s.element));
  const table = reviewTable(
    'Column',
    moves.map((column, ply) => ({
      player: NAMES[playerToMove(ply)],
      played: columnToChar(column),
    })),
    (ply) => {
      select(ply);
    },
  );

  const right = h('div', { class: 'review-right' }, graphHost, summary);
  const details = h(
    'details',
    { class: 'review-legend-box' },
    h('summary', {}, 'What the judgements mean'),
    legend,
  );
  root.append(
    ...frame.head,
    h('div', { class: 'review-main' }, frame.left, right),
    details,
    table.element,
  );
  frame.listenForKeys((next, target) => {
    select(next, target.closest('.eval-graph') !== null);
  });

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
    frame.showSelected(selected);
    frame.detail.textContent = describeMove(selected);

    const classes: (MoveClass | undefined)[] = [undefined, ...report.moves.map((m) => m.class)];
    const points = evaluationSeries(variant, game, list);
    // In place: results arrive while someone may be clicking or focused on the graph.
    graph.update({ points, classes, cells, selected, finished });

    report.players.forEach((p, i) => {
      const verdict = decisiveVerdict(p.player, p, reviews, moves.length, finished);
      summaries[i]!.update(p, verdict, finished);
    });
    report.moves.forEach((line, i) => {
      // A move the worker has not reached yet is "not judged yet", not "not solved".
      const waiting = !finished && !reviews.has(i);
      table.rows[i]!.update({
        className: waiting ? 'c-waiting' : `c-${line.class}`,
        judgement: waiting ? { text: 'Not judged yet' } : { badge: line.class },
        // One state, one word: its result is not known for the same reason.
        outcome: waiting ? 'not judged yet' : line.outcome,
        better: waiting ? '' : line.better.map((b) => `${b.column} (${b.outcome})`).join(', '),
        current: line.move === selected,
      });
    });
    const judged = list.filter((r) => r.class !== 'unsolved').length;
    status.textContent = reviewStatusText(judged, moves.length, finished);
  }

  if (!reviewable(variant)) {
    // A link to a board the solver cannot handle: say so at once, start nothing.
    void board.set({ position: game, interactive: false, hints: null });
    render();
    status.textContent = unreviewableText(variant);
    return frame.view(() => {
      graph.destroy();
    }, false);
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
  return frame.view(() => {
    worker.terminate();
    graph.destroy();
  }, true);
}
