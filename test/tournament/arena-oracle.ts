/**
 * The arena's pairing and scoring as first written, slow but plainly the rules: the oracles
 * the faster ones in src/tournament must equal.
 *
 * `pairArenaOracle` (src/tournament/arena-pairing.ts before the lazy walk): a depth-first
 * search that filters and sorts every waiting candidate's partners up front (130 ms for 500
 * players); the fast one must give the same pairs, in the same order and colours.
 */
import {
  arenaPoints,
  type ArenaCandidate,
  type ArenaPair,
  type ArenaPlayer,
  type ArenaResult,
  type ArenaState,
  type Outcome,
} from '../../src/tournament/index.js';
/** Search steps before the pairing gives up avoiding rematches (never reached in practice). */
const STEP_BUDGET = 200_000;

const byRank = (a: ArenaCandidate, b: ArenaCandidate): number =>
  b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const justMet = (a: ArenaCandidate, b: ArenaCandidate): boolean =>
  a.lastOpponent === b.id || b.lastOpponent === a.id;

/**
 * Pairs the free players of an arena: from the top of the standings down, each with the free
 * player nearest in score, then in rating; never the opponent of either's last game unless those
 * two are the only players free. With an odd count the player who became free last waits (the
 * others have waited longer). Deterministic: the same candidates give the same pairs. The
 * higher-ranked player of a pair moves first on even boards, the lower-ranked one on odd boards.
 */
export function pairArenaOracle(candidates: readonly ArenaCandidate[]): ArenaPair[] {
  const unique = dedupe(candidates);
  if (unique.length < 2) return [];
  if (unique.length === 2) return [orient(unique[0]!, unique[1]!, 0)];
  const ranked = [...unique].sort(byRank);
  // Who waits when the count is odd: the most recently freed first, then the lowest ranked.
  const waitOrder =
    ranked.length % 2 === 0
      ? [null]
      : [...ranked].sort((a, b) => b.freeSince - a.freeSince || byRank(b, a));
  for (const waiting of waitOrder) {
    const pool = waiting === null ? ranked : ranked.filter((c) => c !== waiting);
    const strict = match(pool, true);
    if (strict) return strict.map(([a, b], i) => orient(a, b, i));
  }
  const pool = waitOrder[0] === null ? ranked : ranked.filter((c) => c !== waitOrder[0]);
  return (match(pool, false) ?? []).map(([a, b], i) => orient(a, b, i));
}

/** The first of each id (written apart from the fast one's, which it checks). */
const dedupe = (candidates: readonly ArenaCandidate[]): ArenaCandidate[] =>
  candidates.filter((c, i) => candidates.findIndex((d) => d.id === c.id) === i);

/** The higher-ranked player moves first on even boards. */
function orient(a: ArenaCandidate, b: ArenaCandidate, board: number): ArenaPair {
  const [first, second] = board % 2 === 0 ? [a, b] : [b, a];
  return { first: first.id, second: second.id };
}

/**
 * A perfect matching of `ranked` (even length), the top unpaired player taking the nearest
 * acceptable partner first; depth-first with backtracking so a bad choice high up does not
 * strand two who just met at the bottom. `strict` forbids rematches; null when none is found.
 */
function match(
  ranked: readonly ArenaCandidate[],
  strict: boolean,
): [ArenaCandidate, ArenaCandidate][] | null {
  const paired = new Array<boolean>(ranked.length).fill(false);
  const out: [ArenaCandidate, ArenaCandidate][] = [];
  let steps = 0;
  const step = (): boolean => {
    const i = paired.indexOf(false);
    if (i < 0) return true;
    const u = ranked[i]!;
    paired[i] = true;
    const options: number[] = [];
    for (let j = i + 1; j < ranked.length; j++) {
      if (paired[j]) continue;
      if (strict && justMet(u, ranked[j]!)) continue;
      options.push(j);
    }
    options.sort((x, y) => {
      const a = ranked[x]!;
      const b = ranked[y]!;
      return (
        Math.abs(a.score - u.score) - Math.abs(b.score - u.score) ||
        Math.abs(a.rating - u.rating) - Math.abs(b.rating - u.rating) ||
        x - y
      );
    });
    for (const j of options) {
      if (++steps > STEP_BUDGET) break;
      paired[j] = true;
      out.push([u, ranked[j]!]);
      if (step()) return true;
      out.pop();
      paired[j] = false;
    }
    paired[i] = false;
    return false;
  };
  return step() ? out : null;
}

/**
 * `recordArenaGames` before it scored in place: a new player, and a new list of games, for
 * every game (quadratic in a player's games).
 */
export function recordArenaGamesOracle(
  state: ArenaState,
  results: readonly ArenaResult[],
): ArenaState {
  const players: Record<string, ArenaPlayer> = { ...state.players };
  for (const { pair, winner, at } of results) {
    const a = players[pair.first];
    const b = players[pair.second];
    if (!a || !b) continue;
    const outcomeOf = (id: string): Outcome =>
      winner === null ? 'draw' : winner === id ? 'win' : 'loss';
    const score = (p: ArenaPlayer, o: ArenaPlayer): ArenaPlayer => {
      const outcome = outcomeOf(p.id);
      const { points, streak } = arenaPoints(p.streak, outcome);
      return {
        ...p,
        score: p.score + points,
        streak,
        playing: false,
        freeSince: at,
        games: [...p.games, { opponent: o.id, opponentRating: o.rating, outcome, points }],
      };
    };
    players[a.id] = score(a, b);
    players[b.id] = score(b, a);
  }
  return { ...state, players };
}
