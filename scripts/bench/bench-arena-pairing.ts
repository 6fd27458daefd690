/**
 * Times `pairArena` alone on arena-like fields of free players (`npm run bench:arena-pairing`):
 * everyone new at the start (one score, one rating), and mid-arena (scores spread over 40
 * levels, Glicko-like ratings, most players' last opponent free too), for 500 and 2,000 players,
 * even and odd counts. `--root DIR` times the `pairArena` of another checkout (e.g. an earlier
 * commit unpacked under /tmp), so before and after run under one load.
 *
 *   npm run bench:arena-pairing -- [--root DIR] [--runs 20]
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ArenaCandidate, ArenaPair } from '../../src/tournament/index.js';

const { values } = parseArgs({
  options: { root: { type: 'string' }, runs: { type: 'string', default: '20' } },
});
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..', '..'));
const runs = Number(values.runs);
const { pairArena } = (await import(
  pathToFileURL(path.join(root, 'src', 'tournament', 'arena-pairing.ts')).href
)) as { pairArena: (c: readonly ArenaCandidate[]) => ArenaPair[] };

/** A fixed pseudo-random sequence (xorshift32): every run times the same fields. */
function sequence(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function field(count: number, midArena: boolean): ArenaCandidate[] {
  const next = sequence(count * 7 + (midArena ? 1 : 0));
  const ids = Array.from({ length: count }, (_, i) => `player-${i}`);
  const last = new Map<string, string>();
  if (midArena) {
    const order = [...ids].sort(() => next() - 0.5);
    for (let i = 0; i + 1 < order.length; i += 2) {
      last.set(order[i]!, order[i + 1]!);
      last.set(order[i + 1]!, order[i]!);
    }
  }
  return ids.map((id) => ({
    id,
    score: midArena ? Math.floor(next() * 40) : 0,
    rating: midArena ? 1100 + Math.round(next() * 8000) / 10 : 1500,
    lastOpponent: last.get(id) ?? null,
    freeSince: Math.floor(next() * 60_000),
  }));
}

console.log(`pairArena of ${root}, ${runs} runs each, load ${loadavg()[0]!.toFixed(1)}`);
console.log('| field | players | pairs | first call | median | max after the first |');
console.log('|---|---|---|---|---|---|');
for (const [count, midArena] of [
  [500, false],
  [500, true],
  [501, true],
  [2000, false],
  [2000, true],
  [2001, true],
] as const) {
  const players = field(count, midArena);
  const times: number[] = [];
  let pairs = 0;
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    pairs = pairArena(players).length;
    times.push(performance.now() - start);
  }
  // The first call of each field runs colder (the server pairs once a second): shown apart.
  const first = times.shift()!;
  times.sort((a, b) => a - b);
  const cells = [first, times[times.length >> 1]!, times.at(-1)!].map((t) => `${t.toFixed(2)} ms`);
  console.log(
    `| ${midArena ? 'mid-arena' : 'start'} | ${count} | ${pairs} | ${cells.join(' | ')} |`,
  );
}
console.log(`load after: ${loadavg()[0]!.toFixed(1)}`);
