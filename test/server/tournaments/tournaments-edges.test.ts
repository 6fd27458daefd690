import { describe, expect, it, vi } from 'vitest';
import { BACKEND_CASES, newSecret, startTestServer } from '../helpers.js';
import { ClientSet, createPlayer, suiteServer } from '../lobby.js';
import { arenaNow, createTournament, joinTournament, pairingOf } from './tournament-clients.js';

/**
 * The edges of the tournament API as docs/protocol.md states them, asked in plain JSON (over
 * HTTP and the game socket) the way a client written from the document alone would: bad
 * percent-encoding, query parameters, one refusal code per setting whatever its value, what a
 * rejoin after a withdrawal answers, how an aborted arena game is shown and scored, and a
 * schedule already laid when the server says it is ready.
 */

type Json = Record<string, unknown>;

const [, make] = BACKEND_CASES[0]!;

describe('tournament API edges (docs/protocol.md)', () => {
  const clients = new ClientSet();
  // A first move must come within a second: an arena game nobody starts aborts quickly.
  const suite = suiteServer(make, { ABORT_MS: '1000' }, clients);

  const get = async (path: string, method = 'GET'): Promise<{ status: number; body: Json }> => {
    const res = await fetch(new URL(path, suite.url), { method });
    const text = await res.text();
    return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Json) };
  };
  const errorOf = (body: Json): { code: string; message: string } =>
    body['error'] as { code: string; message: string };

  it('answers a path that is not valid percent-encoding with 404 not_found, like games and players', async () => {
    for (const base of ['/api/tournaments/', '/api/games/', '/api/players/']) {
      for (const tail of ['%E0%A4%A', '%', '%zz', '%C0%AF']) {
        const { status, body } = await get(base + tail);
        expect([base + tail, status]).toEqual([base + tail, 404]);
        expect(errorOf(body).code).toMatch(/^(not_found|unknown_player)$/);
      }
    }
    expect((await get('/api/tournaments/%E0%A4%A', 'HEAD')).status).toBe(404);
  });

  it('refuses unknown, repeated and over-long query parameters with 400 bad_message naming them', async () => {
    const long = 'x'.repeat(6000);
    const cases: [string, RegExp][] = [
      ['/api/tournaments?foo=bar', /^foo: unknown query parameter/],
      ['/api/tournaments?status=a&status=b', /^status: given more than once/],
      [`/api/tournaments?q=${long}`, /^query: /],
      ['/api/tournaments/abcdefgh1234?foo=bar', /^foo: unknown query parameter/],
      [`/api/games?q=${long}`, /^query: /],
      ['/api/games?limit=1&limit=2', /^limit: given more than once/],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await get(path);
      expect([path.slice(0, 60), status, errorOf(body).code]).toEqual([
        path.slice(0, 60),
        400,
        'bad_message',
      ]);
      expect(errorOf(body).message).toMatch(message);
    }
  });

  it('refuses each setting with its own code, whatever the value', async () => {
    const client = await clients.connect(suite.url);
    const who = await createPlayer(suite.url, 'Edge Creator');
    const base = arenaNow('Edge arena');
    const swiss = { ...base, kind: 'swiss', durationMinutes: undefined, rounds: 3 };
    const cases: [Json, string][] = [
      [{ ...base, kind: 'knockout' }, 'tournament_bad_kind'],
      [{ ...base, kind: 7 }, 'tournament_bad_kind'],
      [{ ...base, kind: undefined }, 'tournament_bad_kind'],
      [{ ...base, name: 'x'.repeat(61) }, 'tournament_bad_name'],
      [{ ...base, name: 'x'.repeat(3000) }, 'tournament_bad_name'],
      [{ ...base, name: 'ab' }, 'tournament_bad_name'],
      [{ ...base, name: 42 }, 'tournament_bad_name'],
      [{ ...base, variant: 'banana' }, 'tournament_bad_variant'],
      [{ ...base, variant: '13x6' }, 'tournament_bad_variant'],
      [{ ...base, variant: null }, 'tournament_bad_variant'],
      [{ ...base, clock: { initialMs: 29_999, incrementMs: 0 } }, 'tournament_bad_clock'],
      [{ ...base, clock: { initialMs: 3_600_001, incrementMs: 0 } }, 'tournament_bad_clock'],
      [{ ...base, clock: { initialMs: 60_000.5, incrementMs: 0 } }, 'tournament_bad_clock'],
      [{ ...base, clock: { initialMs: '60000', incrementMs: 0 } }, 'tournament_bad_clock'],
      [{ ...base, clock: { initialMs: 60_000 } }, 'tournament_bad_clock'],
      [{ ...base, clock: { initialMs: 60_000, incrementMs: 0, extra: 1 } }, 'tournament_bad_clock'],
      [{ ...base, clock: null }, 'tournament_bad_clock'],
      [{ ...base, durationMinutes: 4 }, 'tournament_bad_duration'],
      [{ ...base, durationMinutes: 30.5 }, 'tournament_bad_duration'],
      [{ ...base, durationMinutes: '30' }, 'tournament_bad_duration'],
      [{ ...swiss, rounds: 0 }, 'tournament_bad_rounds'],
      [{ ...swiss, rounds: 2.5 }, 'tournament_bad_rounds'],
      [{ ...swiss, rounds: 10_000 }, 'tournament_bad_rounds'],
      [{ ...base, startsAt: 0 }, 'tournament_start_in_past'],
      [{ ...base, startsAt: 'soon' }, 'tournament_start_in_past'],
      [{ ...base, startsAt: Date.now() + 31 * 86_400_000 }, 'tournament_start_too_far'],
    ];
    for (const [settings, code] of cases) {
      const reply = (await client.request({
        type: 'tournamentCreate',
        player: who.secret,
        settings: JSON.parse(JSON.stringify(settings)) as Json,
      })) as unknown as Json;
      expect([settings, reply['type'], reply['code']]).toEqual([settings, 'error', code]);
    }
    // A field the settings do not have is the message's shape, not a setting.
    const extra = (await client.request({
      type: 'tournamentCreate',
      player: who.secret,
      settings: { ...base, colour: 'red' },
    })) as unknown as Json;
    expect(extra['code']).toBe('bad_message');
  });

  it('answers a rejoin after a withdrawal with tournamentJoined and no again', async () => {
    const client = await clients.connect(suite.url);
    const who = await createPlayer(suite.url, 'Edge Rejoiner');
    const id = await createTournament(client, who, 'Edge rejoin', {
      ...arenaNow('Edge rejoin'),
      startsAt: Date.now() + 3_600_000,
    });
    const secret = newSecret();
    expect(await joinTournament(client, id, who, secret)).toMatchObject({
      type: 'tournamentJoined',
      again: false,
    });
    expect(await joinTournament(client, id, who, secret)).toMatchObject({ again: true });
    const out = await client.request({
      type: 'tournamentWithdraw',
      tournamentId: id,
      player: who.secret,
    });
    expect(out).toMatchObject({ type: 'tournamentWithdrawn', tournamentId: id });
    expect(await joinTournament(client, id, who, secret)).toMatchObject({
      type: 'tournamentJoined',
      tournamentId: id,
      again: false,
    });
  });

  it('shows an arena game nobody started as "aborted", counting for nobody', async () => {
    const [ca, cb] = [await clients.connect(suite.url), await clients.connect(suite.url)];
    const [a, b] = [
      await createPlayer(suite.url, 'Edge Abort A'),
      await createPlayer(suite.url, 'Edge Abort B'),
    ];
    const id = await createTournament(ca, a, 'Edge abort');
    await joinTournament(ca, id, a, newSecret());
    await joinTournament(cb, id, b, newSecret());
    const paired = await pairingOf(ca);
    const page = await vi.waitFor(
      async () => {
        const { body } = await get(`/api/tournaments/${id}`);
        const t = body['tournament'] as Json;
        const pairing = (t['pairings'] as Json[]).find((p) => p['gameId'] === paired.gameId);
        if (pairing?.['outcome'] !== 'aborted') throw new Error('not aborted yet');
        return t;
      },
      { timeout: 15_000, interval: 100 },
    );
    for (const row of page['standings'] as Json[]) {
      expect(row).toMatchObject({ score: 0, games: 0 });
    }
  });
});

describe('tournament schedule at start', () => {
  it('lists the scheduled tournaments as soon as /healthz says ready', async () => {
    const backend = make();
    const server = await startTestServer(backend);
    try {
      expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
      const res = await fetch(new URL('/api/tournaments', server.url));
      const list = ((await res.json()) as { tournaments: Json[] }).tournaments;
      expect(list.map((t) => t['kind']).sort()).toEqual(['arena', 'swiss', 'swiss']);
    } finally {
      await server.close();
      await backend.cleanup();
    }
  });
});
