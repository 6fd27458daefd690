import type { Player } from '../../core/index.js';
import type { PublicGame, Seat } from './client.js';

/** 5:07 above ten seconds, 9.4 below, so the last seconds read precisely. */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) return (Math.floor(clamped / 100) / 10).toFixed(1);
  const totalSeconds = Math.ceil(clamped / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export const COLOUR: Readonly<Record<Player, string>> = { 1: 'Red', 2: 'Yellow' };

export const sideName = (side: Player, mySeat: Seat | null): string =>
  mySeat === null
    ? COLOUR[side]
    : side === mySeat
      ? `You (${COLOUR[side]})`
      : `Opponent (${COLOUR[side]})`;

/** One line saying where the game stands, from this viewer's point of view. */
export function statusLine(game: PublicGame, mySeat: Seat | null): string {
  if (game.status === 'waiting') {
    return mySeat === null
      ? 'Waiting for the second player'
      : 'Waiting for your friend to open the link';
  }
  const result = game.result;
  if (game.status === 'finished' && result) {
    if (result.kind === 'draw') return 'Draw: the board is full';
    if (result.kind === 'aborted') {
      return `Aborted: ${COLOUR[result.player]} did not move in time (not rated)`;
    }
    const loser = COLOUR[result.winner === 1 ? 2 : 1];
    const how =
      result.reason === 'resign'
        ? `${loser} resigned`
        : result.reason === 'timeout'
          ? `${loser} ran out of time`
          : result.reason === 'left'
            ? `${loser} left the game`
            : 'four in a row';
    if (mySeat === null) return `${COLOUR[result.winner]} wins: ${how}`;
    return result.winner === mySeat ? `You win: ${how}` : `You lose: ${how}`;
  }
  if (game.turn === null) return '';
  if (mySeat === null) return `${COLOUR[game.turn]} to move`;
  return game.turn === mySeat ? 'Your turn' : "Opponent's turn";
}

export const CLOCKS: readonly {
  readonly id: string;
  readonly label: string;
  readonly clock: { initialMs: number; incrementMs: number } | null;
}[] = [
  { id: 'none', label: 'No clock', clock: null },
  { id: '1+0', label: '1 min per side', clock: { initialMs: 60_000, incrementMs: 0 } },
  { id: '3+2', label: '3 min + 2 s per move', clock: { initialMs: 180_000, incrementMs: 2000 } },
  { id: '5+3', label: '5 min + 3 s per move', clock: { initialMs: 300_000, incrementMs: 3000 } },
  { id: '10+5', label: '10 min + 5 s per move', clock: { initialMs: 600_000, incrementMs: 5000 } },
];
