import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../src/core/index.js';
import { LocalBus } from '../../../src/server/bus/local.js';
import type { GameState, SeatPlayer } from '../../../src/server/game/state.js';
import { createLogger } from '../../../src/server/log.js';
import { GameService } from '../../../src/server/games.js';
import { Matchmaking } from '../../../src/server/matchmaking/service.js';
import { Metrics } from '../../../src/server/metrics.js';
import type { PlayerService } from '../../../src/server/player-service.js';
import type { ServerMessage } from '../../../src/protocol/index.js';
import type { Answer, Reply, Session } from '../../../src/server/session.js';
import type { GameStore } from '../../../src/server/store/types.js';
import { hashSecret } from '../../../src/server/secrets.js';
import { newSecret, sqliteBackend, type Backend } from '../helpers.js';

/**
 * The matchmaking service on its own: sessions are plain objects, time is faked, the store is
 * a real SQLite file. (The same flows over the wire, on both stores: protocol.test.ts,
 * players-protocol.test.ts.)
 */

const T0 = 1_000_000;
const BOT_WAIT_MS = 20_000;

/** Named players by identity secret, at fixed ratings (the identity secret is the player id). */
const RATINGS = new Map<string, number>();
const players = {
  identify: (secret: string) => Promise.resolve(ok({ id: secret, name: secret })),
  seatPlayer: (record: { id: string; name: string }): Promise<SeatPlayer> =>
    Promise.resolve({ id: record.id, name: record.name, rating: RATINGS.get(record.id) ?? 1500 }),
} as unknown as PlayerService;

interface FakeSession extends Session {
  open: boolean;
  readonly pushed: ServerMessage[];
  readonly answers: (Reply | { type: 'error'; code: string })[];
  readonly answer: Answer;
}

function session(address = '10.0.0.1'): FakeSession {
  const pushed: ServerMessage[] = [];
  const answers: FakeSession['answers'] = [];
  return {
    address,
    open: true,
    pushed,
    answers,
    push: (m) => pushed.push(m),
    answer: {
      reply: (m) => answers.push(m),
      fail: (e) => answers.push({ type: 'error', code: e.code }),
    },
  };
}

describe('matchmaking service', () => {
  let backend: Backend;
  let store: GameStore;
  let service: Matchmaking;
  let games: GameService;
  let stored: GameState[];

  beforeEach(async () => {
    vi.useFakeTimers({
      now: T0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    backend = sqliteBackend();
    store = await backend.open();
    stored = [];
    games = new GameService({
      store,
      bus: new LocalBus(),
      now: Date.now,
      random: () => 0.25,
      metrics: new Metrics(),
      log: createLogger('silent', () => undefined),
      limits: { abortMs: 30_000, leaveMs: 90_000 },
      onStored: (state) => stored.push(state),
    });
    service = new Matchmaking({
      store,
      bus: new LocalBus(),
      players,
      now: Date.now,
      random: () => 0.25,
      metrics: new Metrics(),
      log: createLogger('silent', () => undefined),
      games,
      botWaitMs: BOT_WAIT_MS,
    });
  });
  afterEach(async () => {
    service.close();
    vi.useRealTimers();
    await store.close();
    await backend.cleanup();
  });

  const seek = (s: FakeSession, extra: Record<string, unknown> = {}) =>
    service.seek(
      s,
      { type: 'seek', variant: '7x6c4', clock: null, secret: newSecret(), ...extra },
      s.answer,
    );

  it('pairs within one game of the family only, and makes a game of it', async () => {
    const [classic, popout, five, popout2] = [session(), session(), session(), session()];
    await seek(classic, { computer: 'never' });
    await seek(popout, { computer: 'never', game: 'popout', variant: undefined });
    await seek(five, { computer: 'never', game: 'five', variant: undefined });
    for (const s of [classic, popout, five])
      expect(s.answers[0]).toMatchObject({ type: 'seeking' });
    await seek(popout2, { computer: 'never', game: 'popout', variant: undefined });
    const [matched] = popout2.answers;
    expect(matched).toMatchObject({ type: 'matched' });
    const game = await store.getGame((matched as { gameId: string }).gameId);
    expect(game).toMatchObject({ game: 'popout', variant: '7x6c4', status: 'playing' });
    await vi.waitFor(() => {
      expect(popout.pushed).toHaveLength(1);
    });
    expect(classic.pushed).toEqual([]);
    expect(five.pushed).toEqual([]);
  });

  it('pools PopOut by board: a 6x5 seeker meets a 6x5 seeker, not a 7x6 one', async () => {
    const [big, small, small2] = [session(), session(), session()];
    await seek(big, { computer: 'never', game: 'popout', variant: undefined });
    await seek(small, { computer: 'never', game: 'popout', variant: '6x5' });
    expect(small.answers[0]).toMatchObject({ type: 'seeking' });
    await seek(small2, { computer: 'never', game: 'popout-6x5c4', variant: undefined });
    const [matched] = small2.answers;
    expect(matched).toMatchObject({ type: 'matched' });
    const game = await store.getGame((matched as { gameId: string }).gameId);
    expect(game).toMatchObject({ game: 'popout-6x5c4', variant: '6x5c4', status: 'playing' });
    await vi.waitFor(() => {
      expect(small.pushed).toHaveLength(1);
    });
    expect(big.pushed).toEqual([]);
  });

  it('refuses a seek for a game the family does not have, queuing nothing', async () => {
    const s = session();
    await seek(s, { computer: 'never', game: 'five', variant: '7x6' });
    expect(s.answers).toEqual([{ type: 'error', code: 'bad_game' }]);
  });

  it('a waiting seeker is told of the match a later arrival made', async () => {
    const [a, b] = [session(), session()];
    await seek(a, { computer: 'never' });
    expect(a.answers).toEqual([{ type: 'seeking', seekId: expect.any(String) as string }]);
    await seek(b, { computer: 'never' });
    const [matched] = b.answers;
    expect(matched).toMatchObject({ type: 'matched' });
    await vi.waitFor(() => {
      expect(a.pushed).toHaveLength(1);
    });
    const game = (matched as { gameId: string }).gameId;
    expect(a.pushed[0]).toMatchObject({ type: 'matched', gameId: game });
  });

  it('renewal widens the rating range until two far-apart players meet', async () => {
    RATINGS.set('ann-identity', 1500).set('bob-identity', 1800);
    const [a, b] = [session('10.0.0.1'), session('10.0.0.2')];
    await seek(a, { computer: 'never', player: 'ann-identity' });
    await seek(b, { computer: 'never', player: 'bob-identity' });
    expect(b.answers[0]).toMatchObject({ type: 'seeking' });
    // A gap of 300 needs (300 - 150) / 40 = 3.75 s of waiting: not at the first renewal (3 s).
    await vi.advanceTimersByTimeAsync(3_000);
    expect([a.pushed, b.pushed]).toEqual([[], []]);
    await vi.advanceTimersByTimeAsync(3_000);
    await vi.waitFor(() => {
      expect([a.pushed.length, b.pushed.length]).toEqual([1, 1]);
    });
    expect(a.pushed[0]).toMatchObject({ type: 'matched' });
    expect(b.pushed[0]).toMatchObject({
      type: 'matched',
      gameId: (a.pushed[0] as { gameId: string }).gameId,
    });
  });

  it('nobody in time: the computer takes the other seat', async () => {
    const a = session();
    await seek(a);
    await vi.advanceTimersByTimeAsync(BOT_WAIT_MS - 1);
    expect(a.pushed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => {
      expect(a.pushed).toHaveLength(1);
    });
    const game = stored.find((s) => s.id === (a.pushed[0] as { gameId: string }).gameId);
    expect(game?.players?.some((p) => p?.computer !== undefined)).toBe(true);
  });

  it('a cancelled seek, or one whose session went away, is neither paired nor given the computer', async () => {
    const [a, gone, c] = [session(), session(), session()];
    await seek(a);
    await service.cancel(a);
    await seek(gone);
    gone.open = false;
    await service.cancel(gone);
    await seek(c, { computer: 'never' });
    expect(c.answers[0]).toMatchObject({ type: 'seeking' });
    await vi.advanceTimersByTimeAsync(BOT_WAIT_MS * 2);
    expect([a.pushed, gone.pushed, c.pushed]).toEqual([[], [], []]);
    expect(stored).toEqual([]);
  });

  it('a seek cancelled while its renewal is under way leaves no ghost to be paired with', async () => {
    let release: () => void = () => undefined;
    let gate: Promise<void> | undefined;
    const seekInStore = store.seek.bind(store);
    store.seek = async (...args) => {
      await gate;
      return seekInStore(...args);
    };
    const [a, b] = [session(), session()];
    await seek(a, { computer: 'never' });
    gate = new Promise((resolve) => (release = resolve));
    await vi.advanceTimersByTimeAsync(3_000);
    // The renewal now waits on the store; the client cancels meanwhile.
    await service.cancel(a);
    release();
    gate = undefined;
    await vi.advanceTimersByTimeAsync(0);
    await seek(b, { computer: 'never' });
    expect(b.answers[0]).toMatchObject({ type: 'seeking' });
  });

  it('a new seek replaces the session’s last one', async () => {
    const [a, b] = [session(), session()];
    await seek(a, { computer: 'never', variant: '6x5c4' });
    await seek(a, { computer: 'never' });
    await seek(b, { computer: 'never', variant: '6x5c4' });
    expect(b.answers[0]).toMatchObject({ type: 'seeking' });
  });

  it('the game service drafts the games a store transaction makes, with its turn limits', () => {
    const draft = games.draft(
      {
        game: 'classic',
        variant: '7x6c4',
        clock: null,
        seats: ['a', 'b'],
        players: [null, null],
        rated: false,
      },
      T0,
    );
    expect(draft).toMatchObject({
      version: 0,
      status: 'playing',
      limits: { abortMs: 30_000, leaveMs: 90_000 },
      createdAt: T0,
      turnStartedAt: T0,
    });
    expect(draft.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // Nothing is written or told until the store's transaction has made it.
    expect(stored).toEqual([]);
  });

  it('the game service starts a game for two given players: seats two given players in order, rated only when both are named', async () => {
    const ann = { secretHash: hashSecret(newSecret()), player: { id: 'ann', name: 'Ann' } };
    const bob = { secretHash: hashSecret(newSecret()), player: { id: 'bob', name: 'Bob' } };
    const started = await games.start({
      variant: '7x6',
      clock: { initialMs: 60_000, incrementMs: 1_000 },
      rated: true,
      seats: [bob, ann],
    });
    if (!started.ok) throw new Error(started.error.code);
    const state = started.value;
    expect(state).toMatchObject({
      variant: '7x6c4',
      status: 'playing',
      rated: true,
      seats: [bob.secretHash, ann.secretHash],
      players: [bob.player, ann.player],
    });
    expect(await store.getGame(state.id)).toEqual(state);
    expect(stored.map((s) => s.id)).toEqual([state.id]);

    const guest = { secretHash: hashSecret(newSecret()), player: null };
    const refused = (
      seats: readonly [typeof guest | typeof ann, typeof guest | typeof ann],
      variant = '7x6c4',
    ) => games.start({ variant, clock: null, rated: true, seats });
    expect(await refused([ann, guest])).toMatchObject({
      ok: false,
      error: { code: 'identity_required' },
    });
    expect(await refused([ann, ann])).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(await refused([ann, bob], '2x2c9')).toMatchObject({
      ok: false,
      error: { code: 'bad_variant' },
    });
    expect(
      await games.start({ variant: '7x6c4', clock: null, rated: false, seats: [ann, guest] }),
    ).toMatchObject({ ok: true, value: { rated: false } });
  });
});
