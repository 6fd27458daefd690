import { describe, expect, it } from 'vitest';
import type { PublicGame } from '../../src/protocol/index.js';
import {
  clockFaces,
  connectionText,
  countdown,
  gameModel,
  moveRefusal,
  snapshotChange,
} from '../../src/web/online/game/model.js';
import { SAMPLE_GAME } from './online-fixtures.js';

/** Red has won a rated game between Alice (Red) and Bob (Yellow), who offers a rematch. */
const FINISHED: PublicGame = {
  ...SAMPLE_GAME,
  status: 'finished',
  turn: null,
  moves: [3, 2, 3, 2, 3, 2, 3],
  notation: '4343434',
  result: { kind: 'win', winner: 1, reason: 'connect' },
  rated: true,
  players: [
    { id: 'alice001', name: 'Alice', rating: 1500, provisional: false },
    { id: 'bob00001', name: 'Bob', rating: 1480, provisional: true },
  ],
  ratingChanges: [
    { before: 1500, after: 1516, provisional: false },
    { before: 1480, after: 1460, provisional: true },
  ],
  rematch: { offeredBy: 2, gameId: null },
};

const WAITING: PublicGame = {
  ...SAMPLE_GAME,
  status: 'waiting',
  moves: [],
  notation: '',
  seats: [
    { taken: true, connected: true },
    { taken: false, connected: false },
  ],
};

/** SAMPLE_GAME after Red's third disc, in column 3. */
const MOVED: PublicGame = {
  ...SAMPLE_GAME,
  version: 4,
  moves: [3, 3, 2],
  notation: '443',
  turn: 2,
};

describe('online game controller: what a snapshot shows', () => {
  it('a player to move can drop and resign; a spectator is told they watch', () => {
    const player = gameModel(SAMPLE_GAME, 1);
    expect(player).toMatchObject({
      interactive: true,
      line: 'Your turn',
      disc: 1,
      stakes: 'Casual',
      invite: false,
      resign: true,
      replay: false,
      rematch: { shown: false },
    });
    expect(player.position?.moves.map((m) => m.column)).toEqual([3, 3]);
    expect(player.players.map((p) => p.who)).toEqual(['You (Red)', 'Opponent (Yellow)']);
    expect(gameModel(SAMPLE_GAME, 2)).toMatchObject({ interactive: false, resign: true });
    expect(gameModel(SAMPLE_GAME, null)).toMatchObject({
      interactive: false,
      line: 'Red to move (watching)',
      resign: false,
      players: [{ who: 'Red' }, { who: 'Yellow' }],
    });
  });

  it('a game waiting for the friend shows the invite and the open seat', () => {
    const model = gameModel(WAITING, 1);
    expect(model).toMatchObject({ invite: true, resign: false, interactive: false });
    expect(model.line).toBe('Waiting for your friend to open the link');
    expect(model.players[1]).toMatchObject({ presence: 'open', presenceText: 'open seat' });
    // Nobody watches a game before it starts: no "(watching)".
    expect(gameModel(WAITING, null).line).not.toContain('watching');
  });

  it('a finished rated game shows the winner, the rating changes and the rematch from each side', () => {
    const red = gameModel(FINISHED, 1);
    expect(red).toMatchObject({ line: 'You win: four in a row', disc: 1, stakes: 'Rated' });
    expect(red.players.map((p) => [p.who, p.extra])).toEqual([
      ['Alice', '1500 → 1516 (+16) (you)'],
      ['Bob', '1480? → 1460? (-20)'],
    ]);
    expect(red.rematch).toEqual({ shown: true, label: 'Accept the rematch', disabled: false });
    expect(gameModel(FINISHED, 2).rematch).toEqual({
      shown: true,
      label: 'Rematch offered…',
      disabled: true,
    });
    expect(gameModel(FINISHED, null)).toMatchObject({ replay: true, rematch: { shown: false } });
    const offline: PublicGame = {
      ...FINISHED,
      seats: [FINISHED.seats[0], { taken: true, connected: false }],
    };
    expect(gameModel(offline, 1).players[1]).toMatchObject({
      presence: 'off',
      presenceText: 'offline',
    });
  });
});

describe('online game controller: what a new snapshot says', () => {
  const change = (
    previous: PublicGame | undefined,
    next: PublicGame,
    seat: 1 | 2 | null,
    more = {},
  ) =>
    snapshotChange({
      previous,
      next,
      seat,
      shownLine: previous ? gameModel(previous, seat).line : '',
      line: gameModel(next, seat).line,
      newCountdown: null,
      keepNotice: false,
      ...more,
    });

  it('says a move with the new status line, and nothing when nothing changed', () => {
    expect(change(SAMPLE_GAME, MOVED, 1)).toEqual({
      announce: "Red drops in column 3. Opponent's turn.",
      offer: null,
      clearNotice: true,
      rematch: null,
    });
    expect(change(SAMPLE_GAME, SAMPLE_GAME, 1).announce).toBeNull();
    // A new countdown is said with the line; a refusal's notice outlives the resync after it.
    expect(change(SAMPLE_GAME, SAMPLE_GAME, 1, { newCountdown: '30 s left' }).announce).toBe(
      'Your turn. 30 s left.',
    );
    expect(change(SAMPLE_GAME, MOVED, 1, { keepNotice: true }).clearNotice).toBe(false);
    // The first snapshot: its line is said, nothing is cleared.
    expect(change(undefined, SAMPLE_GAME, 1)).toMatchObject({
      announce: 'Your turn.',
      clearNotice: false,
    });
  });

  it('says a rematch offer once, in words for each viewer, and follows an accepted one', () => {
    const before = { ...FINISHED, rematch: { offeredBy: null, gameId: null } };
    expect(change(before, FINISHED, 1).offer).toBe(
      'Your opponent (Yellow) offers a rematch: press Accept the rematch to play again.',
    );
    expect(change(before, FINISHED, 2).offer).toBe(
      'Rematch offered: waiting for your opponent to accept.',
    );
    expect(change(before, FINISHED, null).offer).toBe('Yellow offers a rematch.');
    expect(change(FINISHED, FINISHED, 1).offer).toBeNull();
    const accepted = { ...FINISHED, rematch: { offeredBy: 2 as const, gameId: 'rematch1' } };
    expect(change(FINISHED, accepted, 1)).toMatchObject({
      offer: null,
      rematch: { follow: true, gameId: 'rematch1' },
    });
    expect(change(FINISHED, accepted, null).rematch).toEqual({ follow: false, gameId: 'rematch1' });
  });
});

describe('online game controller: countdown, clocks, refusals', () => {
  const abort = { kind: 'abort', side: 1, at: 100_000 } as const;

  it('counts down on the server clock and speaks only when it passes a mark', () => {
    expect(countdown(null, 1, 0, 12, true)).toEqual({
      text: null,
      low: false,
      say: null,
      seconds: Infinity,
    });
    const at30 = countdown(abort, 1, 70_500, 31, true);
    expect(at30).toEqual({
      text: 'Make your first move within 30 s or the game is aborted',
      low: false,
      say: 'Make your first move within 30 s or the game is aborted.',
      seconds: 30,
    });
    expect(countdown(abort, 1, 71_500, 30, true).say).toBeNull();
    expect(countdown(abort, null, 91_000, 10, true)).toMatchObject({ low: true, say: null });
    // Just said with the status line: it may read a second over its mark without saying it again.
    const fresh = countdown(abort, null, 69_500, Infinity, false);
    expect(fresh).toMatchObject({ say: null, seconds: 29 });
    expect(countdown(abort, null, 69_600, fresh.seconds, true).say).toBeNull();
  });

  it.each([
    [[null, null], null, ['', ''], [false, false], [false, false]],
    [[65_000, 9_999], 2, ['1:05', '9.9'], [false, true], [false, true]],
    [[0, 120_000], 1, ['0.0', '2:00'], [true, false], [true, false]],
  ] as const)('clocks %j with %s running', (ms, running, texts, runs, lows) => {
    const faces = clockFaces(ms, running);
    expect(faces.map((f) => f.text)).toEqual(texts);
    expect(faces.map((f) => f.running)).toEqual(runs);
    expect(faces.map((f) => f.low)).toEqual(lows);
  });

  it.each([
    { game: SAMPLE_GAME, name: 'in play, Red to move', seat: 1, code: null },
    { game: SAMPLE_GAME, name: 'in play, Red to move', seat: 2, code: 'not_your_turn' },
    { game: SAMPLE_GAME, name: 'in play, Red to move', seat: null, code: 'not_a_seat' },
    { game: WAITING, name: 'waiting', seat: 1, code: 'game_not_started' },
    { game: FINISHED, name: 'finished', seat: 1, code: 'game_over' },
  ] as const)('a drop in a game $name by seat $seat: $code', ({ game, seat, code }) => {
    expect(moveRefusal(game, seat)).toBe(code);
  });

  it.each([
    ['open', ''],
    ['connecting', 'Connecting…'],
    ['reconnecting', 'Connection lost. Reconnecting…'],
    ['closed', 'Connection lost. Reconnecting…'],
    ['incompatible', 'Not connected: this page is older than the server.'],
  ] as const)('connection %s reads %j', (status, text) => {
    expect(connectionText(status)).toBe(text);
  });
});
