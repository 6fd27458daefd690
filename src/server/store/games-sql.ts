import type { GameState } from '../game/state.js';
import { rulesetOf } from '../game/family.js';
import { playerColumns } from './players.js';
import { deserialize, dueColumn, serialize } from './types.js';

/**
 * SQL on the games table that both stores run alike, with `?` placeholders (PostgreSQL's are
 * numbered by `numbered`), and the parameters that go with it: a new column is added here once
 * rather than in each store's twin of the statement.
 */
export const GAME_SQL = {
  insert:
    'INSERT INTO games (id, version, status, state, created_at, updated_at, player1, player2, rated, due_at, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  /** A write that takes effect only while the row is still at the expected version. */
  update:
    'UPDATE games SET version = ?, status = ?, state = ?, updated_at = ?, player1 = ?, player2 = ?, rated = ?, due_at = ? WHERE id = ? AND version = ?',
  get: 'SELECT state FROM games WHERE id = ?',
  listPlaying: "SELECT state FROM games WHERE status = 'playing'",
  listFinished:
    "SELECT state FROM games WHERE status = 'finished' ORDER BY updated_at DESC LIMIT ?",
  listFinishedOf:
    "SELECT state FROM games WHERE game = ? AND status = 'finished' ORDER BY updated_at DESC LIMIT ?",
  due: 'SELECT state FROM games WHERE due_at <= ? ORDER BY due_at LIMIT ?',
  postponeDue: 'UPDATE games SET due_at = ? WHERE id = ? AND version = ?',
} as const;

/** The `game` column: the family member (`classic`, `popout`, `five`), whatever the board. */
export const familyOf = (state: GameState): string => {
  const ruleset = rulesetOf(state);
  return ruleset.ok ? ruleset.value.game : 'classic';
};

/** Parameters of `GAME_SQL.insert`. */
export const insertParams = (state: GameState): (string | number | null)[] => {
  const { player1, player2, rated } = playerColumns(state);
  return [
    state.id,
    state.version,
    state.status,
    serialize(state),
    state.createdAt,
    state.updatedAt,
    player1,
    player2,
    rated,
    dueColumn(state),
    familyOf(state),
  ];
};

/** Parameters of `GAME_SQL.update`: `state` replaces the row if it is at `expectedVersion`. */
export const updateParams = (
  state: GameState,
  expectedVersion: number,
): (string | number | null)[] => {
  const { player1, player2, rated } = playerColumns(state);
  return [
    state.version,
    state.status,
    serialize(state),
    state.updatedAt,
    player1,
    player2,
    rated,
    dueColumn(state),
    state.id,
    expectedVersion,
  ];
};

/** A row of the statements that read games. */
export interface StateRow {
  state: string;
}

export const toGame = (row: StateRow): GameState => deserialize(row.state);
