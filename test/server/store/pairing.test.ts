import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/server/game/reducer.js';
import type { GameState, SeatPlayer } from '../../../src/server/game/state.js';
import {
  needsRatedCounts,
  pairSeek,
  type OwnSeek,
  type SeekRecord,
  type SeekWrite,
} from '../../../src/server/store/seek-pairing.js';
import {
  FARM_LIMIT,
  RANGE_PER_SECOND,
  RANGE_START,
  closeRatings,
  poolOf,
} from '../../../src/server/matchmaking/partners.js';
import {
  FARM_WINDOW_MS,
  oldestOther,
  type PairContext,
  type PairMaker,
  type PartnerChooser,
  type SeekRequest,
} from '../../../src/server/store/types.js';

const NOW = 100_000;
const TTL = 30_000;

const request = (over: Partial<SeekRequest> = {}): SeekRequest => ({
  id: 'arrive',
  pool: 'P',
  secretHash: 'hash-arrive',
  now: NOW,
  expiresAt: NOW + TTL,
  ...over,
});

const waiting = (id: string, over: Partial<SeekRecord> = {}): SeekRecord => ({
  id,
  pool: 'P',
  secretHash: `hash-${id}`,
  player: null,
  address: null,
  createdAt: NOW - 1000,
  expiresAt: NOW + 1000,
  gameId: null,
  ...over,
});

const ann: SeatPlayer = { id: 'ann', name: 'Ann', rating: 1500 };
const bob: SeatPlayer = { id: 'bob', name: 'Bob', rating: 1500 };

/** Seats the waiting seek first; records the context it was given. */
function recorder(): { make: PairMaker; contexts: PairContext[] } {
  const contexts: PairContext[] = [];
  return {
    contexts,
    make: (w, a, _partner, context) => {
      contexts.push(context);
      return newGame({ id: 'game1', variant: '7x6c4', clock: null, seats: [w, a] }, NOW);
    },
  };
}

const kinds = (writes: readonly SeekWrite[]): string[] =>
  writes.map((w) => (w.kind === 'matchSeek' ? `matchSeek:${w.id}:${w.seat}` : w.kind));

interface Case {
  readonly name: string;
  readonly own?: OwnSeek;
  readonly waiting?: readonly SeekRecord[];
  readonly request?: Partial<SeekRequest>;
  readonly choose?: PartnerChooser;
  readonly outcome: Record<string, unknown>;
  readonly writes: readonly string[];
}

const CASES: readonly Case[] = [
  {
    name: 'alone in the pool: queued',
    outcome: { kind: 'waiting', seekId: 'arrive' },
    writes: ['insertSeek'],
  },
  {
    name: 'asking again while still alone: the old seek is renewed',
    own: { id: 'mine', gameId: null, seat: null, gameFinished: false },
    outcome: { kind: 'waiting', seekId: 'mine' },
    writes: ['renewSeek'],
  },
  {
    name: 'asking again after being paired: the same game, nothing written',
    own: { id: 'mine', gameId: 'old', seat: 2, gameFinished: false },
    waiting: [waiting('w1')],
    outcome: { kind: 'matched', seekId: 'mine', gameId: 'old', seat: 2, partnerSeekId: null },
    writes: [],
  },
  {
    name: 'asking again after that game ended: a new request',
    own: { id: 'mine', gameId: 'old', seat: 2, gameFinished: true },
    waiting: [waiting('w1')],
    outcome: { kind: 'matched', seekId: 'arrive', gameId: 'game1', seat: 2, partnerSeekId: 'w1' },
    writes: ['deleteSeek', 'insertGame', 'matchSeek:w1:1', 'insertSeek'],
  },
  {
    name: 'one waiting: paired, both rows name the game',
    waiting: [waiting('w1')],
    outcome: {
      kind: 'matched',
      seekId: 'arrive',
      gameId: 'game1',
      seat: 2,
      partnerSeekId: 'w1',
      partnerSeat: 1,
    },
    writes: ['insertGame', 'matchSeek:w1:1', 'insertSeek'],
  },
  {
    name: 'a renewal that finds a partner updates its own row',
    own: { id: 'mine', gameId: null, seat: null, gameFinished: false },
    waiting: [waiting('w1')],
    outcome: { kind: 'matched', seekId: 'mine', partnerSeekId: 'w1' },
    writes: ['insertGame', 'matchSeek:w1:1', 'matchSeek:mine:2'],
  },
  {
    name: 'the oldest of several is taken',
    waiting: [waiting('w2', { createdAt: NOW - 900 }), waiting('w1', { createdAt: NOW - 500 })],
    outcome: { kind: 'matched', partnerSeekId: 'w2' },
    writes: ['insertGame', 'matchSeek:w2:1', 'insertSeek'],
  },
  {
    name: 'another pool, a paired row, an expired one and the same secret are never partners',
    waiting: [
      waiting('other', { pool: 'Q' }),
      waiting('paired', { gameId: 'g0' }),
      waiting('expired', { expiresAt: NOW - 1 }),
      waiting('twin', { secretHash: 'hash-arrive' }),
    ],
    outcome: { kind: 'waiting', seekId: 'arrive' },
    writes: ['insertSeek'],
  },
  {
    name: 'the same player under another secret (a second tab) is no partner',
    request: { player: ann },
    waiting: [waiting('tab2', { player: ann })],
    outcome: { kind: 'waiting' },
    writes: ['insertSeek'],
  },
  {
    name: 'a chooser naming a seek it was not offered pairs nobody',
    waiting: [waiting('w1', { pool: 'Q' })],
    choose: (_r, _c) => waiting('w1', { pool: 'Q' }),
    outcome: { kind: 'waiting' },
    writes: ['insertSeek'],
  },
];

describe('pairSeek: one decision for both stores', () => {
  it.each(CASES)('$name', (c) => {
    const { make } = recorder();
    const { outcome, writes } = pairSeek({
      request: request(c.request),
      own: c.own,
      waiting: c.waiting ?? [],
      ratedWith: new Map(),
      makePair: make,
      choose: c.choose ?? oldestOther,
    });
    expect(outcome).toMatchObject(c.outcome);
    expect(kinds(writes)).toEqual(c.writes);
  });

  it.each([
    { name: 'same address, both named: the count of their rated games', address: '1', seen: 4 },
    { name: 'another address: none counted', address: '2', seen: 0 },
  ])('farming context: $name', ({ address, seen }) => {
    const { make, contexts } = recorder();
    const arriving = request({ player: ann, address: '1' });
    const queue = [waiting('w1', { player: bob, address })];
    expect(needsRatedCounts(arriving, queue)).toBe(seen > 0);
    pairSeek({
      request: arriving,
      own: undefined,
      waiting: queue,
      ratedWith: new Map([['bob', 4]]),
      makePair: make,
      choose: oldestOther,
    });
    expect(contexts).toEqual([{ recentRatedGames: seen }]);
  });

  it('asks for rated counts only for a pairable named seeker from the same address', () => {
    const arriving = request({ player: ann, address: '1' });
    expect(needsRatedCounts(arriving, [waiting('w1', { address: '1' })])).toBe(false);
    expect(
      needsRatedCounts(arriving, [waiting('w1', { player: bob, address: '1', pool: 'Q' })]),
    ).toBe(false);
    expect(
      needsRatedCounts(request({ address: '1' }), [waiting('w1', { player: bob, address: '1' })]),
    ).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The property: arrivals, renewals and finished games in random order against a model of the
// seeks table that applies exactly the writes pairSeek returns.

interface Wish {
  readonly variant: string;
  readonly clock: { initialMs: number; incrementMs: number } | null;
  readonly rated: boolean;
}

interface Row extends SeekRecord {
  readonly seat: 1 | 2 | null;
  readonly wish: Wish;
}

type Event =
  | { readonly kind: 'seek'; readonly who: number; readonly wish: Wish; readonly dt: number }
  | { readonly kind: 'finish'; readonly which: number };

const wishArb: fc.Arbitrary<Wish> = fc.record({
  variant: fc.constantFrom('7x6c4', '6x5c4'),
  clock: fc.constantFrom(null, { initialMs: 60_000, incrementMs: 0 }),
  rated: fc.boolean(),
});

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('seek' as const),
      who: fc.nat(7),
      wish: wishArb,
      dt: fc.nat(12_000),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('finish' as const), which: fc.nat() }) },
);

/** Who sits at each of the eight secrets: a player (several secrets may share one) or nobody. */
const peopleArb = fc.array(
  fc.option(
    fc.record({
      id: fc.constantFrom('p0', 'p1', 'p2', 'p3', 'p4'),
      rating: fc.integer({ min: 800, max: 2400 }),
    }),
    { nil: null },
  ),
  { minLength: 8, maxLength: 8 },
);

function simulate(
  people: readonly ({ id: string; rating: number } | null)[],
  events: readonly Event[],
): void {
  const rows = new Map<string, Row>();
  const games: { state: GameState; finished: boolean }[] = [];
  const paired = new Set<string>();
  const ratingOfId = new Map<string, number>();
  let now = 1_000_000;
  let n = 0;
  for (const event of events) {
    if (event.kind === 'finish') {
      const game = games[event.which % Math.max(1, games.length)];
      if (game) game.finished = true;
      continue;
    }
    now += event.dt;
    const person = people[event.who] ?? null;
    // One player has one rating, whichever secret they seek with.
    if (person) ratingOfId.set(person.id, ratingOfId.get(person.id) ?? person.rating);
    const player: SeatPlayer | null = person
      ? { id: person.id, name: person.id, rating: ratingOfId.get(person.id)! }
      : null;
    const { wish } = event;
    const req: SeekRequest = {
      id: `s${n++}`,
      pool: poolOf(wish.variant, wish.clock, wish.rated),
      secretHash: `secret${event.who}`,
      now,
      expiresAt: now + TTL,
      player,
      address: `10.0.0.${event.who % 2}`,
    };
    for (const [id, row] of rows) if (row.expiresAt < now) rows.delete(id);
    const ownRow = [...rows.values()].find(
      (r) => r.pool === req.pool && r.secretHash === req.secretHash,
    );
    const own: OwnSeek | undefined = ownRow && {
      id: ownRow.id,
      gameId: ownRow.gameId,
      seat: ownRow.seat,
      gameFinished: games.some((g) => g.state.id === ownRow.gameId && g.finished),
    };
    // Every row of every pool, oldest first: pairSeek must keep to the request's pool itself.
    const all = [...rows.values()].sort(
      (a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id),
    );
    const ratedWith = new Map<string, number>();
    for (const { state } of games) {
      const ids = state.players?.map((p) => p?.id);
      if (!state.rated || !player || state.createdAt < now - FARM_WINDOW_MS || !ids) continue;
      const other = ids[0] === player.id ? ids[1] : ids[1] === player.id ? ids[0] : undefined;
      if (other) ratedWith.set(other, (ratedWith.get(other) ?? 0) + 1);
    }
    const makePair: PairMaker = (w, a, partner, context) =>
      newGame(
        {
          id: `g${n++}`,
          variant: wish.variant,
          clock: wish.clock,
          seats: [w, a],
          players: [partner.player, player],
          rated:
            wish.rated && !!partner.player && !!player && context.recentRatedGames < FARM_LIMIT,
        },
        now,
      );
    // A pairable partner within the rating range, judged independently of pairSeek.
    const inRange = all.filter(
      (r) =>
        r.pool === req.pool &&
        r.gameId === null &&
        r.secretHash !== req.secretHash &&
        !(r.player && player && r.player.id === player.id) &&
        Math.abs((r.player?.rating ?? 1500) - (player?.rating ?? 1500)) <=
          RANGE_START + (RANGE_PER_SECOND * (now - r.createdAt)) / 1000,
    );
    const liveMatch = own?.gameId != null && !own.gameFinished;

    const { outcome, writes } = pairSeek({
      request: req,
      own,
      waiting: all,
      ratedWith,
      makePair,
      choose: closeRatings(now, now),
    });

    if (liveMatch) {
      expect(outcome).toMatchObject({ kind: 'matched', gameId: own.gameId, partnerSeekId: null });
      expect(writes).toEqual([]);
    } else if (outcome.kind === 'waiting') {
      // Nobody in range was left waiting when someone arrived for them.
      expect(inRange).toEqual([]);
    }
    for (const write of writes) {
      switch (write.kind) {
        case 'deleteSeek':
          rows.delete(write.id);
          break;
        case 'renewSeek':
          rows.set(write.id, { ...rows.get(write.id)!, expiresAt: write.expiresAt });
          break;
        case 'insertGame': {
          const game = write.state;
          const partnerId = outcome.kind === 'matched' ? outcome.partnerSeekId : null;
          const partner = partnerId === null ? undefined : rows.get(partnerId);
          expect(partner).toBeDefined();
          // Compatible: one variant, one clock, rated only if both asked for it.
          expect(partner!.wish.variant).toBe(wish.variant);
          expect(partner!.wish.clock).toEqual(wish.clock);
          expect(partner!.wish.rated).toBe(wish.rated);
          expect([game.variant, game.clock]).toEqual([wish.variant, wish.clock]);
          if (game.rated) expect(partner!.wish.rated && wish.rated).toBe(true);
          // Never oneself: not the same secret, not the same player.
          expect(partner!.secretHash).not.toBe(req.secretHash);
          if (partner!.player && player) expect(partner!.player.id).not.toBe(player.id);
          // Within the rating range for the time the partner waited.
          const gap = Math.abs((partner!.player?.rating ?? 1500) - (player?.rating ?? 1500));
          expect(gap).toBeLessThanOrEqual(
            RANGE_START + (RANGE_PER_SECOND * (now - partner!.createdAt)) / 1000,
          );
          expect(game.seats).toContain(req.secretHash);
          games.push({ state: game, finished: false });
          break;
        }
        case 'matchSeek': {
          // Nobody paired twice: a row gets a game once.
          expect(paired.has(write.id)).toBe(false);
          const row = rows.get(write.id)!;
          expect(row.gameId).toBeNull();
          paired.add(write.id);
          rows.set(write.id, {
            ...row,
            gameId: write.gameId,
            seat: write.seat,
            expiresAt: write.expiresAt,
          });
          break;
        }
        case 'insertSeek': {
          expect(rows.has(write.request.id)).toBe(false);
          if (write.match) paired.add(write.request.id);
          rows.set(write.request.id, {
            id: write.request.id,
            pool: write.request.pool,
            secretHash: write.request.secretHash,
            player: write.request.player ?? null,
            address: write.request.address ?? null,
            createdAt: write.request.now,
            expiresAt: write.request.expiresAt,
            gameId: write.match?.gameId ?? null,
            seat: write.match?.seat ?? null,
            wish,
          });
          break;
        }
      }
    }
    if (outcome.kind === 'matched') {
      const game = games.find((g) => g.state.id === outcome.gameId);
      if (game) expect(game.state.seats[outcome.seat - 1]).toBe(req.secretHash);
    }
    // One live row per (pool, secret), as the unique index demands.
    const keys = [...rows.values()].map((r) => `${r.pool}|${r.secretHash}`);
    expect(new Set(keys).size).toBe(keys.length);
  }
}

describe('pairSeek: properties over random arrivals', () => {
  it('nobody is paired twice, pairs are compatible and within the rating range, and nobody in range is left waiting', () => {
    fc.assert(
      fc.property(
        peopleArb,
        fc.array(eventArb, { minLength: 1, maxLength: 60 }),
        (people, events) => {
          simulate(people, events);
        },
      ),
      { numRuns: 300 },
    );
  });
});
