/**
 * Times the pure parts of an arena's once-a-second step (`npm run bench:arena-pairing`):
 * `pairArena` alone on arena-like fields of free players, everyone new at the start (one score,
 * one rating) and mid-arena (scores spread over 40 levels, Glicko-like ratings, most players'
 * last opponent free too), for 500 and 2,000 players, even and odd counts; then the replay of
 * the arena from its games (`arenaOf`, src/server/tournaments/replay.ts) for 500 players as the
 * games pile up (a two-hour arena at a person's pace reaches some 40,000). `--root DIR` times
 * the code of another checkout (e.g. an earlier commit unpacked under /tmp), so before and after
 * run under one load.
 *
 *   npm run bench:arena-pairing -- [--root DIR] [--runs 20]
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { SettledArena, settleArena as settle } from '../../src/server/tournaments/replay.js';
import type { EntrantRow, PairingRow } from '../../src/server/tournaments/store.js';
import type { ArenaCandidate, ArenaPair, ArenaState } from '../../src/tournament/index.js';

const { values } = parseArgs({
  options: { root: { type: 'string' }, runs: { type: 'string', default: '20' } },
});
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..', '..'));
const runs = Number(values.runs);
const { pairArena } = (await import(
  pathToFileURL(path.join(root, 'src', 'tournament', 'arena-pairing.ts')).href
)) as { pairArena: (c: readonly ArenaCandidate[]) => ArenaPair[] };
const { arenaOf, settleArena } = (await import(
  pathToFileURL(path.join(root, 'src', 'server', 'tournaments', 'replay.ts')).href
)) as {
  arenaOf: (
    e: readonly EntrantRow[],
    p: readonly PairingRow[],
    now: number,
    base?: SettledArena,
  ) => ArenaState;
  /** Missing before the step kept its settled games replayed. */
  settleArena?: typeof settle;
};

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

/** The median of `runs` calls after one untimed call, and the untimed call's own time. */
function time(run: () => unknown): { first: number; median: number; max: number } {
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  // The first call of each case runs colder (the server steps once a second): shown apart.
  const first = times.shift()!;
  times.sort((a, b) => a - b);
  return { first, median: times[times.length >> 1]!, max: times.at(-1)! };
}
const cells = (t: { first: number; median: number; max: number }): string =>
  [t.first, t.median, t.max].map((x) => `${x.toFixed(2)} ms`).join(' | ');

console.log(`code of ${root}, ${runs} runs each, load ${loadavg()[0]!.toFixed(1)}`);
console.log('| pairArena: field | players | pairs | first call | median | max after the first |');
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
  let pairs = 0;
  const t = time(() => {
    pairs = pairArena(players).length;
  });
  console.log(`| ${midArena ? 'mid-arena' : 'start'} | ${count} | ${pairs} | ${cells(t)} |`);
}

/**
 * 500 entrants and `count` games in pairing order: the oldest game still played is 300 from
 * the end, then 49 finished since, then 250 being played.
 */
function history(count: number): { entrants: EntrantRow[]; pairings: PairingRow[] } {
  const next = sequence(count);
  const n = 500;
  const entrants = Array.from({ length: n }, (_, i) => ({
    playerId: `player-${i}`,
    name: `Player ${i}`,
    rating: 1500,
    seatHash: '0'.repeat(64),
    joinedAt: i,
    withdrawn: false,
    presentUntil: Number.MAX_SAFE_INTEGER,
  }));
  const pairings = Array.from({ length: count }, (_, seq): PairingRow => {
    const open = seq >= count - 250 || seq === count - 300;
    const first = Math.floor(next() * n);
    return {
      seq,
      round: null,
      gameId: `game-${seq}`,
      first: `player-${first}`,
      second: `player-${(first + 1 + Math.floor(next() * (n - 1))) % n}`,
      outcome: open ? null : (['first', 'second', 'draw'] as const)[Math.floor(next() * 3)]!,
      pairedAt: seq * 200,
      finishedAt: open ? null : seq * 200 + 60_000,
    };
  });
  return { entrants, pairings };
}

console.log('');
console.log(
  '| arenaOf: games | players | first call | median | max after the first | on from the settled games: median |',
);
console.log('|---|---|---|---|---|---|');
for (const count of [1_000, 10_000, 40_000]) {
  const { entrants, pairings } = history(count);
  const full = cells(time(() => arenaOf(entrants, pairings, 0)));
  // As the step does each tick: the games before the oldest one still played are replayed once.
  const base = settleArena?.(undefined, entrants, pairings.slice(0, count - 300));
  const onTop = base && time(() => arenaOf(entrants, pairings, 0, base)).median.toFixed(2);
  console.log(`| ${count} | 500 | ${full} | ${onTop === undefined ? '—' : `${onTop} ms`} |`);
}
console.log(`load after: ${loadavg()[0]!.toFixed(1)}`);
