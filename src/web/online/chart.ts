/**
 * A player's rating history as an SVG chart: the rating (y, labelled ticks) after each rated
 * game (x, numbered from the starting rating at 0, with the dates of the first and last game),
 * the start drawn as an open point. Pure (no DOM), so it is unit-tested as text; the page puts a
 * table of the same numbers beside it for anyone who cannot read the picture.
 */
export interface RatingPoint {
  /** The rating after the game. */
  readonly rating: number;
  /** When the game ended (ms since the epoch). */
  readonly at: number;
}

const round = (n: number): number => Math.round(n);

/** A date as the page shows it everywhere: year, month and day, in UTC (the same for all). */
export const dayText = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Round tick values covering `lo`..`hi`, at most five of them. */
function ticks(lo: number, hi: number): { lo: number; hi: number; values: number[] } {
  const steps = [10, 20, 25, 50, 100, 200, 250, 500, 1000];
  const span = Math.max(1, hi - lo);
  const step = steps.find((s) => span / s <= 4) ?? 1000;
  const from = Math.floor(lo / step) * step;
  const to = Math.max(from + step, Math.ceil(hi / step) * step);
  const values: number[] = [];
  for (let v = from; v <= to; v += step) values.push(v);
  return { lo: from, hi: to, values };
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The sentence a screen reader hears for the chart (its accessible name). */
export function ratingChartLabel(points: readonly RatingPoint[], start?: number): string {
  const last = points.at(-1);
  if (!last) return '';
  const all = [...(start === undefined ? [] : [start]), ...points.map((p) => p.rating)];
  const games = points.length === 1 ? '1 rated game' : `${points.length} rated games`;
  const from = start === undefined ? '' : `, starting from ${round(start)}`;
  return `Rating after each of ${games}${from}: now ${round(last.rating)}, lowest ${round(Math.min(...all))}, highest ${round(Math.max(...all))}`;
}

export function ratingChartSvg(
  points: readonly RatingPoint[],
  start?: number,
  width = 360,
  height = 180,
): string {
  if (points.length === 0) return '';
  const left = 56;
  const right = 14;
  const top = 12;
  const bottom = 40;
  const series = [...(start === undefined ? [] : [start]), ...points.map((p) => p.rating)];
  // Game numbers: 0 is the start (when known), then 1…n.
  const first = start === undefined ? 1 : 0;
  const last = points.length;
  const scale = ticks(Math.min(...series), Math.max(...series));
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (game: number): number =>
    last === first ? left + plotW / 2 : left + ((game - first) / (last - first)) * plotW;
  const y = (rating: number): number =>
    top + plotH - ((rating - scale.lo) / (scale.hi - scale.lo)) * plotH;
  const xy = (game: number, rating: number): string =>
    `${x(game).toFixed(1)},${y(rating).toFixed(1)}`;
  const line = series.map((rating, i) => xy(first + i, rating)).join(' ');
  const axisY = top + plotH;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escape(ratingChartLabel(points, start))}">`,
    // Gridlines and the y axis's labelled ticks.
    ...scale.values.map(
      (v) =>
        `<line x1="${left}" x2="${width - right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="currentColor" stroke-opacity="0.18"/>` +
        `<text x="${left - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="11" text-anchor="end" fill="currentColor">${v}</text>`,
    ),
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${axisY}" stroke="currentColor"/>`,
    `<line x1="${left}" x2="${width - right}" y1="${axisY}" y2="${axisY}" stroke="currentColor"/>`,
    `<text class="axis-title" x="11" y="${(top + plotH / 2).toFixed(1)}" font-size="11" text-anchor="middle" fill="currentColor" transform="rotate(-90 11 ${(top + plotH / 2).toFixed(1)})">Rating</text>`,
    // The x axis: the first and last game numbers (the start as "start"), and its title with
    // the dates the games span.
    `<text x="${x(first).toFixed(1)}" y="${axisY + 14}" font-size="11" text-anchor="${last === first ? 'middle' : 'start'}" fill="currentColor">${first === 0 ? 'start' : '1'}</text>`,
    last === first
      ? ''
      : `<text x="${x(last).toFixed(1)}" y="${axisY + 14}" font-size="11" text-anchor="end" fill="currentColor">${last}</text>`,
    `<text class="axis-title" x="${(left + plotW / 2).toFixed(1)}" y="${height - 6}" font-size="11" text-anchor="middle" fill="currentColor">${escape(gamesAxisTitle(points))}</text>`,
    `<polyline points="${line}" fill="none" stroke="currentColor" stroke-width="2"/>`,
    start === undefined
      ? ''
      : `<circle class="start" cx="${x(0).toFixed(1)}" cy="${y(start).toFixed(1)}" r="4" fill="none" stroke="currentColor" stroke-width="2"/>`,
    ...points.map(
      (p, i) =>
        `<circle cx="${x(i + 1).toFixed(1)}" cy="${y(p.rating).toFixed(1)}" r="${i === points.length - 1 ? 4 : 2.5}" fill="currentColor"/>`,
    ),
    '</svg>',
  ];
  return parts.join('');
}

/** "Rated games (2026-11-30 to 2026-12-02)": what the x axis counts, and when. */
export function gamesAxisTitle(points: readonly RatingPoint[]): string {
  const from = points[0];
  const to = points.at(-1);
  if (!from || !to) return 'Rated games';
  const a = dayText(from.at);
  const b = dayText(to.at);
  return `Rated games (${a === b ? a : `${a} to ${b}`})`;
}
