import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { err, ok } from '../../../src/core/index.js';
import {
  TournamentClientMessageSchemas,
  TournamentServerMessageSchemas,
  type TournamentClientMessage,
} from '../../../src/protocol/index.js';
import { newId } from '../../../src/server/secrets.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import { handleTournamentMessage } from '../../../src/server/tournaments/messages.js';
import { TournamentService } from '../../../src/server/tournaments/service.js';
import { SqliteTournamentStore } from '../../../src/server/tournaments/sqlite-store.js';
import type { PlayerRecord } from '../../../src/server/store/players.js';
import { tournamentGames } from './tournament-games.js';

const NOW = Date.UTC(2030, 0, 1, 12, 0);
const ANN = 'A'.repeat(24);
const SEAT = 'S'.repeat(24);

describe('tournament WebSocket messages', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-tmsg-'));
  const file = path.join(dir, 'c4.sqlite');
  let games: SqliteStore;
  let store: SqliteTournamentStore;
  let budget = 3;
  let handle: (msg: TournamentClientMessage) => ReturnType<typeof handleTournamentMessage>;

  beforeAll(async () => {
    games = new SqliteStore(file);
    await games.migrate();
    store = new SqliteTournamentStore(file);
    const tournaments = new TournamentService({
      store,
      ...tournamentGames(games),
      node: 'n1',
      newId,
    });
    const ann = { id: 'player-ann', name: 'Ann' } as PlayerRecord;
    const players = {
      identify: (secret: string) =>
        Promise.resolve(
          secret === ANN ? ok(ann) : err({ code: 'unknown_player' as const, message: 'who?' }),
        ),
      seatPlayer: () => Promise.resolve({ id: 'player-ann', name: 'Ann', rating: 1640 }),
    };
    handle = (msg) =>
      handleTournamentMessage(msg, {
        tournaments,
        players,
        now: () => NOW,
        mayCreate: () => budget-- > 0,
      });
  });
  afterAll(async () => {
    await store.close();
    await games.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = {
    kind: 'arena' as const,
    name: 'Friends',
    variant: '7x6',
    clock: { initialMs: 60_000, incrementMs: 0 },
    startsAt: NOW + 60_000,
    durationMinutes: 30,
  };
  /** Every reply must be a message of the protocol. */
  const valid = (reply: { type: string }): void => {
    if (reply.type === 'error') return;
    const schema =
      TournamentServerMessageSchemas[reply.type as keyof typeof TournamentServerMessageSchemas];
    expect(schema.safeParse(reply).success).toBe(true);
  };

  it('creates a private tournament, joins it once, withdraws, and answers a watch', async () => {
    const create = TournamentClientMessageSchemas.tournamentCreate.parse({
      type: 'tournamentCreate',
      id: 'r1',
      player: ANN,
      settings,
    });
    const created = await handle(create);
    valid(created);
    expect(created).toMatchObject({ type: 'tournamentCreated', id: 'r1' });
    const tournamentId = (created as { tournamentId: string }).tournamentId;

    const join = { type: 'tournamentJoin' as const, tournamentId, player: ANN, secret: SEAT };
    expect(await handle(join)).toMatchObject({ type: 'tournamentJoined', tournamentId });
    // A second tab or device of the same player: answered, nothing registered twice.
    const again = await handle({ ...join, secret: 'T'.repeat(24) });
    valid(again);
    expect(again).toMatchObject({ type: 'tournamentJoined', tournamentId, again: true });
    const watched = await handle({ type: 'tournamentWatch', tournamentId });
    valid(watched);
    expect(watched).toMatchObject({
      type: 'tournament',
      tournament: { private: true, createdBy: { id: 'player-ann', name: 'Ann' }, players: 1 },
    });
    const standing = (watched as { tournament: { standings: { rating: number }[] } }).tournament
      .standings[0]!;
    expect(standing.rating).toBe(1640);
    expect(await handle({ type: 'tournamentWithdraw', tournamentId, player: ANN })).toMatchObject({
      type: 'tournamentWithdrawn',
    });
    expect(await handle({ type: 'tournamentWithdraw', tournamentId, player: ANN })).toMatchObject({
      code: 'tournament_not_joined',
    });
  });

  it('refuses unnamed players, absurd settings, unknown tournaments and a creation flood', async () => {
    const stranger = 'Z'.repeat(24);
    expect(await handle({ type: 'tournamentCreate', player: stranger, settings })).toMatchObject({
      code: 'identity_required',
    });
    expect(
      await handle({
        type: 'tournamentCreate',
        player: ANN,
        settings: { ...settings, startsAt: Date.UTC(1990, 0, 1) },
      }),
    ).toMatchObject({ code: 'tournament_start_in_past' });
    expect(
      await handle({
        type: 'tournamentJoin',
        tournamentId: 'missing123',
        player: ANN,
        secret: SEAT,
      }),
    ).toMatchObject({ code: 'not_found' });
    expect(await handle({ type: 'tournamentWatch', tournamentId: 'missing123' })).toMatchObject({
      code: 'not_found',
    });
    // The budget (3 here) is spent: every attempt counts, refused or not, checked first.
    expect(await handle({ type: 'tournamentCreate', player: ANN, settings })).toMatchObject({
      code: 'rate_limited',
    });
  });
});
