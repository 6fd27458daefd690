/**
 * A small rating-history chart as SVG markup: a line through the ratings after each game,
 * with the lowest and highest values labelled. Pure (no DOM), so it is unit-tested as text.
 */
export function ratingChartSvg(ratings: readonly number[], width = 320, height = 120): string {
  const pad = 24;
  if (ratings.length === 0) return '';
  const min = Math.min(...ratings);
  const max = Math.max(...ratings);
  const span = Math.max(1, max - min);
  const step = ratings.length > 1 ? (width - 2 * pad) / (ratings.length - 1) : 0;
  const points = ratings.map((r, i) => {
    const x = pad + i * step;
    const y = height - pad - ((r - min) / span) * (height - 2 * pad);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const last = points.at(-1)!.split(',');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Rating after each game: from ${Math.round(ratings[0]!)} to ${Math.round(ratings.at(-1)!)}">`,
    `<text x="2" y="${pad - 8}" font-size="11" fill="currentColor">${Math.round(max)}</text>`,
    `<text x="2" y="${height - 6}" font-size="11" fill="currentColor">${Math.round(min)}</text>`,
    `<polyline points="${points.join(' ')}" fill="none" stroke="currentColor" stroke-width="2"/>`,
    `<circle cx="${last[0]}" cy="${last[1]}" r="3" fill="currentColor"/>`,
    '</svg>',
  ].join('');
}
