import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { versionedSocketUrl } from '../../../src/protocol/index.js';
import { ServerProcess } from '../helpers.js';

/**
 * The server's entry (`src/server/main.ts`, what `npm start` runs once built) on a fresh
 * database, with a schedule whose hourly arena and daily Swiss start at the next minute, runs
 * both unattended; two pairs of players, driven by a client written from docs/protocol.md alone
 * (plain JSON over HTTP and a WebSocket: nothing here imports the server's or the protocol's
 * code), find them in `GET /api/tournaments`, join, are paired, play their games to the end
 * and read the results in `GET /api/tournaments/:id`.
 */

type Json = Record<string, unknown>;

const newSecret = (): string => randomBytes(18).toString('base64url');

/** docs/protocol.md, "WebSocket": every request carries an id; its reply echoes it. */
class OutsideClient {
  private readonly received: Json[] = [];
  private waiters: { test: (m: Json) => boolean; resolve: (m: Json) => void }[] = [];
  private next = 0;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as Json;
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(m)) return true;
        w.resolve(m);
        return false;
      });
    });
  }

  static async connect(base: string): Promise<OutsideClient> {
    const ws = new WebSocket(base.replace(/^http/, 'ws') + versionedSocketUrl('ws'));
    // Listening from the start: `hello` may come in the same packet as the upgrade.
    const client = new OutsideClient(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    await client.waitFor((m) => m['type'] === 'hello');
    return client;
  }

  /** The first message, received or to come, that passes `test`. */
  waitFor(test: (m: Json) => boolean, timeoutMs = 90_000): Promise<Json> {
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`no such message; last: ${JSON.stringify(this.received.slice(-3))}`));
      }, timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  request(message: Json): Promise<Json> {
    const id = `r${this.next++}`;
    this.ws.send(JSON.stringify({ ...message, id }));
    return this.waitFor((m) => m['id'] === id, 10_000);
  }

  /** The newest `game` snapshot of `gameId` with at least `version`. */
  game(gameId: string, version: number): Promise<Json> {
    return this.waitFor((m) => {
      const g = m['game'] as Json | undefined;
      return m['type'] === 'game' && g?.['id'] === gameId && (g['version'] as number) >= version;
    }).then((m) => m['game'] as Json);
  }

  close(): void {
    this.ws.close();
  }
}

const getJson = async (url: string): Promise<Json> => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
};

async function newPlayer(base: string, name: string): Promise<string> {
  const secret = newSecret();
  const res = await fetch(`${base}api/players`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ secret, name }),
  });
  expect(res.status).toBe(201);
  return secret;
}

/**
 * Two named players join `tournamentId`, wait for their pairing, take their seats and play it
 * out: seat 1 fills column 0 and wins on its fourth disc. Returns the winner's name.
 */
async function playOne(base: string, tournamentId: string, names: [string, string]) {
  const players = await Promise.all(
    names.map(async (name) => ({
      name,
      identity: await newPlayer(base, name),
      seat: newSecret(),
      client: await OutsideClient.connect(base),
    })),
  );
  for (const p of players) {
    const joined = await p.client.request({
      type: 'tournamentJoin',
      tournamentId,
      player: p.identity,
      secret: p.seat,
    });
    expect(joined).toMatchObject({ type: 'tournamentJoined', tournamentId });
  }
  const pairings = await Promise.all(
    players.map((p) => p.client.waitFor((m) => m['type'] === 'tournamentPairing', 150_000)),
  );
  const gameId = pairings[0]!['gameId'] as string;
  expect(pairings[1]!['gameId']).toBe(gameId);
  const bySeat = new Map<number, (typeof players)[number]>();
  for (const [i, p] of players.entries()) {
    const joined = await p.client.request({ type: 'join', gameId, secret: p.seat });
    expect(joined).toMatchObject({ type: 'joined', gameId, seat: pairings[i]!['seat'] });
    bySeat.set(pairings[i]!['seat'] as number, p);
  }
  for (let version = 0; version < 7; version++) {
    const mover = bySeat.get(version % 2 === 0 ? 1 : 2)!;
    const game = await mover.client.game(gameId, version);
    expect(game['turn']).toBe(version % 2 === 0 ? 1 : 2);
    const ack = await mover.client.request({
      type: 'move',
      gameId,
      column: version % 2,
      version: game['version'],
    });
    expect(ack['type']).toBe('ack');
  }
  const end = await bySeat.get(1)!.client.game(gameId, 7);
  expect(end['status']).toBe('finished');
  for (const p of players) p.client.close();
  return { gameId, winner: bySeat.get(1)!.name };
}

describe('a fresh server runs its scheduled tournaments for an outside client', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'c4-outside-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('an hourly arena and a daily Swiss start by themselves; players join, play and see results', async () => {
    // A whole minute at least 20 s away (the arena's minute past the hour, the Swiss's minute
    // of the day): a server that starts after it would schedule the next hour and day instead,
    // and under CI's load a server start takes seconds.
    const next = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const minuteOfHour = next.getUTCMinutes();
    const minuteOfDay = next.getUTCHours() * 60 + minuteOfHour;
    const clock = { initialMs: 60_000, incrementMs: 0 };
    const schedule = [
      {
        key: 'test-hourly',
        every: 'hour',
        atMinute: minuteOfHour,
        settings: { kind: 'arena', name: 'Test hourly', variant: '7x6', clock, durationMinutes: 5 },
      },
      {
        key: 'test-daily',
        every: 'day',
        atMinute: minuteOfDay,
        settings: { kind: 'swiss', name: 'Test daily', variant: '7x6', clock, rounds: 1 },
      },
    ];
    server = new ServerProcess({
      DATABASE_PATH: path.join(dir, 'c4.sqlite'),
      TOURNAMENT_SCHEDULE: JSON.stringify(schedule),
    });
    const base = await server.start();

    // Listed before they start (the schedule is filled on the first tick).
    const listed = await waitUntil(async () => {
      const list = (await getJson(`${base}api/tournaments`))['tournaments'] as Json[];
      return list.length >= 2 ? list : undefined;
    });
    const arena = listed.find((t) => t['kind'] === 'arena')!;
    const swiss = listed.find((t) => t['kind'] === 'swiss')!;
    expect(arena).toMatchObject({ name: 'Test hourly', startsAt: next.getTime() });
    expect(swiss).toMatchObject({ name: 'Test daily', startsAt: next.getTime(), rounds: 1 });

    const [arenaGame, swissGame] = await Promise.all([
      playOne(base, arena['id'] as string, ['Outside Ann', 'Outside Bob']),
      playOne(base, swiss['id'] as string, ['Outside Cid', 'Outside Dee']),
    ]);

    const arenaPage = await waitUntil(async () => {
      const t = (await getJson(`${base}api/tournaments/${arena['id'] as string}`))[
        'tournament'
      ] as Json;
      return (t['standings'] as Json[]).some((s) => s['games'] === 1) ? t : undefined;
    });
    expect(arenaPage['status']).toBe('running');
    expect((arenaPage['standings'] as Json[]).map((s) => [s['name'], s['score']])).toEqual([
      [arenaGame.winner, 2],
      [expect.stringMatching(/^Outside (Ann|Bob)$/), 0],
    ]);
    expect(arenaPage['pairings']).toEqual([
      expect.objectContaining({ gameId: arenaGame.gameId, outcome: 'first', round: null }),
    ]);

    // The one-round Swiss is over once its game is: status, winner and the game's outcome.
    const swissPage = await waitUntil(async () => {
      const t = (await getJson(`${base}api/tournaments/${swiss['id'] as string}`))[
        'tournament'
      ] as Json;
      return t['status'] === 'finished' ? t : undefined;
    });
    expect((swissPage['standings'] as Json[])[0]).toMatchObject({
      rank: 1,
      name: swissGame.winner,
      score: 1,
    });
    expect(swissPage['pairings']).toEqual([
      expect.objectContaining({ gameId: swissGame.gameId, outcome: 'first', round: 1 }),
    ]);
  }, 240_000);
});

/** Waits until `probe` gives a value (vitest's `vi.waitFor`, polling every 200 ms). */
const waitUntil = <T>(probe: () => Promise<T | undefined>): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error('not yet');
      return value;
    },
    { timeout: 90_000, interval: 200 },
  );
