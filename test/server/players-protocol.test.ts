import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/app.js';
import type { PublicGame } from '../../src/protocol/index.js';
import type { Leaderboard, PlayerPage, PublicPlayer } from '../../src/protocol/index.js';
import {
  BACKENDS,
  TestClient,
  createGame,
  newSecret,
  startTestServer,
  type Backend,
} from './helpers.js';
import { computerSeek, is, type Msg } from './lobby.js';

interface Reply {
  status: number;
  json: Record<string, unknown>;
}

describe.each(BACKENDS.map((make) => [make().name, make] as const))(
  'players and ratings (%s)',
  (_n, make) => {
    let backend: Backend;
    let server: RunningServer;
    const clients: TestClient[] = [];
    let variantCounter = 0;

    beforeAll(async () => {
      backend = make();
      server = await startTestServer(
        backend,
        { rate: { perSecond: 100, burst: 100 } },
        { BOT_WAIT_MS: '400', IDENTITY_CREATE_BURST: '100', IDENTITY_REQUESTS_BURST: '100' },
      );
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await server.close();
      await backend.cleanup();
    });

    const post = async (path: string, body: unknown): Promise<Reply> => {
      const response = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the JSON's shape
    const get = async <T>(path: string): Promise<{ status: number; json: T }> => {
      const response = await fetch(server.url + path);
      return { status: response.status, json: (await response.json()) as T };
    };
    const errorCode = (r: Reply): unknown =>
      (r.json['error'] as { code?: string } | undefined)?.code;
    const connect = async (): Promise<TestClient> => {
      const client = await TestClient.connect(server.url);
      clients.push(client);
      await client.waitFor(is('hello'));
      return client;
    };
    let nameCounter = 0;
    const newPlayer = async (): Promise<{ secret: string; player: PublicPlayer }> => {
      const secret = newSecret();
      const created = await post('api/players', { secret, name: `Player ${++nameCounter}x` });
      expect(created.status).toBe(201);
      return { secret, player: created.json['player'] as PublicPlayer };
    };
    /** A board of its own per test, so seeks of different tests never meet. */
    const freshVariant = (): string =>
      `${7 + (variantCounter % 5)}x${7 + Math.floor(variantCounter++ / 5)}c4`;

    it('creates a named identity and refuses bad, look-alike and duplicate names with stable codes', async () => {
      const secret = newSecret();
      const created = await post('api/players', { secret, name: '  Ada Lovelace ' });
      expect(created.status).toBe(201);
      const player = created.json['player'] as PublicPlayer;
      expect(player).toMatchObject({ name: 'Ada Lovelace', ratings: [] });
      expect(JSON.stringify(created.json)).not.toContain(secret);

      const cases: [unknown, number, string][] = [
        [{ secret: newSecret(), name: '   ' }, 400, 'name_too_short'],
        [{ secret: newSecret(), name: 'x'.repeat(40) }, 400, 'name_too_long'],
        [{ secret: newSecret(), name: 'evil\u0007bell' }, 400, 'name_bad_characters'],
        [{ secret: newSecret(), name: 'line\nbreak' }, 400, 'name_bad_characters'],
        [{ secret: newSecret(), name: 'ADA LOVELACE' }, 409, 'name_taken'],
        [{ secret: newSecret(), name: 'Аda_Lovelacе' }, 409, 'name_taken'], // Cyrillic А and е
        [{ secret: newSecret(), name: 'Computer' }, 400, 'name_reserved'],
        [{ secret, name: 'Someone Else' }, 409, 'identity_taken'],
        [{ secret: 'short', name: 'Valid Name' }, 400, 'bad_message'],
        [{ secret: newSecret(), name: 'Valid Name', admin: true }, 400, 'bad_message'],
        ['{not json', 400, 'bad_json'],
      ];
      for (const [body, status, code] of cases) {
        const reply = await post('api/players', body);
        expect([reply.status, errorCode(reply)], JSON.stringify(body)).toEqual([status, code]);
      }
    });

    it('knows a player only by their secret: a guessed one is unknown', async () => {
      const { secret, player } = await newPlayer();
      expect((await post('api/players/me', { secret })).json['player']).toMatchObject({
        id: player.id,
      });
      const guessed = await post('api/players/me', { secret: newSecret() });
      expect([guessed.status, errorCode(guessed)]).toEqual([404, 'unknown_player']);
      const page = await get<PlayerPage>(`api/players/${player.id}`);
      expect(JSON.stringify(page.json)).not.toContain(secret);
      expect((await get(`api/players/nosuchplayer1`)).status).toBe(404);
      // Methods: pages answer GET and HEAD, identity actions only POST (with JSON).
      expect(
        (await fetch(`${server.url}api/players/${player.id}`, { method: 'HEAD' })).status,
      ).toBe(200);
      const wrong = await fetch(`${server.url}api/players/me`);
      expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'POST']);
      const form = await fetch(`${server.url}api/players/me`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ secret }),
      });
      expect(form.status).toBe(415);
    });

    it('renames once, then refuses a flood of renames', async () => {
      const { secret, player } = await newPlayer();
      // Creation counts as the last rename: the interval (24 h) has not passed, and the player
      // says from when a change works, so a page can say it before offering the form.
      expect(player.renameAt).toBe(player.createdAt + 24 * 3_600_000);
      const early = await post('api/players/rename', { secret, name: 'New Name 1' });
      expect([early.status, errorCode(early)]).toEqual([429, 'rename_too_soon']);
      // It says when: just created, so all but a moment of the 24 hours is left.
      expect((early.json['error'] as { message: string }).message).toMatch(
        /once every 24 hours; the next change is possible in (24 h|23 h 5\d min)$/,
      );
      for (let i = 0; i < 5; i++) {
        const again = await post('api/players/rename', { secret, name: `Flood ${i}` });
        expect(errorCode(again)).toBe('rename_too_soon');
      }
      const stranger = await post('api/players/rename', { secret: newSecret(), name: 'Hijack' });
      expect(errorCode(stranger)).toBe('unknown_player');
      const blank = await post('api/players/rename', { secret, name: '' });
      expect(errorCode(blank)).toBe('name_too_short');
      expect((await get<PlayerPage>(`api/players/${player.id}`)).json.player.name).toBe(
        player.name,
      );
    });

    it('moves an identity to another device with a one-time code', async () => {
      const { secret, player } = await newPlayer();
      const code = await post('api/players/transfer', { secret });
      expect(code.status).toBe(201);
      expect(code.json['code']).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const device = newSecret();
      const redeemed = await post('api/players/redeem', {
        secret: device,
        code: code.json['code'],
      });
      expect(redeemed.json['player']).toMatchObject({ id: player.id });
      expect((await post('api/players/me', { secret: device })).json['player']).toMatchObject({
        id: player.id,
      });
      // A secret that already names a player (the old device's) is refused and spends nothing.
      const again = await post('api/players/transfer', { secret });
      const taken = await post('api/players/redeem', { secret, code: again.json['code'] });
      expect([taken.status, errorCode(taken)]).toEqual([409, 'identity_taken']);
      const { secret: other } = await newPlayer();
      const takenByOther = await post('api/players/redeem', {
        secret: other,
        code: again.json['code'],
      });
      expect(errorCode(takenByOther)).toBe('identity_taken');
      const third = newSecret();
      const stillValid = await post('api/players/redeem', {
        secret: third,
        code: again.json['code'],
      });
      expect([stillValid.status, stillValid.json['player']]).toEqual([
        200,
        expect.objectContaining({ id: player.id }),
      ]);
      const reused = await post('api/players/redeem', {
        secret: newSecret(),
        code: code.json['code'],
      });
      expect([reused.status, errorCode(reused)]).toEqual([404, 'invalid_code']);
      const guessed = await post('api/players/redeem', {
        secret: newSecret(),
        code: 'AAAA-BBBB-CCCC',
      });
      expect(errorCode(guessed)).toBe('invalid_code');
      const malformed = await post('api/players/redeem', { secret: newSecret(), code: 'x' });
      expect(errorCode(malformed)).toBe('bad_message');
    });

    /** Plays columns alternately from whoever is to move until the game ends or `moves` run out. */
    async function play(
      seats: Map<1 | 2, TestClient>,
      gameId: string,
      columns: number[],
    ): Promise<PublicGame> {
      let game = await seats.get(1)!.gameAt(0);
      for (const column of columns) {
        const mover = seats.get(game.turn!)!;
        const reply = await mover.request({ type: 'move', gameId, column, version: game.version });
        expect(reply.type).toBe('ack');
        game = await seats.get(1)!.gameAt(game.version + 1);
        if (game.status === 'finished') break;
      }
      return game;
    }

    it('two named players quick-match each other, see names and ratings, and a rated win changes both once', async () => {
      const a = await newPlayer();
      const b = await newPlayer();
      const ca = await connect();
      const cb = await connect();
      const variant = freshVariant();
      const seatA = newSecret();
      const seatB = newSecret();
      const first = await ca.request({
        type: 'seek',
        variant,
        clock: null,
        secret: seatA,
        player: a.secret,
        computer: 'never',
      });
      expect(first.type).toBe('seeking');
      const second = await cb.request({
        type: 'seek',
        variant,
        clock: null,
        secret: seatB,
        player: b.secret,
        computer: 'never',
      });
      expect(second.type).toBe('matched');
      const gameId = (second as Msg<'matched'>).gameId;
      await ca.waitFor(is('matched'));
      await ca.request({ type: 'join', gameId, secret: seatA });
      await cb.request({ type: 'join', gameId, secret: seatB });
      const start = await ca.gameAt(0);
      expect(start.rated).toBe(true);
      expect(start.players.map((p) => p?.name).sort()).toEqual(
        [a.player.name, b.player.name].sort(),
      );
      expect(start.players.every((p) => p?.rating === 1500 && p.provisional)).toBe(true);
      const seatOfA: 1 | 2 = start.players[0]?.id === a.player.id ? 1 : 2;
      const seats = new Map<1 | 2, TestClient>([
        [seatOfA, ca],
        [seatOfA === 1 ? 2 : 1, cb],
      ]);
      // Player 1 connects vertically in column 1 while player 2 plays column 2.
      const end = await play(seats, gameId, [0, 1, 0, 1, 0, 1, 0]);
      expect(end.result).toMatchObject({ kind: 'win', winner: 1 });
      const [p1, p2] = end.ratingChanges!;
      expect(p1!.before).toBe(1500);
      expect(p1!.after).toBeGreaterThan(1500);
      expect(p2!.after).toBeLessThan(1500);

      const winnerId = end.players[0]!.id;
      const page = (await get<PlayerPage>(`api/players/${winnerId}`)).json;
      expect(page.player.ratings).toEqual([
        expect.objectContaining({ pool: 'connect4', games: 1, wins: 1, provisional: true }),
      ]);
      // Each entry carries the rating before its game too: the chart's start.
      expect(page.history['connect4']?.map((h) => [h.before, h.rating, h.gameId])).toEqual([
        [1500, Math.round(p1!.after), gameId],
      ]);
      expect(page.games[0]).toMatchObject({
        id: gameId,
        outcome: 'win',
        rated: true,
        opponent: { computer: null },
      });
      // Resending the last move changes nothing: the rating was applied once.
      const again = await seats
        .get(1)!
        .request({ type: 'move', gameId, column: 0, version: end.version - 1 });
      expect(again.type).toBe('error');
      const after = (await get<PlayerPage>(`api/players/${winnerId}`)).json;
      expect(after.player.ratings[0]!.games).toBe(1);
      // Provisional players are not on the leaderboard yet.
      const board = (await get<Leaderboard>('api/leaderboard?pool=connect4')).json;
      expect(board.entries.find((e) => e.playerId === winnerId)).toBeUndefined();
      expect((await get('api/leaderboard?pool=chess')).status).toBe(400);
    });

    it('alone in quick match, a player gets a labelled computer that plays, and the result is rated', async () => {
      const me = await newPlayer();
      const client = await connect();
      const seat = newSecret();
      const variant = '7x6c4';
      const seeking = await client.request({
        type: 'seek',
        variant,
        clock: null,
        secret: seat,
        player: me.secret,
      });
      expect(seeking.type).toBe('seeking');
      const matched = await client.waitFor(is('matched'), 10_000);
      await client.request({ type: 'join', gameId: matched.gameId, secret: seat });
      const game = await client.gameAt(0);
      const computer = game.players[matched.seat === 1 ? 1 : 0]!;
      expect(computer).toMatchObject({ computer: 'intermediate', name: 'Computer (Intermediate)' });
      expect(game.rated).toBe(true);
      // Whoever starts, the computer makes a move of its own within its think time.
      if (matched.seat === 1) {
        const r = await client.request({
          type: 'move',
          gameId: matched.gameId,
          column: 3,
          version: game.version,
        });
        expect(r.type).toBe('ack');
      }
      const answered = await client.gameAt(game.version + (matched.seat === 1 ? 2 : 1), 15_000);
      expect(answered.turn).toBe(matched.seat);
      if (answered.moves.length < 2) {
        await client.request({
          type: 'move',
          gameId: matched.gameId,
          column: 3,
          version: answered.version,
        });
        await client.gameAt(answered.version + 2, 15_000);
      }
      const resigned = await client.request({ type: 'resign', gameId: matched.gameId });
      expect(resigned.type).toBe('ack');
      const end = await client.waitFor(
        (m): m is Msg<'game'> => m.type === 'game' && m.game.status === 'finished',
      );
      const mine = end.game.ratingChanges![matched.seat - 1]!;
      expect(mine.after).toBeLessThan(mine.before);
      expect(end.game.ratingChanges![matched.seat === 1 ? 1 : 0]).toBeNull();
      const page = (await get<PlayerPage>(`api/players/${me.player.id}`)).json;
      expect(page.games[0]).toMatchObject({
        outcome: 'loss',
        opponent: { computer: 'intermediate', id: '' },
      });
      const board = (await get<Leaderboard>('api/leaderboard?pool=classic')).json;
      expect(board.entries.some((e) => e.name.startsWith('Computer'))).toBe(false);
    });

    it('"Play the computer" matches at once; a guessed identity is refused', async () => {
      const me = await newPlayer();
      const client = await connect();
      const reply = await client.request(
        computerSeek(newSecret(), me.secret, { variant: '5x4c3' }),
      );
      expect(reply.type).toBe('matched');
      const bad = await client.request({
        type: 'seek',
        variant: '5x4c3',
        clock: null,
        secret: newSecret(),
        player: newSecret(),
      });
      expect(bad).toMatchObject({ type: 'error', code: 'unknown_player' });
      const badMode = await client.request({
        type: 'seek',
        variant: '5x4c3',
        clock: null,
        secret: newSecret(),
        computer: 'later',
      });
      expect(badMode).toMatchObject({ type: 'error', code: 'bad_message' });
    });

    it('never pairs a player with themselves (two tabs, two seat secrets)', async () => {
      const me = await newPlayer();
      const tab1 = await connect();
      const tab2 = await connect();
      const variant = freshVariant();
      const seek = { type: 'seek', variant, clock: null, player: me.secret, computer: 'never' };
      expect((await tab1.request({ ...seek, secret: newSecret() })).type).toBe('seeking');
      expect((await tab2.request({ ...seek, secret: newSecret() })).type).toBe('seeking');
      const other = await newPlayer();
      const tab3 = await connect();
      expect(
        (await tab3.request({ ...seek, player: other.secret, secret: newSecret() })).type,
      ).toBe('matched');
    });

    it('a rated friend game needs names on both seats', async () => {
      const me = await newPlayer();
      const created = await createGame(server.url, {
        variant: '7x6c4',
        clock: null,
        side: 1,
        secret: newSecret(),
        player: me.secret,
        rated: true,
      });
      expect(created.status).toBe(201);
      const gameId = created.json['gameId'] as string;
      const anonymous = await connect();
      const joined = await anonymous.request({ type: 'join', gameId, secret: newSecret() });
      expect(joined).toMatchObject({ type: 'error', code: 'identity_required' });
      const named = await newPlayer();
      const friend = await connect();
      expect(
        await friend.request({ type: 'join', gameId, secret: newSecret(), player: named.secret }),
      ).toMatchObject({ seat: 2 });
      expect((await friend.gameAt(1)).players[1]).toMatchObject({ id: named.player.id });
      const unnamed = await createGame(server.url, {
        variant: '7x6c4',
        clock: null,
        side: 1,
        secret: newSecret(),
        rated: true,
      });
      expect([unnamed.status, (unnamed.json['error'] as { code: string }).code]).toEqual([
        400,
        'identity_required',
      ]);
    });
  },
);

describe('identity rate limits', () => {
  it('limits identity creation per address', async () => {
    const backend = BACKENDS[0]!();
    const server = await startTestServer(
      backend,
      {},
      { IDENTITY_CREATE_BURST: '2', IDENTITY_CREATE_PER_HOUR: '1' },
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(server.url + 'api/players', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ secret: newSecret(), name: `Burst ${i}a` }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
    } finally {
      await server.close();
      await backend.cleanup();
    }
  });

  /**
   * Defect: from one address (a school, a cafe), nine tries at a taken name spent the name
   * budget and even a free name was refused, with no wait given. The budget counts names
   * created; a refusal for it says when to retry.
   */
  it('counts names created, not attempts, and says when to retry', async () => {
    const backend = BACKENDS[0]!();
    const server = await startTestServer(
      backend,
      {},
      { IDENTITY_CREATE_BURST: '2', IDENTITY_CREATE_PER_HOUR: '1' },
    );
    const create = (name: string) =>
      fetch(server.url + 'api/players', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ secret: newSecret(), name }),
      });
    try {
      expect((await create('Popular Name')).status).toBe(201);
      const tries: number[] = [];
      for (let i = 0; i < 9; i++) tries.push((await create('Popular Name')).status);
      expect(tries).toEqual(Array.from({ length: 9 }, () => 409));
      // Refused names (reserved, malformed) spend nothing either.
      expect((await create('The Computer')).status).toBe(400);
      expect((await create('x')).status).toBe(400);
      expect((await create('A Free Name')).status).toBe(201);

      const refused = await create('Another Free Name');
      expect(refused.status).toBe(429);
      // Two created with a burst of 2 and one name an hour: the next is free in an hour.
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3590);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('rate_limited');
      expect(body.error.message).toMatch(
        /^too many new names from this address lately; try again in (1 h|60 min|59 min)$/,
      );
    } finally {
      await server.close();
      await backend.cleanup();
    }
  });

  it('a flood of identity requests is refused with Retry-After', async () => {
    const backend = BACKENDS[0]!();
    const server = await startTestServer(
      backend,
      {},
      { IDENTITY_REQUESTS_BURST: '3', IDENTITY_REQUESTS_PER_MINUTE: '1' },
    );
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(server.url + 'api/players/me', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ secret: newSecret() }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      const retryAfter = Number(last?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = (await last?.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/; try again in 1 min$/);
    } finally {
      await server.close();
      await backend.cleanup();
    }
  });
});
