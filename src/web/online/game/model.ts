/**
 * The online game's controller, free of the DOM: from the snapshot shown, this browser's seat
 * and the clocks, what the page shows (`gameModel`), what a new snapshot says and changes
 * (`snapshotChange`), the countdown, the clocks and why a drop is refused. The view
 * (../game-view.ts) keeps the state and the timers; render.ts writes a model into the page.
 */
import {
  GAME_TITLES,
  GamePosition,
  parseRuleset,
  playerToMove,
  type Player,
} from '../../../core/index.js';
import { movesOf } from '../../../protocol/index.js';
import type { ConnectionStatus, PublicGame, Seat } from '../client.js';
import { crossedAnnouncement, deadlineText, secondsLeft, type Deadline } from '../deadline.js';
import {
  COLOUR,
  formatClock,
  playerName,
  ratingChangeText,
  sideName,
  stakesText,
  statusLine,
} from '../format.js';
import { ratingText } from '../identity.js';

/** The game as the rules core reads it: its member of the family (`game`), pops included. */
export const positionOf = (game: PublicGame): GamePosition | undefined => {
  const ruleset = parseRuleset(game.game);
  if (!ruleset.ok) return undefined;
  const position = GamePosition.fromMoves(ruleset.value, movesOf(game));
  return position.ok ? position.value : undefined;
};

/** "PopOut" or "Five-in-a-Row" for a game of the family; null for the classic game. */
export function familyTitle(game: Pick<PublicGame, 'game'>): string | null {
  const ruleset = parseRuleset(game.game);
  return ruleset.ok && ruleset.value.game !== 'classic' ? GAME_TITLES[ruleset.value.game] : null;
}

/** One player's line: name, rating and "(you)", presence. */
export interface PlayerLine {
  readonly side: Player;
  readonly who: string;
  /** The rating (or its change once rated) and "(you)", '' when there is nothing to add. */
  readonly extra: string;
  readonly presence: 'open' | 'on' | 'off';
  readonly presenceText: string;
}

/** What the page shows for one snapshot seen from one seat (null: watching). */
export interface GameModel {
  readonly position: GamePosition | undefined;
  /** Whether the board takes clicks: this seat's turn in a game in play. */
  readonly interactive: boolean;
  readonly line: string;
  /** The disc beside the status line: the winner, or the side to move. */
  readonly disc: Player | null;
  readonly stakes: string;
  readonly rated: boolean;
  /** Side 1's line, then side 2's. */
  readonly players: readonly [PlayerLine, PlayerLine];
  readonly invite: boolean;
  readonly resign: boolean;
  readonly replay: boolean;
  readonly rematch: { readonly shown: boolean; readonly label: string; readonly disabled: boolean };
}

export function gameModel(game: PublicGame, seat: Seat | null): GameModel {
  const finished = game.status === 'finished';
  const offered = game.rematch.offeredBy;
  const playerLine = (side: Player): PlayerLine => {
    const info = game.seats[side - 1]!;
    const named = game.players[side - 1];
    const change = game.ratingChanges?.[side - 1];
    const rating = change
      ? ratingChangeText(change, named?.provisional)
      : ratingText(named?.rating, named?.provisional);
    const presenceText = !info.taken ? 'open seat' : info.connected ? 'online' : 'offline';
    return {
      side,
      who: named ? playerName(named) : sideName(side, seat),
      extra: named ? [rating, side === seat ? '(you)' : ''].filter(Boolean).join(' ') : '',
      presence: !info.taken ? 'open' : info.connected ? 'on' : 'off',
      presenceText,
    };
  };
  return {
    position: positionOf(game),
    interactive: seat !== null && game.status === 'playing' && game.turn === seat,
    line:
      seat === null && game.status !== 'waiting'
        ? `${statusLine(game, seat)} (watching)`
        : statusLine(game, seat),
    disc: game.result?.kind === 'win' ? game.result.winner : game.turn,
    // A game of the family says which one beside its stakes ("PopOut · Casual").
    stakes:
      familyTitle(game) === null ? stakesText(game) : `${familyTitle(game)} · ${stakesText(game)}`,
    rated: game.rated,
    players: [playerLine(1), playerLine(2)],
    invite: game.status === 'waiting',
    resign: seat !== null && game.status === 'playing',
    replay: finished,
    rematch: {
      shown: finished && seat !== null,
      label:
        offered === null
          ? 'Offer a rematch'
          : offered === seat
            ? 'Rematch offered…'
            : 'Accept the rematch',
      disabled: offered !== null && offered === seat,
    },
  };
}

/** What showing `next` after `previous` does besides drawing it. */
export interface SnapshotChange {
  /** Said to a screen reader: the move, the status line and a new countdown; null: nothing new. */
  readonly announce: string | null;
  /** A rematch offer, said in words at the board. */
  readonly offer: string | null;
  /** A new move clears the last notice, unless it explains a refusal this snapshot follows. */
  readonly clearNotice: boolean;
  /** Both accepted: a player follows to the rematch, a spectator is offered a link to it. */
  readonly rematch: { readonly follow: boolean; readonly gameId: string } | null;
}

export function snapshotChange(input: {
  readonly previous: PublicGame | undefined;
  readonly next: PublicGame;
  readonly seat: Seat | null;
  /** The status line shown before, and the one `next` shows. */
  readonly shownLine: string | null;
  readonly line: string;
  /** The countdown's text, when `next` brings a deadline not shown before; else null. */
  readonly newCountdown: string | null;
  /** The last notice explains a refusal that this snapshot (the server's resync) follows. */
  readonly keepNotice: boolean;
}): SnapshotChange {
  const { previous, next, seat, line, newCountdown } = input;
  const moved = previous !== undefined && next.moves.length === previous.moves.length + 1;
  let announce: string | null = null;
  if (line !== input.shownLine || moved || newCountdown !== null) {
    const last = next.moves[next.moves.length - 1];
    const mover: Player = playerToMove(next.moves.length - 1);
    const popped = next.pops.includes(next.moves.length - 1);
    const move =
      moved && last !== undefined
        ? popped
          ? `${COLOUR[mover]} popped column ${last + 1}. `
          : `${COLOUR[mover]} drops in column ${last + 1}. `
        : '';
    announce = `${move}${line}.${newCountdown !== null ? ` ${newCountdown}.` : ''}`;
  }
  const offered = next.rematch.offeredBy;
  const offer =
    offered !== null && previous?.rematch.offeredBy !== offered && !next.rematch.gameId
      ? offered === seat
        ? 'Rematch offered: waiting for your opponent to accept.'
        : seat === null
          ? `${COLOUR[offered]} offers a rematch.`
          : `Your opponent (${COLOUR[offered]}) offers a rematch: press Accept the rematch to play again.`
      : null;
  return {
    announce,
    offer,
    clearNotice:
      previous !== undefined && previous.moves.length < next.moves.length && !input.keepNotice,
    rematch: next.rematch.gameId ? { follow: seat !== null, gameId: next.rematch.gameId } : null,
  };
}

/** A countdown just announced may first read a second above its mark (the clock offset). */
const FRESH_DEADLINE_S = 2;

/** The abort or leaving countdown as shown, and the count it speaks from next time. */
export interface Countdown {
  /** null: no deadline runs. */
  readonly text: string | null;
  readonly low: boolean;
  /** Said now: the count has just passed one of the marks (60, 30, 10 s). */
  readonly say: string | null;
  /** The count to compare the next one with (`lastSeconds` of the next call). */
  readonly seconds: number;
}

/**
 * The countdown on the estimated server clock. `speak` false: the deadline is new and said with
 * the status line, so its marks stay silent a moment (it may first show 31 s for the 30 s mark)
 * lest they cover that announcement; later snapshots never move the count back up.
 */
export function countdown(
  deadline: Deadline | null,
  seat: Seat | null,
  serverNow: number,
  lastSeconds: number,
  speak: boolean,
): Countdown {
  if (!deadline) return { text: null, low: false, say: null, seconds: Infinity };
  const seconds = secondsLeft(deadline, serverNow);
  const text = deadlineText(deadline, seat, seconds);
  return {
    text,
    low: seconds <= 10,
    say: speak && crossedAnnouncement(lastSeconds, seconds) ? `${text}.` : null,
    seconds: speak ? Math.min(lastSeconds, seconds) : seconds - FRESH_DEADLINE_S,
  };
}

export interface ClockFace {
  readonly text: string;
  readonly running: boolean;
  /** Under ten seconds. */
  readonly low: boolean;
}

/** Each side's clock from its milliseconds left (null: an untimed game) and the side running. */
export function clockFaces(
  remainingMs: readonly [number | null, number | null],
  running: Player | null | undefined,
): [ClockFace, ClockFace] {
  const face = (ms: number | null, side: Player): ClockFace => ({
    text: ms === null ? '' : formatClock(ms),
    running: running === side,
    low: ms !== null && ms < 10_000,
  });
  return [face(remainingMs[0], 1), face(remainingMs[1], 2)];
}

/** Why a drop by `seat` is refused before it is sent, or null when it may go to the server. */
export function moveRefusal(
  game: PublicGame,
  seat: Seat | null,
): 'not_a_seat' | 'game_not_started' | 'game_over' | 'not_your_turn' | null {
  if (seat === null) return 'not_a_seat';
  if (game.status !== 'playing')
    return game.status === 'waiting' ? 'game_not_started' : 'game_over';
  if (game.turn !== seat) return 'not_your_turn';
  return null;
}

/** The connection line above the players: empty while connected. */
export const connectionText = (status: ConnectionStatus): string =>
  status === 'open'
    ? ''
    : status === 'connecting'
      ? 'Connecting…'
      : status === 'incompatible'
        ? 'Not connected: this page is older than the server.'
        : 'Connection lost. Reconnecting…';
