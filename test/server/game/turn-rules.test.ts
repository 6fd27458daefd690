import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server/app.js';
import type { GameSummary, PublicGame } from '../../../src/protocol/index.js';
import { BACKEND_CASES, newSecret, startTestServer, type Backend } from '../helpers.js';
import {
  ClientSet,
  computerSeek,
  createPlayer,
  eventually,
  finished,
  is,
  readGame,
  readPlayerPage,
  seekPair,
  type Matched,
  type Msg,
  type Named,
} from '../lobby.js';

/** Short limits so the rules play out within a test; the computer is slower than the abort. */
const ABORT_MS = 1500;
const LEAVE_MS = 1500;
const BOT_MIN_MOVE_MS = 2000;

describe.each(BACKEND_CASES)('abort, leave and casual seeks (%s)', (_n, make) => {
  let backend: Backend;
  let server: RunningServer;
  const clients = new ClientSet();
  let counter = 0;

  beforeAll(async () => {
    backend = make();
    server = await startTestServer(
      backend,
      { rate: { perSecond: 100, burst: 100 }, sweepMs: 200 },
      {
        ABORT_MS: String(ABORT_MS),
        LEAVE_MS: String(LEAVE_MS),
        BOT_WAIT_MS: '300',
        BOT_MIN_MOVE_MS: String(BOT_MIN_MOVE_MS),
        IDENTITY_CREATE_BURST: '100',
        IDENTITY_REQUESTS_BURST: '100',
        HTTP_CREATE_BURST: '1000',
      },
    );
  });
  afterAll(async () => {
    await clients.closeAll();
    await server.close();
    await backend.cleanup();
  });

  const connect = () => clients.connect(server.url);
  const newPlayer = () => createPlayer(server.url, `Rules ${++counter}x`);
  const page = (id: string) => readPlayerPage(server.url, id);
  const read = (id: string) => readGame(server.url, id);
  /** A board of its own per test, so seeks of different tests never meet. */
  const freshVariant = (): string => `${7 + (counter % 5)}x${7 + Math.floor(counter++ / 5)}c4`;

  interface Table extends Matched {
    readonly start: PublicGame;
  }

  /** Two named players quick-match each other (rated unless told) and both join. */
  async function pair(rated?: boolean): Promise<Table> {
    const players = [await newPlayer(), await newPlayer()] as const;
    const variant = freshVariant();
    const matched = await seekPair(
      clients,
      [server.url, server.url],
      players,
      rated === undefined ? { variant } : { variant, rated },
    );
    const start = await matched.inOrder[0].client.gameAt(0);
    return { ...matched, start };
  }

  /** Both first moves: seat 1 then seat 2 drop in column 4; seat 1 is to move after. */
  async function playOpening(t: Table): Promise<PublicGame> {
    for (const [s, version] of [
      [1, t.start.version],
      [2, t.start.version + 1],
    ] as const) {
      const reply = await t.seat[s].client.request({
        type: 'move',
        gameId: t.gameId,
        column: 3,
        version,
      });
      expect(reply.type).toBe('ack');
    }
    return t.seat[2].client.gameAt(t.start.version + 2);
  }

  /** A new player's rated computer game in which they have `seat`, joined. */
  async function againstComputer(seat: 1 | 2) {
    const me = await newPlayer();
    const client = await connect();
    // The computer opens half the games: seek until the player has the seat asked for.
    let matched: Msg<'matched'> | undefined;
    let secret = '';
    for (let i = 0; i < 20 && matched?.seat !== seat; i++) {
      secret = newSecret();
      matched = (await client.request(computerSeek(secret, me.secret))) as Msg<'matched'>;
    }
    expect(matched?.seat).toBe(seat);
    const gameId = matched!.gameId;
    await client.request({ type: 'join', gameId, secret });
    const start = (
      await client.waitFor((m): m is Msg<'game'> => m.type === 'game' && m.game.id === gameId)
    ).game;
    return { me, client, gameId, start };
  }

  /** Seat 1 closes its connection; resolves with the snapshot that tells seat 2 so. */
  async function seatOneLeaves(t: Table): Promise<Msg<'game'>> {
    const from = t.seat[2].client.messages.length;
    await t.seat[1].client.close();
    return t.seat[2].client.waitFor(
      (m): m is Msg<'game'> => m.type === 'game' && !m.game.seats[0].connected,
      5000,
      from,
    );
  }

  const noRecord = async (who: Named, gameId: string): Promise<void> => {
    const p = await page(who.player.id);
    expect(p.player.ratings).toEqual([]);
    expect(p.history).toEqual({});
    expect(p.games.find((g) => g.id === gameId)).toMatchObject({
      outcome: null,
      rated: false,
      ratingChange: null,
    });
  };

  it('seat 1 never moves: the game is aborted at abortAt, unrated, and no loss for anyone', async () => {
    const t = await pair();
    expect(t.start.rated).toBe(true);
    expect(t.start.abortAt).toBe(t.start.createdAt + ABORT_MS);
    expect(t.start.leftAt).toBeNull();
    const end = await finished(t.seat[2].client);
    expect(end.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 1 });
    expect(end).toMatchObject({ rated: false, ratingChanges: null, abortAt: null, winCells: [] });
    expect(end.updatedAt).toBeGreaterThanOrEqual(t.start.abortAt!);
    expect(end.version).toBe(t.start.version + 1);
    // Too late: the first move is refused.
    const late = await t.seat[1].client.request({
      type: 'move',
      gameId: t.gameId,
      column: 3,
      version: t.start.version,
    });
    expect(late).toMatchObject({ type: 'error', code: 'game_over' });
    await noRecord(t.seat[1].who, t.gameId);
    await noRecord(t.seat[2].who, t.gameId);
    const list = (await (await fetch(`${server.url}api/games?limit=100`)).json()) as {
      games: GameSummary[];
    };
    expect(list.games.find((g) => g.id === t.gameId)).toMatchObject({
      rated: false,
      result: { kind: 'aborted', player: 1 },
    });
  });

  it('seat 2 never moves: its window opens with seat 1’s move, then the game is aborted', async () => {
    const t = await pair();
    expect(
      await t.seat[1].client.request({
        type: 'move',
        gameId: t.gameId,
        column: 3,
        version: t.start.version,
      }),
    ).toMatchObject({ type: 'ack' });
    const moved = await t.seat[2].client.gameAt(t.start.version + 1);
    expect(moved.turn).toBe(2);
    expect(moved.abortAt).toBe(moved.updatedAt + ABORT_MS);
    const end = await finished(t.seat[2].client);
    expect(end.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 2 });
    expect(end.rated).toBe(false);
    await noRecord(t.seat[1].who, t.gameId);
    await noRecord(t.seat[2].who, t.gameId);
  });

  it('the computer never aborts, even thinking longer than the limit; the human who never answers does', async () => {
    const { me, client, gameId, start } = await againstComputer(2);
    expect(start.rated).toBe(true);
    expect(start.abortAt).toBeNull();
    const opened = (
      await client.waitFor(
        (m): m is Msg<'game'> =>
          m.type === 'game' && m.game.id === gameId && m.game.moves.length === 1,
        15_000,
      )
    ).game;
    // It took longer than the abort limit and nothing was aborted.
    expect(opened.updatedAt - start.createdAt).toBeGreaterThanOrEqual(BOT_MIN_MOVE_MS);
    expect(opened.result).toBeNull();
    expect(opened.abortAt).toBe(opened.updatedAt + ABORT_MS);
    const end = (
      await client.waitFor(
        (m): m is Msg<'game'> =>
          m.type === 'game' && m.game.id === gameId && m.game.status === 'finished',
        10_000,
      )
    ).game;
    expect(end.result).toEqual({ kind: 'aborted', reason: 'no_first_move', player: 2 });
    expect(end.ratingChanges).toBeNull();
    await noRecord(me, gameId);
  }, 60_000);

  it('a human who closes a rated computer game on their turn loses by leaving, with nobody watching', async () => {
    const { me, client, gameId, start } = await againstComputer(1);
    await client.request({ type: 'move', gameId, column: 3, version: start.version });
    const answered = (
      await client.waitFor(
        (m): m is Msg<'game'> =>
          m.type === 'game' && m.game.id === gameId && m.game.moves.length === 2,
        15_000,
      )
    ).game;
    expect(answered.leftAt).toBeNull();
    await client.close();
    const end = await eventually(async () => {
      const game = await read(gameId);
      return game.status === 'finished' ? game : undefined;
    }, 10_000);
    expect(end.result).toEqual({ kind: 'win', winner: 2, reason: 'left' });
    expect(end.version).toBe(answered.version + 1);
    expect(end.ratingChanges?.[0]?.after).toBeLessThan(end.ratingChanges![0]!.before);
    expect((await page(me.player.id)).player.ratings).toEqual([
      expect.objectContaining({ games: 1, losses: 1 }),
    ]);
  }, 60_000);

  it('leaving on your turn in a rated game without a clock loses, rated once', async () => {
    const t = await pair();
    await playOpening(t);
    const gone = Date.now();
    const away = await seatOneLeaves(t);
    expect(away.game.leftAt).toBeGreaterThanOrEqual(gone + LEAVE_MS - 50);
    expect(away.game.leftAt).toBeLessThanOrEqual(Date.now() + LEAVE_MS + 50);
    const end = await finished(t.seat[2].client);
    expect(end.result).toEqual({ kind: 'win', winner: 2, reason: 'left' });
    expect(end.version).toBe(away.game.version + 1);
    expect(end.leftAt).toBeNull();
    const [loser, winner] = end.ratingChanges!;
    expect(loser!.after).toBeLessThan(loser!.before);
    expect(winner!.after).toBeGreaterThan(winner!.before);
    const lost = await page(t.seat[1].who.player.id);
    expect(lost.player.ratings).toEqual([
      expect.objectContaining({ games: 1, wins: 0, losses: 1 }),
    ]);
    expect(Object.values(lost.history).flat()).toHaveLength(1);
    expect(lost.games.find((g) => g.id === t.gameId)).toMatchObject({
      outcome: 'loss',
      rated: true,
    });
    const won = await page(t.seat[2].who.player.id);
    expect(won.player.ratings).toEqual([expect.objectContaining({ games: 1, wins: 1 })]);
  });

  it('coming back within the limit keeps the game going; the opponent leaving off-turn costs nothing', async () => {
    const t = await pair();
    await playOpening(t);
    const away = await seatOneLeaves(t);
    expect(away.game.leftAt).not.toBeNull();
    const mark = t.seat[2].client.messages.length;
    const back = await connect();
    expect(
      await back.request({ type: 'join', gameId: t.gameId, secret: t.seat[1].secret }),
    ).toMatchObject({ type: 'joined', seat: 1 });
    const here = await t.seat[2].client.waitFor(
      (m): m is Msg<'game'> => m.type === 'game' && m.game.seats[0].connected,
      5000,
      mark,
    );
    expect(here.game.leftAt).toBeNull();
    // The opponent, not to move, goes away: no deadline for anyone.
    const mark2 = back.messages.length;
    await t.seat[2].client.close();
    const alone = await back.waitFor(
      (m): m is Msg<'game'> => m.type === 'game' && !m.game.seats[1].connected,
      5000,
      mark2,
    );
    expect(alone.game.leftAt).toBeNull();
    expect(
      await back.request({
        type: 'move',
        gameId: t.gameId,
        column: 0,
        version: alone.game.version,
      }),
    ).toMatchObject({ type: 'ack' });
    // Now the absent opponent is to move: its deadline starts with its turn.
    const turn = await back.gameAt(alone.game.version + 1);
    expect(turn.turn).toBe(2);
    expect(turn.leftAt).toBe(turn.updatedAt + LEAVE_MS);
    expect((await finished(back)).result).toEqual({ kind: 'win', winner: 1, reason: 'left' });
  });

  it('a casual game without a clock keeps waiting for the side that left', async () => {
    const t = await pair(false);
    expect(t.start.rated).toBe(false);
    await playOpening(t);
    const away = await seatOneLeaves(t);
    expect(away.game.leftAt).toBeNull();
    expect(away.game.status).toBe('playing');
  });

  it('a casual seek is paired only with another casual seek', async () => {
    const variant = freshVariant();
    const [a, b, c, d] = [
      await newPlayer(),
      await newPlayer(),
      await newPlayer(),
      await newPlayer(),
    ];
    const seek = { type: 'seek', variant, clock: null, computer: 'never' };
    const ca = await connect();
    const cb = await connect();
    expect(
      await ca.request({ ...seek, secret: newSecret(), player: a.secret, rated: false }),
    ).toMatchObject({ type: 'seeking' });
    // A rated seeker does not take the casual one…
    expect(await cb.request({ ...seek, secret: newSecret(), player: b.secret })).toMatchObject({
      type: 'seeking',
    });
    // …a casual one does, and a rated one takes the rated one.
    const cc = await connect();
    const casual = (await cc.request({
      ...seek,
      secret: newSecret(),
      player: c.secret,
      rated: false,
    })) as Msg<'matched'>;
    expect(casual.type).toBe('matched');
    expect((await ca.waitFor(is('matched'))).gameId).toBe(casual.gameId);
    const cd = await connect();
    const rated = (await cd.request({
      ...seek,
      secret: newSecret(),
      player: d.secret,
      rated: true,
    })) as Msg<'matched'>;
    expect(rated.type).toBe('matched');
    expect((await cb.waitFor(is('matched'))).gameId).toBe(rated.gameId);
    expect((await read(casual.gameId)).rated).toBe(false);
    expect((await read(rated.gameId)).rated).toBe(true);
  });

  it('a casual seek gets a casual computer game, at once or after the wait', async () => {
    const me = await newPlayer();
    const client = await connect();
    const now = (await client.request(
      computerSeek(newSecret(), me.secret, { rated: false }),
    )) as Msg<'matched'>;
    expect(now.type).toBe('matched');
    const from = client.messages.length;
    const seeking = await client.request({
      type: 'seek',
      variant: freshVariant(),
      clock: null,
      secret: newSecret(),
      player: me.secret,
      rated: false,
    });
    expect(seeking.type).toBe('seeking');
    const fallback = await client.waitFor(is('matched'), 10_000, from);
    expect(fallback.gameId).not.toBe(now.gameId);
    for (const id of [now.gameId, fallback.gameId]) {
      const game = await read(id);
      expect(game.rated).toBe(false);
      expect(game.players.some((p) => p?.computer !== undefined)).toBe(true);
    }
    const p = await page(me.player.id);
    expect(p.player.ratings).toEqual([]);
    expect(p.games.filter((g) => g.id === now.gameId || g.id === fallback.gameId)).toEqual([
      expect.objectContaining({ rated: false }),
      expect.objectContaining({ rated: false }),
    ]);
  });

  it('refuses a seek whose rated is not a boolean', async () => {
    const client = await connect();
    for (const rated of ['yes', 1, null]) {
      expect(
        await client.request({
          type: 'seek',
          variant: '7x6c4',
          clock: null,
          secret: newSecret(),
          rated,
        }),
      ).toMatchObject({ type: 'error', code: 'bad_message' });
    }
  });
});
