import type { TournamentSettings, TournamentStatusName } from './types.js';

export interface TournamentRow {
  readonly id: string;
  readonly settings: TournamentSettings;
  readonly status: TournamentStatusName;
  readonly private: boolean;
  readonly createdBy: { readonly id: string; readonly name: string } | null;
  /** Set on the schedule's tournaments: one per key, however many processes create it. */
  readonly scheduleKey: string | null;
  /** Swiss: rounds paired so far. */
  readonly round: number;
  /** Rises by one per change of status or round and per pairing moment (compare-and-set). */
  readonly version: number;
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly createdAt: number;
}

export interface EntrantRow {
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  /** SHA-256 of the seat secret given at joining: it holds the seats of the player's games. */
  readonly seatHash: string;
  readonly joinedAt: number;
  readonly withdrawn: boolean;
  /** The player counts as present (has a page open) until then. */
  readonly presentUntil: number;
}

export interface PairingRow {
  /** Order of pairing within the tournament, from 0. */
  readonly seq: number;
  readonly round: number | null;
  /** Null for a Swiss bye. */
  readonly gameId: string | null;
  readonly first: string;
  readonly second: string | null;
  /** Null while playing; else a `SwissOutcome` or `aborted` (arena: counts nothing). */
  readonly outcome: string | null;
  readonly pairedAt: number;
  readonly finishedAt: number | null;
}

/** The change a pairing moment writes, all or nothing, if the version is still the one read. */
export interface Advance {
  readonly status?: TournamentStatusName;
  readonly round?: number;
  readonly endsAt?: number | null;
  readonly pairings?: readonly PairingRow[];
}

/**
 * Tournament storage (SQLite or PostgreSQL, tables of migration 5). Every write that pairs is
 * `advance`, a compare-and-set on the tournament's version in one transaction with the new
 * pairing rows: two processes can never both pair the same moment, and a crash leaves all of a
 * moment's pairings or none.
 */
export interface TournamentStore {
  /** False when a tournament with this schedule key exists already. */
  insert(row: TournamentRow): Promise<boolean>;
  get(id: string): Promise<TournamentRow | undefined>;
  /** Public tournaments not finished, and those finished since `finishedSince`, by start. */
  listPublic(finishedSince: number, limit: number): Promise<TournamentRow[]>;
  /** Unfinished tournaments that have started or start before `until`. */
  active(until: number): Promise<TournamentRow[]>;
  entrants(id: string): Promise<EntrantRow[]>;
  /** The pairings numbered `fromSeq` on (all by default), by number. */
  pairings(id: string, fromSeq?: number): Promise<PairingRow[]>;
  /** Adds the player, or brings a withdrawn one back (score kept: it lives in the games). */
  putEntrant(id: string, entrant: EntrantRow): Promise<void>;
  setWithdrawn(id: string, playerId: string, withdrawn: boolean): Promise<boolean>;
  setPresentUntil(id: string, playerId: string, until: number): Promise<void>;
  /** Moves `presentUntil` to `until` unless the player is marked absent (0). */
  renewPresence(id: string, playerId: string, until: number): Promise<void>;
  /**
   * Takes or renews the lease when free, expired, already ours, or held by a process whose
   * last heartbeat is older than `silentBefore` (it died: no need to wait for the expiry).
   */
  lease(
    id: string,
    owner: string,
    now: number,
    until: number,
    silentBefore: number,
  ): Promise<boolean>;
  /** Applies `change` if the tournament is still at `current.version` (else false). */
  advance(current: TournamentRow, change: Advance): Promise<boolean>;
  /** Writes a game's outcome once; false when it was already written. */
  finish(id: string, seq: number, outcome: string, at: number): Promise<boolean>;
  close(): Promise<void>;
}

/** SQL shared by both stores, with `?` placeholders. */
export const TSQL = {
  insert:
    'INSERT INTO tournaments (id, kind, settings, status, private, created_by, schedule_key, round, version, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
  get: 'SELECT * FROM tournaments WHERE id = ?',
  listPublic:
    "SELECT * FROM tournaments WHERE private = 0 AND (status <> 'finished' OR ends_at >= ?) ORDER BY starts_at LIMIT ?",
  active:
    "SELECT * FROM tournaments WHERE status <> 'finished' AND starts_at <= ? ORDER BY starts_at",
  entrants:
    'SELECT player_id, name, rating, seat_hash, joined_at, withdrawn, present_until FROM tournament_players WHERE tournament_id = ? ORDER BY joined_at, player_id',
  pairings:
    'SELECT seq, round, game_id, first_id, second_id, outcome, paired_at, finished_at FROM tournament_games WHERE tournament_id = ? AND seq >= ? ORDER BY seq',
  putEntrant:
    'INSERT INTO tournament_players (tournament_id, player_id, name, rating, seat_hash, joined_at, withdrawn, present_until) VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (tournament_id, player_id) DO UPDATE SET withdrawn = 0, present_until = excluded.present_until, seat_hash = excluded.seat_hash',
  setWithdrawn:
    'UPDATE tournament_players SET withdrawn = ? WHERE tournament_id = ? AND player_id = ?',
  setPresent:
    'UPDATE tournament_players SET present_until = ? WHERE tournament_id = ? AND player_id = ?',
  renewPresent:
    'UPDATE tournament_players SET present_until = ? WHERE tournament_id = ? AND player_id = ? AND present_until > 0',
  lease:
    'UPDATE tournaments SET lease_owner = ?, lease_until = ? WHERE id = ? AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ? OR lease_owner IN (SELECT node FROM heartbeats WHERE at < ?))',
  bump: 'UPDATE tournaments SET version = version + 1, status = ?, round = ?, ends_at = ? WHERE id = ? AND version = ?',
  addPairing:
    'INSERT INTO tournament_games (tournament_id, seq, round, game_id, first_id, second_id, outcome, paired_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  finish:
    'UPDATE tournament_games SET outcome = ?, finished_at = ? WHERE tournament_id = ? AND seq = ? AND outcome IS NULL',
} as const;

export type Param = string | number | null;

export interface TournamentDbRow {
  id: string;
  kind: string;
  settings: string;
  status: string;
  private: number;
  created_by: string | null;
  schedule_key: string | null;
  round: number;
  version: number;
  starts_at: number | string;
  ends_at: number | string | null;
  created_at: number | string;
}
export interface EntrantDbRow {
  player_id: string;
  name: string;
  rating: number;
  seat_hash: string;
  joined_at: number | string;
  withdrawn: number;
  present_until: number | string;
}
export interface PairingDbRow {
  seq: number;
  round: number | null;
  game_id: string | null;
  first_id: string;
  second_id: string | null;
  outcome: string | null;
  paired_at: number | string;
  finished_at: number | string | null;
}

// PostgreSQL returns BIGINT as text: those columns are read through Number.
export const toTournament = (r: TournamentDbRow): TournamentRow => ({
  id: r.id,
  settings: JSON.parse(r.settings) as TournamentSettings,
  status: r.status as TournamentStatusName,
  private: r.private === 1,
  createdBy:
    r.created_by === null ? null : (JSON.parse(r.created_by) as { id: string; name: string }),
  scheduleKey: r.schedule_key,
  round: r.round,
  version: r.version,
  startsAt: Number(r.starts_at),
  endsAt: r.ends_at === null ? null : Number(r.ends_at),
  createdAt: Number(r.created_at),
});
export const toEntrant = (r: EntrantDbRow): EntrantRow => ({
  playerId: r.player_id,
  name: r.name,
  rating: r.rating,
  seatHash: r.seat_hash,
  joinedAt: Number(r.joined_at),
  withdrawn: r.withdrawn === 1,
  presentUntil: Number(r.present_until),
});
export const toPairing = (r: PairingDbRow): PairingRow => ({
  seq: r.seq,
  round: r.round,
  gameId: r.game_id,
  first: r.first_id,
  second: r.second_id,
  outcome: r.outcome,
  pairedAt: Number(r.paired_at),
  finishedAt: r.finished_at === null ? null : Number(r.finished_at),
});

export const insertParams = (t: TournamentRow): Param[] => [
  t.id,
  t.settings.kind,
  JSON.stringify(t.settings),
  t.status,
  t.private ? 1 : 0,
  t.createdBy === null ? null : JSON.stringify(t.createdBy),
  t.scheduleKey,
  t.round,
  t.version,
  t.startsAt,
  t.endsAt,
  t.createdAt,
];
export const entrantParams = (id: string, e: EntrantRow): Param[] => [
  id,
  e.playerId,
  e.name,
  e.rating,
  e.seatHash,
  e.joinedAt,
  e.presentUntil,
];
export const pairingParams = (id: string, p: PairingRow): Param[] => [
  id,
  p.seq,
  p.round,
  p.gameId,
  p.first,
  p.second,
  p.outcome,
  p.pairedAt,
  p.finishedAt,
];
export const bumpParams = (current: TournamentRow, change: Advance): Param[] => [
  change.status ?? current.status,
  change.round ?? current.round,
  change.endsAt === undefined ? current.endsAt : change.endsAt,
  current.id,
  current.version,
];
