import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/server/app.js';
import { OUTDATED_CLOSE_CODE } from '../../../src/server/ws/accept.js';
import { PROTOCOL_VERSION, type PublicGame } from '../../../src/protocol/index.js';
import {
  BACKEND_CASES,
  TestClient,
  createGame,
  newSecret,
  startTestServer,
  type Backend,
} from '../helpers.js';
import { is } from '../lobby.js';

/**
 * PopOut and Five-in-a-Row over the real server on each store: by link with a spectator, the
 * replay and the list by game, the computer in quick match, and bad input (an illegal pop, a
 * pop in the classic game, a malformed move, an unknown game, an old client's pop), each a
 * clear error with its code and the stored game unchanged, checked in the store.
 */
describe.each(BACKEND_CASES)('the family online (%s)', (_name, make) => {
  let backend: Backend;
  let server: RunningServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    backend = make();
    server = await startTestServer(backend, { rate: { perSecond: 50, burst: 100 } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
    await backend.cleanup();
  });

  const connect = async (path?: string): Promise<TestClient> => {
    const client = await TestClient.connect(server.url, {}, {}, path);
    clients.push(client);
    return client;
  };

  const fetched = async (gameId: string): Promise<PublicGame> => {
    const response = await fetch(`${server.url}api/games/${gameId}`);
    return ((await response.json()) as { game: PublicGame }).game;
  };

  /** A game by link, both seats joined (Red first) and a spectator. */
  async function byLink(body: Record<string, unknown>) {
    const secrets = [newSecret(), newSecret()] as const;
    const created = await createGame(server.url, {
      clock: null,
      side: 1,
      secret: secrets[0],
      ...body,
    });
    expect(created.status).toBe(201);
    const gameId = created.json['gameId'] as string;
    const [red, yellow, watcher] = [await connect(), await connect(), await connect()];
    await red.request({ type: 'join', gameId, secret: secrets[0] });
    await yellow.request({ type: 'join', gameId, secret: secrets[1] });
    expect(await watcher.request({ type: 'join', gameId, watch: true })).toMatchObject({
      seat: null,
    });
    await watcher.gameAt(1);
    const play = async (who: TestClient, column: number, kind?: 'pop') => {
      const version = (await fetched(gameId)).version;
      return who.request({
        type: 'move',
        gameId,
        column,
        version,
        ...(kind ? { kind } : {}),
      });
    };
    return { gameId, red, yellow, watcher, play };
  }

  it('plays PopOut by link: pops reach the spectator, the replay and the list by game', async () => {
    const { gameId, red, yellow, watcher, play } = await byLink({ game: 'popout' });
    expect(await fetched(gameId)).toMatchObject({ game: 'popout', variant: '7x6c4' });
    expect(await play(red, 3)).toMatchObject({ type: 'ack' });
    expect(await play(yellow, 4)).toMatchObject({ type: 'ack' });
    expect(await play(red, 3, 'pop')).toMatchObject({ type: 'ack', version: 4 });
    const seen = await watcher.gameAt(4);
    expect(seen).toMatchObject({ moves: [3, 4, 3], pops: [2], notation: '45p4', turn: 2 });
    expect(await yellow.request({ type: 'resign', gameId })).toMatchObject({ type: 'ack' });
    const replay = await fetched(gameId);
    expect(replay).toMatchObject({
      game: 'popout',
      pops: [2],
      notation: '45p4',
      status: 'finished',
    });
    const list = (await (await fetch(`${server.url}api/games?game=popout&limit=100`)).json()) as {
      games: { id: string; game: string }[];
    };
    expect(list.games.find((g) => g.id === gameId)).toMatchObject({ game: 'popout' });
    const classic = (await (
      await fetch(`${server.url}api/games?game=classic&limit=100`)
    ).json()) as {
      games: { id: string }[];
    };
    expect(classic.games.some((g) => g.id === gameId)).toBe(false);
    for (const pool of ['popout', 'five']) {
      const board = await fetch(`${server.url}api/leaderboard?pool=${pool}`);
      expect(board.status).toBe(200);
      expect(await board.json()).toMatchObject({ pool, entries: [] });
    }
  });

  it('plays PopOut by link on another board (6x5): the board is the game, a pop included', async () => {
    const { gameId, red, yellow, watcher, play } = await byLink({ game: 'popout', variant: '6x5' });
    expect(await fetched(gameId)).toMatchObject({ game: 'popout-6x5c4', variant: '6x5c4' });
    expect(await play(red, 5)).toMatchObject({ type: 'ack' });
    expect(await play(yellow, 0)).toMatchObject({ type: 'ack' });
    // Column 6 is the 6x5 board's last: Red pops its disc from it.
    expect(await play(red, 5, 'pop')).toMatchObject({ type: 'ack', version: 4 });
    expect(await watcher.gameAt(4)).toMatchObject({ moves: [5, 0, 5], pops: [2] });
    // A seventh column is off this board, drop or pop, and changes nothing.
    const before = await fetched(gameId);
    expect(await play(yellow, 6)).toMatchObject({ type: 'error' });
    expect(await fetched(gameId)).toEqual(before);
    expect(await yellow.request({ type: 'resign', gameId })).toMatchObject({ type: 'ack' });
    expect(await fetched(gameId)).toMatchObject({
      game: 'popout-6x5c4',
      notation: '61p6',
      status: 'finished',
    });
    const list = (await (await fetch(`${server.url}api/games?game=popout&limit=100`)).json()) as {
      games: { id: string; game: string; variant: string }[];
    };
    expect(list.games.find((g) => g.id === gameId)).toMatchObject({
      game: 'popout-6x5c4',
      variant: '6x5c4',
    });
  });

  it('refuses bad moves with their codes, and the stored game stays as it was', async () => {
    const popout = await byLink({ game: 'popout' });
    await popout.play(popout.red, 3);
    const before = await fetched(popout.gameId);
    // Yellow pops Red's disc; an empty column; a kind that does not exist; a pop without a column.
    expect(await popout.play(popout.yellow, 3, 'pop')).toMatchObject({
      type: 'error',
      code: 'pop_illegal',
      message: 'move 2: column 4 has no Yellow disc at the bottom (its bottom disc is Red)'.slice(
        8,
      ),
    });
    expect(await popout.play(popout.yellow, 0, 'pop')).toMatchObject({ code: 'pop_illegal' });
    const malformed = await popout.yellow.request({
      type: 'move',
      gameId: popout.gameId,
      column: 2,
      kind: 'slide',
      version: before.version,
    });
    expect(malformed).toMatchObject({ type: 'error', code: 'bad_message' });
    expect(malformed.type === 'error' && malformed.message).toMatch(/kind/);
    expect(
      await popout.yellow.request({
        type: 'move',
        gameId: popout.gameId,
        kind: 'pop',
        version: before.version,
      }),
    ).toMatchObject({ code: 'bad_message' });
    expect(await fetched(popout.gameId)).toEqual(before);

    const classic = await byLink({ variant: '7x6' });
    await classic.play(classic.red, 3);
    const classicBefore = await fetched(classic.gameId);
    expect(await classic.play(classic.yellow, 3, 'pop')).toMatchObject({ code: 'pop_not_allowed' });
    const five = await byLink({ game: 'five' });
    expect((await fetched(five.gameId)).variant).toBe('9x6c5');
    expect(await five.play(five.red, 4, 'pop')).toMatchObject({ code: 'pop_not_allowed' });
    expect(await five.play(five.red, 0)).toMatchObject({ code: 'illegal_move' });
    expect(await fetched(classic.gameId)).toEqual(classicBefore);
    expect((await fetched(five.gameId)).moves).toEqual([]);
  });

  it.each([
    [{ game: 'banana' }, 'bad_game'],
    [{ game: 'five', variant: '7x6' }, 'bad_game'],
    // PopOut on a board the engine does not offer, or a board that contradicts the game's own.
    [{ game: 'popout', variant: '13x6' }, 'bad_variant'],
    [{ game: 'popout', variant: '3x3c4' }, 'bad_variant'],
    [{ game: 'popout-8x7c4', variant: '6x5' }, 'bad_game'],
    [{ game: 'popout-13x6c4' }, 'bad_game'],
    [{ game: 'popout:44' }, 'bad_message'],
    [{}, 'bad_message'],
  ])('refuses to create %j with %s', async (body, code) => {
    const created = await createGame(server.url, {
      clock: null,
      side: 1,
      secret: newSecret(),
      ...body,
    });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject({ error: { code } });
  });

  it('refuses an old client with a clear message; its pop changes nothing', async () => {
    const { gameId, red } = await byLink({ game: 'popout' });
    expect(await red.request({ type: 'move', gameId, column: 3, version: 1 })).toMatchObject({
      type: 'ack',
    });
    const before = await fetched(gameId);
    for (const path of ['ws', `ws?v=${PROTOCOL_VERSION - 1}`]) {
      const old = await connect(path);
      old.send({ type: 'move', gameId, column: 3, kind: 'pop', version: before.version });
      const refused = await old.waitFor(is('error'));
      expect(refused).toMatchObject({ code: 'protocol_outdated' });
      expect(refused.message).toMatch(/reload/);
      expect((await old.waitFor(is('hello'))).protocol).toBe(PROTOCOL_VERSION);
      await expect.poll(() => old.closeCode).toBe(OUTDATED_CLOSE_CODE);
    }
    expect(await fetched(gameId)).toEqual(before);
  });

  it.each([
    ['popout', '7x6c4'],
    ['popout-6x5c4', '6x5c4'],
  ])('gives a %s seeker the computer, which plays the game', async (gameName, variant) => {
    const client = await connect();
    const secret = newSecret();
    const matched = await client.request({
      type: 'seek',
      game: gameName,
      clock: null,
      secret,
      computer: 'now',
    });
    expect(matched.type).toBe('matched');
    if (matched.type !== 'matched') return;
    await client.request({ type: 'join', gameId: matched.gameId, secret });
    const game = await client.gameAt(0);
    expect(game).toMatchObject({ game: gameName, variant });
    expect(game.players[matched.seat === 1 ? 1 : 0]).toMatchObject({
      computer: expect.any(String) as string,
    });
    if (matched.seat === 1) {
      await client.request({
        type: 'move',
        gameId: matched.gameId,
        column: 3,
        version: game.version,
      });
    }
    const answered = await client.gameAt(game.version + (matched.seat === 1 ? 2 : 1), 15_000);
    expect(answered.turn).toBe(matched.seat);
  });
});
