import { err, ok, type Result } from '../core/result.js';
import { TournamentErrorCode, tournamentError, type TournamentError } from './errors.js';
import { swissScores } from './swiss-standings.js';
import {
  NO_SHOWS_TO_WITHDRAW,
  noShow,
  wasPlayed,
  type SwissEntrant,
  type SwissGame,
} from './swiss-types.js';

export interface SwissPair {
  /** Moves first. */
  readonly first: string;
  readonly second: string;
}

export interface SwissRoundPairing {
  /** Board order: the highest-scored pair first. */
  readonly pairs: readonly SwissPair[];
  readonly bye: string | null;
}

type Colour = 'F' | 'S';

interface Seed {
  readonly id: string;
  readonly score: number;
  readonly rating: number;
  readonly opponents: ReadonlySet<string>;
  readonly hadBye: boolean;
  /** Colours of the games played over the board, oldest first. */
  readonly colours: readonly Colour[];
}

/** Search steps before the bracket-by-bracket search gives way to a plain one. */
const STEP_BUDGET = 100_000;

class BudgetExceeded extends Error {}

const byRank = (a: Seed, b: Seed): number =>
  b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const compatible = (a: Seed, b: Seed): boolean => !a.opponents.has(b.id);

/** Players still to be paired: not withdrawn, fewer than two no-shows. */
export function activeEntrants(
  entrants: readonly SwissEntrant[],
  games: readonly SwissGame[],
): SwissEntrant[] {
  return entrants.filter(
    (e) => !e.withdrawn && games.filter((g) => noShow(g, e.id)).length < NO_SHOWS_TO_WITHDRAW,
  );
}

function seeds(entrants: readonly SwissEntrant[], games: readonly SwissGame[]): Seed[] {
  const scores = swissScores(entrants, games);
  const ordered = [...games].sort((a, b) => a.round - b.round);
  return activeEntrants(entrants, games)
    .map((e) => {
      const opponents = new Set<string>();
      const colours: Colour[] = [];
      let hadBye = false;
      for (const g of ordered) {
        if (g.first === e.id) {
          if (g.second === null) hadBye = true;
          else opponents.add(g.second);
          if (wasPlayed(g)) colours.push('F');
        } else if (g.second === e.id) {
          opponents.add(g.first);
          if (wasPlayed(g)) colours.push('S');
        }
      }
      return {
        id: e.id,
        score: scores.get(e.id) ?? 0,
        rating: e.rating,
        opponents,
        hadBye,
        colours,
      };
    })
    .sort(byRank);
}

/**
 * Pairs the next Swiss round by the Dutch system. Absolute rules: no two players meet twice and
 * nobody gets a second bye (else `tournament_pairing_impossible`). Then, as in the Dutch rules
 * (FIDE C.04.3), score group by score group from the top: each group (with the players floated
 * down from above) is split into an upper half S1 and a lower half S2 and S1[i] meets S2[i];
 * when that would repeat a game, S2 is transposed (in lexicographic order), then players are
 * exchanged between the halves, and only then is the lowest player floated down. With an odd
 * count the lowest-ranked player without a bye gets it. Colours follow the Dutch allocation:
 * an absolute or stronger colour preference first, then alternation from the last round in
 * which the two had different colours, then the higher-ranked player's preference; with no
 * history, colours alternate down the boards.
 */
export function pairSwissRound(
  entrants: readonly SwissEntrant[],
  games: readonly SwissGame[],
): Result<SwissRoundPairing, TournamentError> {
  const ranked = seeds(entrants, games);
  const impossible = err(
    tournamentError(
      TournamentErrorCode.PairingImpossible,
      'no pairing of this round avoids a repeated game or a second bye',
    ),
  );
  if (ranked.length === 0) return ok({ pairs: [], bye: null });
  if (ranked.length % 2 === 0) {
    const pairs = pairAll(ranked);
    return pairs ? ok({ pairs: allocate(pairs), bye: null }) : impossible;
  }
  // The bye goes to the lowest-ranked player who has not had one and whose absence leaves a
  // pairable field.
  for (let i = ranked.length - 1; i >= 0; i--) {
    const bye = ranked[i]!;
    if (bye.hadBye) continue;
    const pairs = pairAll(ranked.filter((s) => s !== bye));
    if (pairs) return ok({ pairs: allocate(pairs), bye: bye.id });
  }
  return impossible;
}

function pairAll(ranked: readonly Seed[]): [Seed, Seed][] | null {
  const counter = { steps: 0 };
  try {
    return brackets(ranked, [], counter);
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    return plain(ranked);
  }
}

const tick = (counter: { steps: number }): void => {
  if (++counter.steps > STEP_BUDGET) throw new BudgetExceeded();
};

/** Pairs the score group at the head of `queue` together with `floaters`, then the rest. */
function brackets(
  queue: readonly Seed[],
  floaters: readonly Seed[],
  counter: { steps: number },
): [Seed, Seed][] | null {
  if (queue.length === 0) return floaters.length === 0 ? [] : null;
  const top = queue[0]!.score;
  let k = 0;
  while (k < queue.length && queue[k]!.score === top) k++;
  const bracket = [...floaters, ...queue.slice(0, k)];
  const rest = queue.slice(k);
  const last = rest.length === 0;
  if (last && bracket.length % 2 === 1) return null;
  const minPairs = last ? bracket.length / 2 : 0;
  for (let p = Math.floor(bracket.length / 2); p >= minPairs; p--) {
    for (const candidate of candidates(bracket, floaters.length, p, counter)) {
      const used = new Set(candidate.flatMap(([a, b]) => [a.id, b.id]));
      const down = bracket.filter((s) => !used.has(s.id));
      const below = brackets(rest, down, counter);
      if (below) return [...candidate, ...below];
    }
  }
  return null;
}

/**
 * The ways to make `p` pairs in a bracket, in Dutch order. In a group with players floated
 * down from above (heterogeneous), those come first, each against the highest resident it may
 * meet; the residents left form a homogeneous group. In a homogeneous group, S1 = the top half
 * meets transpositions of S2 = the rest. After these, every other choice (exchanges between the
 * halves, other floaters).
 */
function* candidates(
  bracket: readonly Seed[],
  floaters: number,
  p: number,
  counter: { steps: number },
): Generator<[Seed, Seed][]> {
  const seen = new Set<string>();
  const key = (pairs: readonly [Seed, Seed][]): string =>
    pairs
      .map(([a, b]) => (a.id < b.id ? `${a.id}\0${b.id}` : `${b.id}\0${a.id}`))
      .sort()
      .join('\n');
  const chosen: [Seed, Seed][] = [];
  /** S1[i] against each free member of S2 in order (lexicographic transpositions). */
  function* transpose(
    s1: readonly Seed[],
    s2: readonly Seed[],
    i: number,
    taken: boolean[],
  ): Generator<[Seed, Seed][]> {
    if (i === s1.length) {
      yield [...chosen];
      return;
    }
    for (let j = 0; j < s2.length; j++) {
      tick(counter);
      if (taken[j] || !compatible(s1[i]!, s2[j]!)) continue;
      taken[j] = true;
      chosen.push([s1[i]!, s2[j]!]);
      yield* transpose(s1, s2, i + 1, taken);
      chosen.pop();
      taken[j] = false;
    }
  }
  function* homogeneous(group: readonly Seed[], pairs: number): Generator<[Seed, Seed][]> {
    const s1 = group.slice(0, pairs);
    const s2 = group.slice(pairs);
    yield* transpose(s1, s2, 0, new Array<boolean>(s2.length).fill(false));
  }
  const m = Math.min(floaters, p);
  const residents = bracket.slice(floaters);
  function* dutch(): Generator<[Seed, Seed][]> {
    if (m === 0 || m > residents.length) {
      yield* homogeneous(bracket, p);
      return;
    }
    const taken = new Array<boolean>(residents.length).fill(false);
    for (const head of transpose(bracket.slice(0, m), residents, 0, taken)) {
      const used = new Set(head.flatMap(([a, b]) => [a.id, b.id]));
      const rest = residents.filter((s) => !used.has(s.id));
      const saved = chosen.splice(0, chosen.length);
      for (const tail of homogeneous(rest, p - m)) yield [...head, ...tail];
      chosen.push(...saved);
    }
  }
  for (const c of dutch()) {
    seen.add(key(c));
    yield c;
  }
  // Exchanges: any p pairs, the top unpaired player either paired with someone below or floated.
  const used = new Array<boolean>(bracket.length).fill(false);
  function* any(from: number, pairsLeft: number, floatsLeft: number): Generator<[Seed, Seed][]> {
    if (pairsLeft === 0) {
      yield [...chosen];
      return;
    }
    let i = from;
    while (i < bracket.length && used[i]) i++;
    if (i >= bracket.length) return;
    used[i] = true;
    for (let j = i + 1; j < bracket.length; j++) {
      tick(counter);
      if (used[j] || !compatible(bracket[i]!, bracket[j]!)) continue;
      used[j] = true;
      chosen.push([bracket[i]!, bracket[j]!]);
      yield* any(i + 1, pairsLeft - 1, floatsLeft);
      chosen.pop();
      used[j] = false;
    }
    if (floatsLeft > 0) yield* any(i + 1, pairsLeft, floatsLeft - 1);
    used[i] = false;
  }
  for (const c of any(0, p, bracket.length - 2 * p)) {
    const k = key(c);
    if (seen.has(k)) continue;
    seen.add(k);
    yield c;
  }
}

/** A plain search when the groups cannot be searched in time: top player, nearest partner. */
function plain(ranked: readonly Seed[]): [Seed, Seed][] | null {
  const used = new Array<boolean>(ranked.length).fill(false);
  const out: [Seed, Seed][] = [];
  let steps = 0;
  const step = (): boolean => {
    const i = used.indexOf(false);
    if (i < 0) return true;
    used[i] = true;
    for (let j = i + 1; j < ranked.length; j++) {
      if (++steps > STEP_BUDGET) break;
      if (used[j] || !compatible(ranked[i]!, ranked[j]!)) continue;
      used[j] = true;
      out.push([ranked[i]!, ranked[j]!]);
      if (step()) return true;
      out.pop();
      used[j] = false;
    }
    used[i] = false;
    return false;
  };
  return step() ? out : null;
}

interface Preference {
  readonly want: Colour | null;
  /** 3 absolute, 2 strong, 1 mild, 0 none. */
  readonly strength: number;
}

function preference(colours: readonly Colour[]): Preference {
  if (colours.length === 0) return { want: null, strength: 0 };
  const diff = colours.filter((c) => c === 'F').length - colours.filter((c) => c === 'S').length;
  const lastTwo = colours.slice(-2);
  const repeated = lastTwo.length === 2 && lastTwo[0] === lastTwo[1] ? lastTwo[0]! : null;
  if (diff < -1 || repeated === 'S') return { want: 'F', strength: 3 };
  if (diff > 1 || repeated === 'F') return { want: 'S', strength: 3 };
  if (diff === -1) return { want: 'F', strength: 2 };
  if (diff === 1) return { want: 'S', strength: 2 };
  return { want: colours.at(-1) === 'F' ? 'S' : 'F', strength: 1 };
}

/** Orders the boards (highest pair first) and decides who moves first on each. */
function allocate(pairs: readonly [Seed, Seed][]): SwissPair[] {
  const boards = pairs
    .map(([a, b]) => (byRank(a, b) <= 0 ? ([a, b] as const) : ([b, a] as const)))
    .sort(([a1, b1], [a2, b2]) => byRank(a1, a2) || byRank(b1, b2));
  return boards.map(([high, low], board) => {
    const first = firstMover(high, low, board);
    return first === high ? { first: high.id, second: low.id } : { first: low.id, second: high.id };
  });
}

function firstMover(high: Seed, low: Seed, board: number): Seed {
  const ph = preference(high.colours);
  const pl = preference(low.colours);
  const other = (s: Seed): Seed => (s === high ? low : high);
  const gets = (s: Seed, c: Colour): Seed => (c === 'F' ? s : other(s));
  if (ph.want === null && pl.want === null) return board % 2 === 0 ? high : low;
  if (ph.want === null) return gets(low, pl.want!);
  if (pl.want === null || ph.want !== pl.want) return gets(high, ph.want);
  if (ph.strength !== pl.strength) {
    return ph.strength > pl.strength ? gets(high, ph.want) : gets(low, pl.want);
  }
  // Same wish, same strength: alternate from the latest round where their colours differed.
  for (let i = 1; i <= Math.min(high.colours.length, low.colours.length); i++) {
    const h = high.colours[high.colours.length - i]!;
    const l = low.colours[low.colours.length - i]!;
    if (h !== l) return h === 'F' ? low : high;
  }
  return gets(high, ph.want);
}
