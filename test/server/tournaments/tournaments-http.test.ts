import { describe, expect, it } from 'vitest';
import {
  ErrorBodySchema,
  TournamentListSchema,
  TournamentResponseSchema,
} from '../../../src/protocol/index.js';
import { BACKEND_CASES, startTestServer } from '../helpers.js';
import { suiteServer } from '../lobby.js';

describe.each(BACKEND_CASES)('tournament HTTP API (%s)', (_name, make) => {
  const suite = suiteServer(make);

  const get = (path: string, init?: RequestInit): Promise<Response> =>
    fetch(new URL(path, suite.url), init);

  it('lists the default schedule: an hourly 7x6 arena and two daily Swiss', async () => {
    // Laid before the server said it was ready: no waiting.
    const list = TournamentListSchema.parse(await (await get('/api/tournaments')).json());
    const shapes = list.tournaments.map((t) => [t.kind, t.variant, t.status, t.rounds]).sort();
    expect(shapes).toEqual([
      ['arena', '7x6c4', 'upcoming', null],
      ['swiss', '7x6c4', 'upcoming', 7],
      ['swiss', '7x7c5', 'upcoming', 5],
    ]);
    const arena = list.tournaments.find((t) => t.kind === 'arena')!;
    expect(arena.endsAt! - arena.startsAt).toBe(55 * 60_000);
    expect(arena.startsAt % 3_600_000).toBe(0);

    const one = await get(`/api/tournaments/${arena.id}`);
    expect(one.status).toBe(200);
    const detail = TournamentResponseSchema.parse(await one.json()).tournament;
    expect(detail).toMatchObject({ id: arena.id, standings: [], pairings: [], players: 0 });
  });

  it('answers unknown ids, bad ids and other methods with the protocol errors', async () => {
    for (const path of [
      '/api/tournaments/unknown1234',
      '/api/tournaments/..%2F..',
      '/api/tournaments/a/b',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('not_found');
    }
    const post = await get('/api/tournaments', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/api/tournaments', { method: 'HEAD' })).status).toBe(200);
  });
});

describe('tournament schedule configuration', () => {
  it('refuses a schedule with absurd settings at start, naming the entry', async () => {
    const make = BACKEND_CASES[0]![1];
    const backend = make();
    const schedule = JSON.stringify([
      {
        key: 'bad',
        every: 'day',
        atMinute: 0,
        settings: {
          kind: 'swiss',
          name: 'Bad',
          variant: '7x6',
          clock: { initialMs: 60_000, incrementMs: 0 },
          rounds: 10_000,
        },
      },
    ]);
    await expect(startTestServer(backend, {}, { TOURNAMENT_SCHEDULE: schedule })).rejects.toThrow(
      /TOURNAMENT_SCHEDULE bad: a Swiss has 1–20 rounds/,
    );
    await backend.cleanup();
  });
});
