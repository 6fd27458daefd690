import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/protocol/index.js';
import type { PublicGame } from '../../src/web/online/client.js';
import { OnlineClient, type SocketLike } from '../../src/web/online/client.js';
import {
  ANNOUNCE_AT,
  crossedAnnouncement,
  deadlineOf,
  deadlineText,
  formatSeconds,
  sameDeadline,
  secondsLeft,
} from '../../src/web/online/deadline.js';
import {
  playerName,
  ratingChangeText,
  seatSummary,
  stakesText,
  statusLine,
} from '../../src/web/online/format.js';
import { nameErrorText } from '../../src/web/online/name-errors.js';
import { SAMPLE_GAME } from './online-fixtures.js';

/** Red (a named player) against the computer, rated, Red to make the first move. */
const VS_COMPUTER: PublicGame = {
  ...SAMPLE_GAME,
  moves: [],
  notation: '',
  turn: 1,
  rated: true,
  players: [
    { id: 'player-ada-1', name: 'Ada', rating: 1500, provisional: true },
    {
      id: 'bot:strong',
      name: 'Computer (Strong)',
      computer: 'strong',
      rating: 1620,
      provisional: false,
    },
  ],
};

const finished = (game: PublicGame, result: PublicGame['result']): PublicGame => ({
  ...game,
  status: 'finished',
  turn: null,
  abortAt: null,
  leftAt: null,
  result,
});

describe('online results, per viewer', () => {
  it('says an aborted game is not rated, naming who did not move from each side', () => {
    const aborted = finished(VS_COMPUTER, {
      kind: 'aborted',
      reason: 'no_first_move',
      player: 1,
    });
    expect(statusLine(aborted, 1)).toBe(
      'Aborted: you did not make a first move in time — not rated',
    );
    expect(statusLine(aborted, 2)).toBe(
      'Aborted: your opponent (Red) did not make a first move in time — not rated',
    );
    expect(statusLine(aborted, null)).toBe(
      'Aborted: Red did not make a first move in time — not rated',
    );
  });

  it('says who left the game', () => {
    const left = finished(SAMPLE_GAME, { kind: 'win', winner: 1, reason: 'left' });
    expect(statusLine(left, 1)).toBe('You win: Yellow left the game');
    expect(statusLine(left, 2)).toBe('You lose: Yellow left the game');
    expect(statusLine(left, null)).toBe('Red wins: Yellow left the game');
  });

  it('always says rated or casual', () => {
    expect(stakesText(VS_COMPUTER)).toBe('Rated');
    expect(stakesText(SAMPLE_GAME)).toBe('Casual');
  });
});

describe('the replay’s players', () => {
  it('names both seats, marks the computer once, and gives ratings as the game began', () => {
    expect(seatSummary(VS_COMPUTER, 1)).toBe('Red: Ada, rating 1500?');
    // "Computer (Strong) [computer]" said it twice (and was cut at 1280 px): the name says it.
    expect(seatSummary(VS_COMPUTER, 2)).toBe('Yellow: Computer (Strong), rating 1620');
    expect(playerName(VS_COMPUTER.players[1]!)).toBe('Computer (Strong)');
    // A computer whose name does not say so is still marked.
    expect(playerName({ ...VS_COMPUTER.players[1]!, name: 'Deep Red' })).toBe(
      'Deep Red [computer]',
    );
    expect(playerName({ name: 'Ada' })).toBe('Ada');
    expect(seatSummary(SAMPLE_GAME, 1)).toBe('Red: an unnamed player');
  });

  it('shows a rated game’s change (none for the computer’s seat)', () => {
    const lost: PublicGame = {
      ...finished(VS_COMPUTER, { kind: 'win', winner: 2, reason: 'resign' }),
      ratingChanges: [{ before: 1500, after: 1487.6, provisional: true }, null],
    };
    expect(seatSummary(lost, 1)).toBe('Red: Ada, rating 1500? → 1488? (-12)');
    expect(seatSummary(lost, 2)).toBe('Yellow: Computer (Strong), rating 1620');
    expect(ratingChangeText({ before: 1611.4, after: 1620.2, provisional: false }, false)).toBe(
      '1611 → 1620 (+9)',
    );
    // The deviation fell enough during the game: provisional before, established after.
    expect(ratingChangeText({ before: 1700, after: 1706, provisional: false }, true)).toBe(
      '1700? → 1706 (+6)',
    );
  });
});

describe('abort and leaving countdowns', () => {
  const NOW = 1_000_000;
  const aborting: PublicGame = { ...VS_COMPUTER, abortAt: NOW + 27_000 };

  it('finds the deadline on the side to move, the earlier one when both run', () => {
    expect(deadlineOf(aborting)).toEqual({ kind: 'abort', side: 1, at: NOW + 27_000 });
    const leaving: PublicGame = { ...SAMPLE_GAME, turn: 2, leftAt: NOW + 63_000 };
    expect(deadlineOf(leaving)).toEqual({ kind: 'left', side: 2, at: NOW + 63_000 });
    expect(deadlineOf({ ...aborting, leftAt: NOW + 5_000 })?.kind).toBe('left');
    expect(deadlineOf({ ...aborting, leftAt: NOW + 50_000 })?.kind).toBe('abort');
    expect(deadlineOf(SAMPLE_GAME)).toBeNull();
    // A finished game has no deadline, even if a stale snapshot still carried one.
    expect(deadlineOf({ ...aborting, status: 'finished', turn: null })).toBeNull();
  });

  it('counts whole seconds up, never below zero', () => {
    const deadline = deadlineOf(aborting)!;
    expect(secondsLeft(deadline, NOW)).toBe(27);
    expect(secondsLeft(deadline, NOW + 26_001)).toBe(1);
    expect(secondsLeft(deadline, NOW + 27_000)).toBe(0);
    expect(secondsLeft(deadline, NOW + 40_000)).toBe(0);
    expect(formatSeconds(63)).toBe('63 s');
    expect(formatSeconds(119)).toBe('119 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(185)).toBe('3 min 5 s');
  });

  it('tells the side to move, its opponent and spectators what happens', () => {
    const abort = deadlineOf(aborting)!;
    expect(deadlineText(abort, 1, 27)).toBe(
      'Make your first move within 27 s or the game is aborted',
    );
    expect(deadlineText(abort, 2, 27)).toBe(
      'Your opponent has 27 s to make a first move, or the game is aborted',
    );
    expect(deadlineText(abort, null, 27)).toBe(
      'Red has 27 s to make a first move, or the game is aborted',
    );
    const left = { kind: 'left', side: 2, at: NOW } as const;
    expect(deadlineText(left, 1, 63)).toBe(
      'Opponent has left: you win in 63 s unless they come back',
    );
    expect(deadlineText(left, 2, 63)).toBe('You have left: you lose in 63 s unless you come back');
    expect(deadlineText(left, null, 63)).toBe(
      'Yellow has left: Red wins in 63 s unless Yellow comes back',
    );
    expect(deadlineText(left, 1, 0)).toBe('Time is up: you win');
    expect(deadlineText(left, null, 0)).toBe('Time is up: Red wins');
  });

  it('speaks again only when the count passes a mark, not every second', () => {
    let spoken = 0;
    let before = 90;
    for (let seconds = 89; seconds >= 0; seconds--) {
      if (crossedAnnouncement(before, seconds)) spoken++;
      before = seconds;
    }
    expect(spoken).toBe(ANNOUNCE_AT.length);
    // A tab asleep for a while jumps from 45 to 8: one sentence, not two.
    expect(crossedAnnouncement(45, 8)).toBe(true);
    expect(crossedAnnouncement(30, 29)).toBe(false);
    expect(crossedAnnouncement(31, 30)).toBe(true);
    expect(sameDeadline(deadlineOf(aborting), { kind: 'abort', side: 1, at: NOW + 27_000 })).toBe(
      true,
    );
    expect(sameDeadline(deadlineOf(aborting), null)).toBe(false);
  });

  it('counts down on the server clock the client estimates, like the game clocks', () => {
    const LOCAL = 50_000_000;
    vi.useFakeTimers({ now: LOCAL });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let socket: SocketLike | undefined;
    const client = new OnlineClient({
      url: 'ws://test/ws',
      socket: () => {
        socket = {
          readyState: 1,
          send: () => undefined,
          close: () => undefined,
          onopen: null,
          onclose: null,
          onerror: null,
          onmessage: null,
        };
        return socket;
      },
    });
    socket!.onopen?.({});
    // The server's clock (NOW) is far from this page's (LOCAL); Red must move by NOW + 27 s.
    socket!.onmessage?.({
      data: JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, serverNow: NOW }),
    });
    expect(client.serverNow(LOCAL)).toBe(NOW);
    const deadline = deadlineOf(aborting)!;
    const text = (localNow: number): string =>
      deadlineText(deadline, 1, secondsLeft(deadline, client.serverNow(localNow)));
    expect(text(LOCAL)).toBe('Make your first move within 27 s or the game is aborted');
    expect(text(LOCAL + 17_000)).toBe('Make your first move within 10 s or the game is aborted');
    expect(text(LOCAL + 60_000)).toBe('Time is up: the game is being aborted');
    client.close();
  });
});

describe('name refusals', () => {
  it('says why a name was refused, and when renaming is possible as far as the server says', () => {
    expect(nameErrorText('rename', { code: 'name_taken', message: '"Ada" … is taken' })).toBe(
      'That name (or one too like it) is taken. Try another.',
    );
    expect(
      nameErrorText('rename', {
        code: 'name_too_short',
        message: 'a name needs at least 3 characters',
      }),
    ).toBe('A name needs at least 3 characters.');
    expect(
      nameErrorText('rename', {
        code: 'rename_too_soon',
        message: 'a name can be changed once every 24 hours',
      }),
    ).toBe('You cannot change your name yet: a name can be changed once every 24 hours.');
    expect(nameErrorText('create', { code: 'rate_limited', message: 'x' })).toContain('new names');
    expect(nameErrorText('rename', { code: 'something_new', message: 'odd.' })).toBe('Odd.');
  });
});
