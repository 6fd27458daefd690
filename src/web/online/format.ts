import { parseVariant, type Player } from '../../core/index.js';
import type { RatingDelta } from '../../protocol/index.js';
import type { PublicGame, Seat } from './client.js';
import { ratingText } from './identity.js';

/** 5:07 above ten seconds, 9.4 below, so the last seconds read precisely. */
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) return (Math.floor(clamped / 100) / 10).toFixed(1);
  const totalSeconds = Math.ceil(clamped / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

import { COLOUR } from '../state/colours.js';
export { COLOUR };

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
    if (result.kind === 'draw') {
      if (result.reason === 'repetition') return 'Draw: the same position came up a third time';
      if (result.reason === 'no_legal_move') return 'Draw: no legal move for the side to move';
      return 'Draw: the board is full';
    }
    if (result.kind === 'aborted') {
      const who =
        mySeat === null
          ? COLOUR[result.player]
          : result.player === mySeat
            ? 'you'
            : `your opponent (${COLOUR[result.player]})`;
      return `Aborted: ${who} did not make a first move in time — not rated`;
    }
    const loser = COLOUR[result.winner === 1 ? 2 : 1];
    const how =
      result.reason === 'resign'
        ? `${loser} resigned`
        : result.reason === 'timeout'
          ? `${loser} ran out of time`
          : result.reason === 'left'
            ? `${loser} left the game`
            : lineText(game.variant);
    if (mySeat === null) return `${COLOUR[result.winner]} wins: ${how}`;
    return result.winner === mySeat ? `You win: ${how}` : `You lose: ${how}`;
  }
  if (game.turn === null) return '';
  if (mySeat === null) return `${COLOUR[game.turn]} to move`;
  return game.turn === mySeat ? 'Your turn' : "Opponent's turn";
}

const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** "three in a row" on a connect-3 board, "five in a row" on connect 5: never a fixed "four". */
export function lineText(variant: string): string {
  const parsed = parseVariant(variant);
  const connect = parsed.ok ? parsed.value.connect : 4;
  return `${NUMBER_WORDS[connect] ?? String(connect)} in a row`;
}

/** Said on every game's header and replay: whether the result counts for the ratings. */
export const stakesText = (game: Pick<PublicGame, 'rated'>): string =>
  game.rated ? 'Rated' : 'Casual';

/**
 * A seat's name as everyone sees it; the computer is always marked as one, once: the server's
 * "Computer (Strong)" says it already ("… [computer]" said it twice).
 */
export const playerName = (player: {
  readonly name: string;
  readonly computer?: string | null | undefined;
}): string =>
  player.computer === undefined || player.computer === null || /^computer\b/i.test(player.name)
    ? player.name
    : `${player.name} [computer]`;

/** "1500? → 1488? (-12)": a rated game's change, rounded as the ratings are shown. */
export function ratingChangeText(change: RatingDelta, provisionalBefore?: boolean): string {
  const delta = Math.round(change.after) - Math.round(change.before);
  const before = ratingText(change.before, provisionalBefore ?? change.provisional);
  return `${before} → ${ratingText(change.after, change.provisional)} (${delta >= 0 ? '+' : ''}${delta})`;
}

/**
 * What the replay says about one seat: who sat there, the rating they brought (the one the
 * game began with), and its change if the game was rated. In parts, so the page can link the
 * name; `seatSummary` is the sentence.
 */
export function seatParts(
  game: PublicGame,
  side: Player,
): { readonly colour: string; readonly who: string; readonly rating: string } {
  const player = game.players[side - 1] ?? null;
  const change = game.ratingChanges?.[side - 1] ?? null;
  const rating = change
    ? `, rating ${ratingChangeText(change, player?.provisional)}`
    : player?.rating === undefined
      ? ''
      : `, rating ${ratingText(player.rating, player.provisional)}`;
  return {
    colour: COLOUR[side],
    who: player ? playerName(player) : 'an unnamed player',
    rating,
  };
}

export const seatSummary = (game: PublicGame, side: Player): string => {
  const { colour, who, rating } = seatParts(game, side);
  return `${colour}: ${who}${rating}`;
};

/**
 * The quick-match wait before the computer plays, as the lobby says it: "after 4 s", "after
 * 2 min", "at once"; "after a short wait" until the server has said how long.
 */
export function computerWaitText(ms: number | undefined): string {
  if (ms === undefined) return 'after a short wait';
  const seconds = Math.round(ms / 1000);
  return seconds === 0 ? 'at once' : `after ${secondsText(seconds)}`;
}

/** "45 s", "1 min", "2 min 5 s". */
const secondsText = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes} min${rest === 0 ? '' : ` ${rest} s`}`;
};

/**
 * The quick-match wait as it goes, redrawn each second under the status: the seconds until the
 * computer takes the other seat (`computerAfterMs`, the server's wait), or, for a seek that
 * waits for a human only (or a server that did not say its wait), the time waited so far.
 */
export function seekWaitText(
  waitedMs: number,
  computerAfterMs: number | undefined,
  humanOnly: boolean,
): string {
  if (humanOnly || computerAfterMs === undefined) {
    return `Waited ${secondsText(Math.floor(Math.max(0, waitedMs) / 1000))} so far.`;
  }
  const left = Math.ceil((computerAfterMs - waitedMs) / 1000);
  return left > 0
    ? `The computer plays you in ${secondsText(left)} if nobody comes.`
    : 'Nobody came: the computer is taking the other seat…';
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
