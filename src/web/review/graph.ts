import type { EvaluationPoint, MoveClass } from '../../review/index.js';
import { svg } from '../dom.js';

/** The width drawn before the page has laid the graph out (then: its width in pixels). */
const W = 600;
/** The three result bands. */
const H = 180;
const PAD = 14;
/** Below the bands: a strip for the positions not judged yet (they have no value to plot). */
const STRIP = 22;
const BAND = H / 3;

/**
 * Height on the graph: wins above the middle (sooner wins higher), draws on it, losses below;
 * null when the position is not judged yet. A win always lies inside the Red band, however far
 * off (the start, "Red wins in 21", must not sit among the draws), a loss inside the Yellow one.
 */
export function pointValue(point: EvaluationPoint, cells: number): number | null {
  if (point.result === null) return null;
  if (point.result === 0) return 0;
  const near = point.plies === null ? 0.5 : 1 - Math.min(point.plies, cells) / cells;
  return point.result * (MIN_WIN + (1 - MIN_WIN) * near);
}

/** The value just inside the Red band's lower edge (a 4-unit margin). */
const MIN_WIN = (H / 2 - BAND + 4) / (H / 2 - PAD);

/** The y of a value (null: the "not judged yet" strip under the bands). */
export function pointY(value: number | null): number {
  return value === null ? H + STRIP / 2 : H / 2 - value * (H / 2 - PAD);
}

/** Which band a y lies in. */
export function bandAt(y: number): 'red' | 'draw' | 'yellow' | 'unjudged' {
  if (y < BAND) return 'red';
  if (y <= 2 * BAND) return 'draw';
  if (y <= H) return 'yellow';
  return 'unjudged';
}

/** A point in words; `finished`: the review has ended, so an open point could not be solved. */
export function pointLabel(point: EvaluationPoint, finished = false): string {
  const where = point.ply === 0 ? 'Start' : `After move ${point.ply}`;
  if (point.result === null) return `${where}: ${finished ? 'not solved' : 'not judged yet'}`;
  if (point.result === 0) return `${where}: draw`;
  const side = point.result === 1 ? 'Red' : 'Yellow';
  if (point.plies === 0) return `${where}: ${side} has won`;
  if (point.plies === null) return `${where}: ${side} wins`;
  // The winner's own moves, the unit the table and the move's words use ("loss in 14 moves").
  const moves = Math.ceil(point.plies / 2);
  return `${where}: ${side} wins in ${moves} move${moves === 1 ? '' : 's'} with best play`;
}

export interface GraphInput {
  readonly points: readonly EvaluationPoint[];
  /** The class of the move that led to each point (index = ply; none for the start). */
  readonly classes: readonly (MoveClass | undefined)[];
  readonly cells: number;
  readonly selected: number;
  /** The review has ended: open points are "not solved" rather than "not judged yet". */
  readonly finished?: boolean;
}

/** The graph on the page and the way to show new results on it. */
export interface Graph {
  readonly element: SVGSVGElement;
  /** Shows `input` (the graph is empty until the first call), changing the SVG in place. */
  update(input: GraphInput): void;
  /** Stops following the graph's size. */
  destroy(): void;
}

/**
 * The evaluation graph as SVG: Red-win, draw and Yellow-win bands, one point per position
 * (a focusable button: click, Enter or Space jumps the board there), mistakes and blunders
 * marked by shape as well as colour.
 *
 * Results stream in while a player uses the graph, so `update` changes the elements that are
 * there rather than drawing a new SVG: a click whose press and release straddle an update
 * still lands on the same point (a replaced point would lose it: the click would go to an
 * ancestor), and focus stays where it was.
 */
export function createGraph(onSelect: (ply: number) => void): Graph {
  /** The graph's width in pixels, as laid out (one unit is one pixel: text and points keep
   *  their size, and a target's size is known). */
  let width = W;
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${H + STRIP}`,
    class: 'eval-graph',
    role: 'group',
    'aria-label': 'Evaluation graph: Red wins above the line, draws on it, Yellow wins below',
  });
  const band = BAND;
  const bands = [
    svg('rect', { x: 0, y: 0, width, height: band, class: 'band band-red' }),
    svg('rect', { x: 0, y: band, width, height: band, class: 'band band-draw' }),
    svg('rect', { x: 0, y: 2 * band, width, height: band, class: 'band band-yellow' }),
    svg('rect', { x: 0, y: H, width, height: STRIP, class: 'band band-unjudged' }),
  ];
  chart.append(...bands);
  // Under the band labels, so the line never crosses out a label ("Dr" of "Draw").
  const line = svg('path', { d: '', class: 'eval-line', 'aria-hidden': 'true' });
  // The selected position: a thin dashed line through its point, across the bands. (A filled
  // column there, at the last move on the right edge, read as a scrollbar.)
  const cursor = svg('line', { class: 'eval-cursor', y1: 0, y2: H, 'aria-hidden': 'true' });
  chart.append(cursor, line);
  let stripLabel: SVGTextElement | undefined;
  const bandLabels: { label: SVGTextElement; y: number }[] = [];
  for (const [y, text] of [
    [14, 'Red wins'],
    [H / 2 + 4, 'Draw'],
    [H - 6, 'Yellow wins'],
    [H + STRIP - 6, 'Not judged yet'],
  ] as const) {
    // The strip's points are the early moves (a review judges from the last move back), so its
    // label stands at the right, clear of them; the bands' labels stay at the left.
    const strip = y > H;
    const label = svg('text', {
      x: strip ? width - 4 : 4,
      y,
      class: 'band-label',
      'aria-hidden': 'true',
      ...(strip ? { 'text-anchor': 'end' } : {}),
    });
    label.textContent = text;
    chart.append(label);
    if (strip) stripLabel = label;
    else bandLabels.push({ label, y });
  }

  const groups: SVGGElement[] = [];

  /** A point's button; which ply it stands for is read at the time of the click. */
  const newGroup = (): SVGGElement => {
    const group = svg('g', { role: 'button' });
    const ply = (): number => Number(group.getAttribute('data-ply'));
    group.append(svg('rect', { y: 0, width: 12, height: H + STRIP, class: 'hit' }));
    group.addEventListener('click', () => {
      onSelect(ply());
    });
    group.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onSelect(ply());
      }
    });
    chart.append(group);
    return group;
  };

  let last: GraphInput | undefined;
  const update = (next: GraphInput): void => {
    last = next;
    const n = Math.max(1, next.points.length - 1);
    const x = (ply: number): number => PAD + (ply * (width - 2 * PAD)) / n;
    const open = next.points.filter((p) => pointValue(p, next.cells) === null);
    // The strip is there for open points only: once every position has a value it goes, and
    // the graph ends with the bands (the selected point's column ran on into the empty strip,
    // a grey bar at the right edge after End that read as a scrollbar).
    const tall = open.length === 0 ? H : H + STRIP;
    chart.setAttribute('viewBox', `0 0 ${width} ${tall}`);
    chart.style.height = `${tall}px`;
    for (const rect of bands) rect.setAttribute('width', String(width));
    bands[3]!.style.visibility = open.length === 0 ? 'hidden' : '';
    if (stripLabel) {
      stripLabel.textContent =
        open.length === 0 ? '' : next.finished ? 'Not solved' : 'Not judged yet';
      placeStripLabel(
        stripLabel,
        width,
        open.map((p) => x(p.ply)),
      );
    }
    // The line joins only neighbouring known points: nothing is drawn across a gap.
    let path = '';
    let joined = false;
    for (const point of next.points) {
      const value = pointValue(point, next.cells);
      if (value === null) {
        joined = false;
        continue;
      }
      path += `${joined ? 'L' : 'M'}${x(point.ply).toFixed(1)},${pointY(value).toFixed(1)} `;
      joined = true;
    }
    line.setAttribute('d', path);
    // A band's label leaves the left end to the points there (a mistake's diamond covered the
    // "w" of "Draw"), for the right end or a gap.
    for (const { label, y } of bandLabels) {
      const near = next.points.flatMap((p) => {
        const value = pointValue(p, next.cells);
        return value !== null && Math.abs(pointY(value) - (y - 4)) < 12 ? [x(p.ply)] : [];
      });
      placeBandLabel(label, width, near);
    }
    const at = next.points.some((p) => p.ply === next.selected) ? x(next.selected) : -1;
    setAttributes(cursor, { x1: at, x2: at });
    cursor.style.visibility = at < 0 ? 'hidden' : '';
    while (groups.length < next.points.length) groups.push(newGroup());
    while (groups.length > next.points.length) groups.pop()!.remove();
    next.points.forEach((point, i) => {
      const group = groups[i]!;
      const value = pointValue(point, next.cells);
      const cls = next.classes[point.ply];
      const selected = point.ply === next.selected;
      const marked = cls === 'blunder' || cls === 'mistake';
      setAttributes(group, {
        class: `eval-point${cls ? ` c-${cls}` : ''}${selected ? ' selected' : ''}`,
        tabindex: selected ? 0 : -1,
        'aria-label': pointLabel(point, next.finished) + (marked ? ` (${cls})` : ''),
        'aria-pressed': selected ? 'true' : 'false',
        'data-ply': point.ply,
      });
      const cx = x(point.ply);
      const cy = pointY(value);
      // An invisible target as wide as the gap between points: the targets tile the graph, so
      // a tap anywhere picks the nearest point. The graph fits its box at every width; on a
      // long game a point is narrower than a finger, and the table's move buttons and the
      // previous/next buttons (24 px each) reach the same positions (WCAG 2.5.8, equivalent).
      const hitWidth = (width - 2 * PAD) / n;
      group.firstElementChild!.setAttribute('x', String(cx - hitWidth / 2));
      group.firstElementChild!.setAttribute('width', String(hitWidth));
      group.firstElementChild!.setAttribute('height', String(tall));
      let dot: SVGElement;
      if (marked) {
        const s = cls === 'blunder' ? 7 : 5.5;
        dot = svg('path', {
          d: `M${cx},${cy - s} L${cx + s},${cy} L${cx},${cy + s} L${cx - s},${cy} Z`,
          class: 'dot',
        });
      } else {
        dot = svg('circle', {
          cx,
          cy,
          r: value === null ? 3 : 4,
          class: value === null ? 'dot unknown' : 'dot',
        });
      }
      const old = group.children[1];
      // Only a change of shape swaps the dot: the point (the button) itself always stays.
      if (old?.tagName === dot.tagName) {
        for (const { name, value: v } of [...dot.attributes]) old.setAttribute(name, v);
      } else if (old) old.replaceWith(dot);
      else group.append(dot);
    });
  };

  // Drawn again at its laid-out width whenever that changes (a phone turned, a window resized).
  const resized =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver((entries) => {
          const laidOut = Math.round(entries[0]?.contentRect.width ?? 0);
          if (laidOut > 0 && laidOut !== width) {
            width = laidOut;
            if (last) update(last);
          }
        })
      : undefined;
  resized?.observe(chart);
  return { element: chart, update, destroy: () => resized?.disconnect() };
}

/** Room kept between the strip's label and a point: a dot's radius and a gap. */
const LABEL_CLEARANCE = 8;

/**
 * Where the "Not judged yet" (or "Not solved") label of `size` pixels goes so that no open point (their xs) lies
 * under it: at the right (while a review runs, the open points are the early moves), else at
 * the left (the last moves still open, or an unfinished game's last position), else in the
 * widest gap between the open points; null when no gap is wide enough (each point still names
 * itself).
 */
export function stripLabelPlace(
  width: number,
  size: number,
  open: readonly number[],
): { readonly x: number; readonly anchor: 'start' | 'middle' | 'end' } | null {
  const clear = (from: number, to: number): boolean =>
    open.every((p) => p < from - LABEL_CLEARANCE || p > to + LABEL_CLEARANCE);
  if (clear(width - 4 - size, width - 4)) return { x: width - 4, anchor: 'end' };
  if (clear(4, 4 + size)) return { x: 4, anchor: 'start' };
  const edges = [0, ...[...open].sort((a, b) => a - b), width];
  let best: { x: number; anchor: 'middle' } | null = null;
  let widest = size + 2 * LABEL_CLEARANCE;
  for (let i = 1; i < edges.length; i++) {
    const gap = edges[i]! - edges[i - 1]!;
    if (gap >= widest) {
      widest = gap;
      best = { x: (edges[i]! + edges[i - 1]!) / 2, anchor: 'middle' };
    }
  }
  return best;
}

function placeStripLabel(label: SVGTextElement, width: number, open: readonly number[]): void {
  // Measured where the page lays the text out; estimated (11px text) before it does.
  const measured = label.getComputedTextLength();
  const size = measured > 0 ? measured : 6 * label.textContent.length;
  const place = stripLabelPlace(width, size, open);
  label.setAttribute('x', String(place?.x ?? width - 4));
  label.setAttribute('text-anchor', place?.anchor ?? 'end');
  label.style.visibility = place === null || open.length === 0 ? 'hidden' : '';
}

function placeBandLabel(label: SVGTextElement, width: number, near: readonly number[]): void {
  const measured = label.getComputedTextLength();
  const size = measured > 0 ? measured : 6 * label.textContent.length;
  const leftClear = near.every((p) => p < 4 - LABEL_CLEARANCE || p > 4 + size + LABEL_CLEARANCE);
  const place = leftClear ? null : stripLabelPlace(width, size, near);
  label.setAttribute('x', String(place?.x ?? 4));
  label.setAttribute('text-anchor', place?.anchor ?? 'start');
}

function setAttributes(node: Element, attrs: Record<string, string | number>): void {
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
}
