import type { EvaluationPoint, MoveClass } from '../../review/index.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 180;
const PAD = 14;

/** Height on the graph: wins above the middle (sooner wins higher), draws on it, losses below. */
export function pointValue(point: EvaluationPoint, cells: number): number | null {
  if (point.result === null) return null;
  if (point.result === 0) return 0;
  const near = point.plies === null ? 0.5 : 1 - Math.min(point.plies, cells) / cells;
  return point.result * (0.35 + 0.65 * near);
}

export function pointLabel(point: EvaluationPoint): string {
  const where = point.ply === 0 ? 'Start' : `After move ${point.ply}`;
  if (point.result === null) return `${where}: not solved yet`;
  if (point.result === 0) return `${where}: draw`;
  const side = point.result === 1 ? 'Red' : 'Yellow';
  if (point.plies === 0) return `${where}: ${side} has won`;
  const moves = point.plies === null ? '' : `, ${point.plies} more discs with best play`;
  return `${where}: ${side} wins${moves}`;
}

const el = <K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] => {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
};

export interface GraphInput {
  readonly points: readonly EvaluationPoint[];
  /** The class of the move that led to each point (index = ply; none for the start). */
  readonly classes: readonly (MoveClass | undefined)[];
  readonly cells: number;
  readonly selected: number;
}

/**
 * The evaluation graph as SVG: Red-win, draw and Yellow-win bands, one point per position
 * (a focusable button: click, Enter or Space jumps the board there), mistakes and blunders
 * marked by shape as well as colour.
 */
export function renderGraph(input: GraphInput, onSelect: (ply: number) => void): SVGSVGElement {
  const svg = el('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'eval-graph',
    role: 'group',
    'aria-label': 'Evaluation graph: Red wins above the line, draws on it, Yellow wins below',
  });
  const band = H / 3;
  svg.append(
    el('rect', { x: 0, y: 0, width: W, height: band, class: 'band band-red' }),
    el('rect', { x: 0, y: band, width: W, height: band, class: 'band band-draw' }),
    el('rect', { x: 0, y: 2 * band, width: W, height: band, class: 'band band-yellow' }),
  );
  for (const [y, text] of [
    [14, 'Red wins'],
    [H / 2 + 4, 'Draw'],
    [H - 6, 'Yellow wins'],
  ] as const) {
    const label = el('text', { x: 4, y, class: 'band-label', 'aria-hidden': 'true' });
    label.textContent = text;
    svg.append(label);
  }
  const n = Math.max(1, input.points.length - 1);
  const x = (ply: number): number => PAD + (ply * (W - 2 * PAD)) / n;
  const y = (value: number): number => H / 2 - value * (H / 2 - PAD);
  let path = '';
  for (const point of input.points) {
    const value = pointValue(point, input.cells);
    if (value === null) continue;
    path += `${path === '' ? 'M' : 'L'}${x(point.ply).toFixed(1)},${y(value).toFixed(1)} `;
  }
  if (path !== '') svg.append(el('path', { d: path, class: 'eval-line', 'aria-hidden': 'true' }));
  for (const point of input.points) {
    const value = pointValue(point, input.cells);
    const cls = input.classes[point.ply];
    const group = el('g', {
      class: `eval-point${cls ? ` c-${cls}` : ''}${point.ply === input.selected ? ' selected' : ''}`,
      role: 'button',
      tabindex: point.ply === input.selected ? 0 : -1,
      'aria-label': pointLabel(point) + (cls === 'blunder' || cls === 'mistake' ? ` (${cls})` : ''),
      'aria-pressed': point.ply === input.selected ? 'true' : 'false',
      'data-ply': point.ply,
    });
    const cx = x(point.ply);
    const cy = y(value ?? 0);
    // A wide invisible target: points are close together on long games.
    group.append(el('rect', { x: cx - 6, y: 0, width: 12, height: H, class: 'hit' }));
    if (cls === 'blunder' || cls === 'mistake') {
      const s = cls === 'blunder' ? 7 : 5.5;
      group.append(
        el('path', {
          d: `M${cx},${cy - s} L${cx + s},${cy} L${cx},${cy + s} L${cx - s},${cy} Z`,
          class: 'dot',
        }),
      );
    } else {
      group.append(
        el('circle', {
          cx,
          cy,
          r: value === null ? 3 : 4,
          class: value === null ? 'dot unknown' : 'dot',
        }),
      );
    }
    group.addEventListener('click', () => {
      onSelect(point.ply);
    });
    group.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onSelect(point.ply);
      }
    });
    svg.append(group);
  }
  return svg;
}
