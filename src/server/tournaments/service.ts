import { err, ok, type Result } from '../../core/result.js';
import {
  pairArena,
  pairSwissRound,
  TournamentErrorCode,
  tournamentError,
  validateSettings,
  freePlayers,
  type ArenaState,
  type TournamentError,
  type TournamentSettingsInput,
} from '../../tournament/index.js';
import type {
  ProtocolError,
  SeatPlayer,
  TournamentDetail,
  TournamentPairing,
  TournamentSummary,
} from '../../protocol/index.js';
import { gameTextOf } from '../game/family.js';
import type { GameState } from '../game/state.js';
import type { Logger } from '../log.js';
import type { GameSetup } from '../games.js';
import type { GameStore } from '../store/types.js';
import {
  arenaOf,
  settleArena,
  standingsOf,
  swissEntrants,
  swissGames,
  type SettledArena,
} from './replay.js';
import type { EntrantRow, PairingRow, TournamentRow, TournamentStore } from './store.js';

/** A process runs a tournament while it holds this lease (renewed on every tick). */
export const LEASE_MS = 15_000;
/**
 * A lease holder whose heartbeat (every 2 s, `HEARTBEAT_MS` in app.ts) is this old has died: a
 * restarted or other process takes over without waiting for the lease to expire. Misjudging a
 * slow live process costs nothing but a wasted step: every pairing is a compare-and-set.
 */
export const OWNER_SILENT_MS = 6_000;
/** A joined player counts as present this long after the last sign (join, or a connection). */
export const PRESENCE_MS = 60_000;
/** Finished tournaments stay in the list this long. */
const LIST_FINISHED_MS = 24 * 3_600_000;

export type NotFound = { readonly code: 'not_found'; readonly message: string };
const notFound = (): NotFound => ({ code: 'not_found', message: 'no such tournament' });

export interface TournamentPlayer {
  readonly id: string;
  readonly name: string;
  /** Rating in the tournament's pool when joining (for pairing and the standings). */
  readonly rating: number;
}

export interface TournamentDeps {
  readonly store: TournamentStore;
  readonly games: Pick<GameStore, 'getGame'>;
  /**
   * Makes a paired game: the game service's `start`, so a tournament game is made,
   * rated and timed (first-move abort, leaving) exactly as any other game, and its watchers
   * and the hub hear of it the same way.
   */
  readonly startGame: (setup: GameSetup) => Promise<Result<GameState, ProtocolError>>;
  /** This process, as lease owner. */
  readonly node: string;
  readonly newId: () => string;
  readonly log?: Logger;
  /** A tournament game was created here (for the `tournamentPairing` push). */
  readonly onGame?: (state: GameState, tournamentId: string, round: number | null) => void;
  /** Standings or pairings of a tournament changed. */
  readonly onChange?: (tournamentId: string) => void;
}

/**
 * Runs tournaments from the store. Every pairing goes through the tournament's version
 * (compare-and-set) with its pairing rows in one transaction; the games are created after, and
 * a pairing whose game is missing (a crash in between) gets it on the next tick. Outcomes are
 * read from the finished games and written once. So any number of processes may tick: the
 * lease keeps the work on one, the version keeps it correct when a lease lapses mid-pairing.
 */
export class TournamentService {
  /**
   * Per tournament stepped here, its first pairings up to the first game still open: finished
   * pairings never change (an outcome is written once), so each tick reads only the rest, and
   * the cache is right whichever process wrote them. A long, large arena pairs tens of thousands
   * of games, too many to read every second.
   */
  private readonly settled = new Map<
    string,
    { readonly rows: readonly PairingRow[]; arena?: SettledArena | undefined }
  >();

  constructor(private readonly deps: TournamentDeps) {}

  /** A new tournament, or null when its schedule key exists already. */
  async create(
    input: TournamentSettingsInput,
    now: number,
    options: {
      readonly creator: { readonly id: string; readonly name: string } | null;
      readonly private: boolean;
      readonly scheduleKey?: string;
    },
  ): Promise<Result<TournamentRow | null, TournamentError>> {
    const settings = validateSettings(input, now);
    if (!settings.ok) return settings;
    const s = settings.value;
    const row: TournamentRow = {
      id: this.deps.newId(),
      settings: s,
      status: 'upcoming',
      private: options.private,
      createdBy: options.creator,
      scheduleKey: options.scheduleKey ?? null,
      round: 0,
      version: 0,
      startsAt: s.startsAt,
      endsAt: s.kind === 'arena' ? s.startsAt + s.durationMinutes * 60_000 : null,
      createdAt: now,
    };
    // A scheduled occurrence another process created first is not an error: it exists once.
    return ok((await this.deps.store.insert(row)) ? row : null);
  }

  /** The stored tournament, or undefined. */
  find(id: string): Promise<TournamentRow | undefined> {
    return this.deps.store.get(id);
  }

  /**
   * Joins, rejoins after a withdrawal (the score stays: it lives in the games), or, for a
   * player who is in already (another tab or device, a reconnect), changes nothing but the
   * seat secret and presence: `again`. The seat secret of the latest join holds the seats of
   * the games paired after it, so the device the player joined from last is the one that plays.
   */
  async join(
    id: string,
    player: TournamentPlayer,
    seatHash: string,
    now: number,
  ): Promise<Result<{ readonly again: boolean }, TournamentError | NotFound>> {
    const t = await this.deps.store.get(id);
    if (!t) return err(notFound());
    if (t.status === 'finished' || (t.endsAt !== null && now >= t.endsAt)) {
      return err(tournamentError(TournamentErrorCode.Finished, 'this tournament is over'));
    }
    const entrants = await this.deps.store.entrants(id);
    const known = entrants.find((e) => e.playerId === player.id);
    if (t.settings.kind === 'swiss' && t.round > 0) {
      if (!known) {
        return err(
          tournamentError(TournamentErrorCode.Closed, 'this Swiss has begun: no new players'),
        );
      }
      // Back after a withdrawal, unless two no-shows withdrew the player for good.
      const comeBack = entrants.map((e) => (e === known ? { ...e, withdrawn: false } : e));
      const active = swissEntrants(comeBack, await this.deps.store.pairings(id));
      if (active.find((e) => e.id === player.id)?.withdrawn) {
        return err(
          tournamentError(TournamentErrorCode.Excluded, 'withdrawn after two games not played'),
        );
      }
    }
    await this.deps.store.putEntrant(id, {
      playerId: player.id,
      name: known?.name ?? player.name,
      rating: known?.rating ?? player.rating,
      seatHash,
      joinedAt: known?.joinedAt ?? now,
      withdrawn: false,
      presentUntil: now + PRESENCE_MS,
    });
    const again = known !== undefined && !known.withdrawn;
    if (!again) this.deps.onChange?.(id);
    return ok({ again });
  }

  async withdraw(id: string, playerId: string): Promise<Result<true, TournamentError | NotFound>> {
    const t = await this.deps.store.get(id);
    if (!t) return err(notFound());
    const known = (await this.deps.store.entrants(id)).find((e) => e.playerId === playerId);
    if (!known || known.withdrawn) {
      return err(tournamentError(TournamentErrorCode.NotJoined, 'not in this tournament'));
    }
    await this.deps.store.setWithdrawn(id, playerId, true);
    this.deps.onChange?.(id);
    return ok(true);
  }

  /** The player has a page open: paired for another `PRESENCE_MS`, even if marked absent. */
  async touch(id: string, playerId: string, now: number): Promise<void> {
    await this.deps.store.setPresentUntil(id, playerId, now + PRESENCE_MS);
  }

  /**
   * The player still has a page open: paired for another `PRESENCE_MS`, unless marked absent
   * meanwhile (a no-show, or every page closed), which only a new `join` undoes.
   */
  async renew(id: string, playerId: string, now: number): Promise<void> {
    await this.deps.store.renewPresence(id, playerId, now + PRESENCE_MS);
  }

  /** The player closed every page: not paired until back. */
  async absent(id: string, playerId: string): Promise<void> {
    await this.deps.store.setPresentUntil(id, playerId, 0);
  }

  async list(now: number): Promise<TournamentSummary[]> {
    const rows = await this.deps.store.listPublic(now - LIST_FINISHED_MS, 100);
    return Promise.all(
      rows.map(async (t) => summary(t, (await this.deps.store.entrants(t.id)).length)),
    );
  }

  async detail(id: string): Promise<TournamentDetail | undefined> {
    const t = await this.deps.store.get(id);
    if (!t) return undefined;
    const [entrants, pairings] = await Promise.all([
      this.deps.store.entrants(id),
      this.deps.store.pairings(id),
    ]);
    const names = new Map(entrants.map((e) => [e.playerId, e.name]));
    const side = (playerId: string): { playerId: string; name: string } => ({
      playerId,
      name: names.get(playerId) ?? '?',
    });
    const shown = [
      ...pairings.filter((p) => p.outcome === null),
      ...pairings.filter((p) => p.outcome !== null).reverse(),
    ].slice(0, 100);
    return {
      ...summary(t, entrants.length),
      standings: standingsOf(t.settings.kind, entrants, pairings),
      pairings: shown.map((p): TournamentPairing => ({
        round: p.round,
        gameId: p.gameId,
        first: side(p.first),
        second: p.second === null ? null : side(p.second),
        outcome: p.outcome,
      })),
    };
  }

  /** One step of every started tournament whose lease this process holds or takes. */
  async tick(now: number): Promise<void> {
    const active = await this.deps.store.active(now);
    // A tournament that ended (here or on another process) needs its cache no more.
    for (const id of this.settled.keys()) {
      if (!active.some((t) => t.id === id)) this.settled.delete(id);
    }
    for (const t of active) {
      try {
        const silentBefore = now - OWNER_SILENT_MS;
        if (await this.deps.store.lease(t.id, this.deps.node, now, now + LEASE_MS, silentBefore)) {
          await this.step(t.id, now);
        }
      } catch (e) {
        this.deps.log?.warn('tournament step failed', { tournament: t.id, error: String(e) });
      }
    }
  }

  /** Settles finished games, then starts, pairs or ends the tournament as due. */
  async step(id: string, now: number): Promise<void> {
    const { store } = this.deps;
    let t = await store.get(id);
    if (!t || t.status === 'finished' || now < t.startsAt) return;
    const pairings = await this.settle(t, await this.pairingsOf(id));
    // Read after settling (a finished game changes who is present), and once per tick: with
    // hundreds of players the reading is not cheap.
    const entrants = await store.entrants(id);
    if (t.status === 'upcoming') {
      if (!(await store.advance(t, { status: 'running' }))) return;
      t = { ...t, status: 'running', version: t.version + 1 };
      this.deps.onChange?.(id);
    }
    const open = pairings.filter((p) => p.outcome === null);
    if (t.settings.kind === 'arena') {
      if (now >= t.endsAt!) {
        // A game still running at the end finishes and counts; then the arena is over.
        if (open.length === 0 && (await store.advance(t, { status: 'finished' }))) {
          this.deps.onChange?.(id);
        }
        return;
      }
      const arena = this.arenaNow(id, entrants, pairings, now);
      const pairs = pairArena(
        freePlayers(arena, now).map((p) => ({
          id: p.id,
          score: p.score,
          rating: p.rating,
          lastOpponent: p.games.at(-1)?.opponent ?? null,
          freeSince: p.freeSince,
        })),
      );
      if (pairs.length === 0) return;
      const rows = this.gameRows(pairs, pairings.length, null, now);
      if (await store.advance(t, { pairings: rows })) await this.startGames(t, entrants, rows);
      return;
    }
    // Swiss: the next round when every game of this one has ended.
    if (open.length > 0) return;
    if (t.round >= t.settings.rounds) {
      if (await store.advance(t, { status: 'finished', endsAt: now })) this.deps.onChange?.(id);
      return;
    }
    const paired = pairSwissRound(swissEntrants(entrants, pairings), swissGames(pairings));
    if (!paired.ok || (paired.value.pairs.length === 0 && paired.value.bye === null)) {
      // Nobody left to pair (or no pairing without a repeat): the Swiss ends here.
      if (await store.advance(t, { status: 'finished', endsAt: now })) this.deps.onChange?.(id);
      return;
    }
    const round = t.round + 1;
    const rows = this.gameRows(paired.value.pairs, pairings.length, round, now);
    if (paired.value.bye !== null) {
      rows.push({
        seq: pairings.length + rows.length,
        round,
        gameId: null,
        first: paired.value.bye,
        second: null,
        outcome: 'bye',
        pairedAt: now,
        finishedAt: now,
      });
    }
    if (await store.advance(t, { round, pairings: rows })) {
      await this.startGames(t, entrants, rows);
    }
  }

  /** Every pairing of the tournament, the settled beginning from the cache (`settled`). */
  private async pairingsOf(id: string): Promise<PairingRow[]> {
    const cached = this.settled.get(id);
    const known = cached?.rows ?? [];
    const fromSeq = known.length === 0 ? 0 : known.at(-1)!.seq + 1;
    const rest = (await this.deps.store.pairings(id, fromSeq)).filter((p) => p.seq >= fromSeq);
    const all = [...known, ...rest];
    let end = known.length;
    while (end < all.length && all[end]!.outcome !== null) end++;
    if (end > known.length) this.settled.set(id, { rows: all.slice(0, end), arena: cached?.arena });
    return all;
  }

  /**
   * The arena now, replaying only the games after the settled ones (themselves replayed once,
   * as they settle): `pairings` begins with the cached settled rows.
   */
  private arenaNow(
    id: string,
    entrants: readonly EntrantRow[],
    pairings: readonly PairingRow[],
    now: number,
  ): ArenaState {
    const cached = this.settled.get(id);
    if (cached) cached.arena = settleArena(cached.arena, entrants, cached.rows);
    return arenaOf(entrants, pairings, now, cached?.arena);
  }

  /** New pairings, each with a game still to be made, numbered on from `firstSeq`. */
  private gameRows(
    pairs: readonly { readonly first: string; readonly second: string }[],
    firstSeq: number,
    round: number | null,
    now: number,
  ): PairingRow[] {
    return pairs.map((p, i) => ({
      seq: firstSeq + i,
      round,
      gameId: this.deps.newId(),
      first: p.first,
      second: p.second,
      outcome: null,
      pairedAt: now,
      finishedAt: null,
    }));
  }

  /**
   * Writes the outcome of every finished game once, and creates any paired game that is
   * missing (the process died between the pairing and the game).
   */
  private async settle(t: TournamentRow, pairings: readonly PairingRow[]): Promise<PairingRow[]> {
    const out: PairingRow[] = [];
    let changed = false;
    for (const p of pairings) {
      if (p.outcome !== null || p.gameId === null) {
        out.push(p);
        continue;
      }
      const game = await this.deps.games.getGame(p.gameId);
      if (!game) {
        // Rare (a crash between pairing and game): the entrants are read only then.
        await this.startGames(t, await this.deps.store.entrants(t.id), [p]);
        out.push(p);
        continue;
      }
      const outcome = outcomeOf(game, t.settings.kind);
      if (outcome === null) {
        out.push(p);
        continue;
      }
      const at = game.updatedAt;
      if (await this.deps.store.finish(t.id, p.seq, outcome, at)) {
        changed = true;
        if (t.settings.kind === 'arena') await this.presenceAfter(t.id, p, game, at);
      }
      out.push({ ...p, outcome, finishedAt: at });
    }
    if (changed) this.deps.onChange?.(t.id);
    return out;
  }

  /**
   * A game played to its end is a sign that both players are there: they stay present for
   * another `PRESENCE_MS` (so an arena goes on for whoever keeps playing), unless marked absent
   * meanwhile (their pages closed during the game). A no-show is marked absent and is not
   * paired again until it joins again.
   */
  private async presenceAfter(
    id: string,
    p: PairingRow,
    game: GameState,
    at: number,
  ): Promise<void> {
    if (game.result?.kind === 'aborted') {
      const absent = game.result.player === 1 ? p.first : p.second!;
      await this.deps.store.setPresentUntil(id, absent, 0);
      return;
    }
    for (const player of [p.first, p.second!]) {
      await this.deps.store.renewPresence(id, player, at + PRESENCE_MS);
    }
  }

  private async startGames(
    t: TournamentRow,
    entrants: readonly EntrantRow[],
    rows: readonly PairingRow[],
  ): Promise<void> {
    const byId = new Map(entrants.map((e) => [e.playerId, e]));
    const seat = (e: EntrantRow): { secretHash: string; player: SeatPlayer } => ({
      secretHash: e.seatHash,
      player: { id: e.playerId, name: e.name, rating: Math.round(e.rating) },
    });
    for (const p of rows) {
      if (p.gameId === null || p.second === null) continue;
      const first = byId.get(p.first);
      const second = byId.get(p.second);
      if (!first || !second) continue;
      let started: Result<GameState, ProtocolError>;
      try {
        started = await this.deps.startGame({
          id: p.gameId,
          game: gameTextOf(t.settings),
          variant: t.settings.variant,
          clock: t.settings.clock,
          rated: true,
          seats: [seat(first), seat(second)],
        });
      } catch (e) {
        // Another process healed the same missing game first: it exists once, which is the aim,
        // and that process told the players.
        if (await this.deps.games.getGame(p.gameId)) continue;
        throw e;
      }
      if (!started.ok) {
        this.deps.log?.warn('tournament game refused', {
          tournament: t.id,
          error: started.error.message,
        });
        continue;
      }
      this.deps.onGame?.(started.value, t.id, p.round);
    }
    this.deps.onChange?.(t.id);
  }
}

/** A finished game's tournament outcome; null while it goes on. Seat 1 is always `first`. */
export function outcomeOf(game: GameState, kind: 'arena' | 'swiss'): string | null {
  const r = game.result;
  if (game.status !== 'finished' || r === null) return null;
  if (r.kind === 'win') return r.winner === 1 ? 'first' : 'second';
  if (r.kind === 'draw') return 'draw';
  if (kind === 'arena') return 'aborted';
  return r.player === 1 ? 'first_forfeit' : 'second_forfeit';
}

export function summary(t: TournamentRow, players: number): TournamentSummary {
  const s = t.settings;
  return {
    id: t.id,
    kind: s.kind,
    name: s.name,
    game: gameTextOf(s),
    variant: s.variant,
    clock: s.clock,
    status: t.status,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    rounds: s.kind === 'swiss' ? s.rounds : null,
    round: s.kind === 'swiss' ? t.round : null,
    players,
    private: t.private,
    createdBy: t.createdBy,
  };
}
