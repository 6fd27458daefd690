import {
  Position,
  err,
  ok,
  otherPlayer,
  type GameOutcome,
  type Move,
  type MoveKind,
  type Player,
  type Result,
} from '../../core/index.js';
import {
  ProtocolErrorCode,
  protocolError,
  type ClockSetting,
  type GameResult,
  type ProtocolError,
} from '../../protocol/index.js';
import {
  HANDOVER_MAX_MS,
  abortDeadline,
  flagDeadline,
  leaveDeadline,
  turnOf,
  turnStartOf,
} from './deadlines.js';
import { encodeMove, familyPosition, moveRefusal, resultOf, rulesetOf } from './family.js';
import { seatOfHash } from './same-hash.js';
import { seatIndex, type GameState, type SeatPlayer, type TurnLimits } from './state.js';

export { flagDeadline, turnOf } from './deadlines.js';

/** What a participant (or the server's own timer) asks of a game. */
export type Command =
  | {
      readonly type: 'claim';
      readonly seat: Player | null;
      readonly secretHash: string;
      /** The named player taking the seat, if any. */
      readonly player?: SeatPlayer | null;
    }
  | {
      readonly type: 'move';
      readonly by: Player;
      readonly column: number;
      /** A drop when absent. */
      readonly kind?: MoveKind;
      readonly version: number;
    }
  | { readonly type: 'resign'; readonly by: Player }
  /** The side to move's clock ran out (a no-op until it has). */
  | { readonly type: 'timeout' }
  /** The side to move never made its first move in time (a no-op until its deadline). */
  | { readonly type: 'abort' }
  /**
   * `player`'s seat has had no connection since `awaySince` (as the server saw it): it loses
   * once that lasted the game's leave limit on its turn (a no-op before, or if the rule does
   * not apply).
   */
  | { readonly type: 'leave'; readonly player: Player; readonly awaySince: number }
  | { readonly type: 'rematch'; readonly by: Player; readonly newGameId: string }
  /** The whole service was down from `from` to `to`: that time is not the player's. */
  | { readonly type: 'resume'; readonly from: number; readonly to: number }
  /**
   * The process `player` (the side to move) is connected to began draining at `at`: the time
   * until it is back elsewhere is not the player's (up to `HANDOVER_MAX_MS`).
   */
  | { readonly type: 'handover'; readonly player: Player; readonly at: number }
  /** `player` joined the game again: a handover pending for it ends, its pause given back. */
  | { readonly type: 'returned'; readonly player: Player };

/** What happened, for fan-out, logs and metrics. */
export type GameEvent =
  | { readonly type: 'seated'; readonly seat: Player }
  | { readonly type: 'started' }
  | {
      readonly type: 'moved';
      readonly by: Player;
      readonly column: number;
      readonly kind: MoveKind;
      readonly version: number;
    }
  | { readonly type: 'finished'; readonly result: GameResult }
  | { readonly type: 'rematchOffered'; readonly by: Player }
  | { readonly type: 'rematchAccepted'; readonly gameId: string }
  | { readonly type: 'timeReturned'; readonly ms: number };

export interface Transition {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

export interface NewGame {
  readonly id: string;
  /** Canonical (game/family.ts `canonicalGame`); absent only in tests of older records. */
  readonly game?: string;
  readonly variant: string;
  readonly clock: ClockSetting | null;
  readonly seats: readonly [string | null, string | null];
  readonly previousGameId?: string;
  readonly players?: readonly [SeatPlayer | null, SeatPlayer | null];
  readonly rated?: boolean;
  readonly limits?: TurnLimits;
}

/** A fresh game; it starts (and its clock runs) as soon as both seats are held. */
export function newGame(setup: NewGame, now: number): GameState {
  const full = setup.seats[0] !== null && setup.seats[1] !== null;
  return {
    id: setup.id,
    version: 0,
    ...(setup.game === undefined ? {} : { game: setup.game }),
    variant: setup.variant,
    clock: setup.clock,
    status: full ? 'playing' : 'waiting',
    seats: setup.seats,
    moves: [],
    clocks: full && setup.clock ? startClocks(setup.clock, now) : null,
    ...(full ? { turnStartedAt: now } : {}),
    ...(setup.limits ? { limits: setup.limits } : {}),
    result: null,
    winCells: [],
    rematchOfferedBy: null,
    rematchGameId: null,
    previousGameId: setup.previousGameId ?? null,
    createdAt: now,
    updatedAt: now,
    ...(setup.players ? { players: setup.players } : {}),
    ...(setup.rated === undefined ? {} : { rated: setup.rated }),
  };
}

/**
 * The rematch of a finished game: same settings, sides swapped, both seats already held. It is
 * a new game, so it takes the server's current turn limits when given.
 */
export function rematchOf(
  previous: GameState,
  id: string,
  now: number,
  limits: TurnLimits | undefined = previous.limits,
): GameState {
  return newGame(
    {
      id,
      ...(previous.game === undefined ? {} : { game: previous.game }),
      variant: previous.variant,
      clock: previous.clock,
      seats: [previous.seats[1], previous.seats[0]],
      previousGameId: previous.id,
      ...(previous.players ? { players: [previous.players[1], previous.players[0]] } : {}),
      ...(previous.rated === undefined ? {} : { rated: previous.rated }),
      ...(limits ? { limits } : {}),
    },
    now,
  );
}

const startClocks = (clock: ClockSetting, now: number): GameState['clocks'] => ({
  remainingMs: [clock.initialMs, clock.initialMs],
  turnStartedAt: now,
});

/** Milliseconds `player` has left at `now` (the side to move loses time as it thinks). */
export function remainingAt(state: GameState, player: Player, now: number): number | null {
  if (!state.clocks) return null;
  const base = state.clocks.remainingMs[seatIndex(player)];
  if (state.status !== 'playing' || turnOf(state) !== player) return base;
  return Math.max(0, base - Math.max(0, now - state.clocks.turnStartedAt));
}

const changed = (state: GameState, patch: Partial<GameState>, now: number): GameState => ({
  ...state,
  ...patch,
  version: state.version + 1,
  updatedAt: now,
});

/**
 * The authoritative rules of online play: pure, no I/O, time passed in. An unchanged game is
 * returned as the same object, which tells the caller there is nothing to store.
 */
export function reduce(
  state: GameState,
  command: Command,
  now: number,
): Result<Transition, ProtocolError> {
  switch (command.type) {
    case 'claim':
      return claim(state, command.seat, command.secretHash, now, command.player ?? null);
    case 'move':
      return move(state, command.by, command.column, command.kind ?? 'drop', command.version, now);
    case 'resign':
      return resign(state, command.by, now);
    case 'timeout':
      return timeout(state, now);
    case 'abort':
      return abort(state, now);
    case 'leave':
      return leave(state, command.player, command.awaySince, now);
    case 'rematch':
      return rematch(state, command.by, command.newGameId, now);
    case 'resume':
      return resume(state, command.from, command.to, now);
    case 'handover':
      return handover(state, command.player, command.at, now);
    case 'returned':
      return returned(state, command.player, now);
  }
}

/** Moves the side to move's turn start `ms` later: its clock and first-move window get it back. */
function creditTurn(state: GameState, ms: number): GameState {
  const clocks = state.clocks
    ? { ...state.clocks, turnStartedAt: state.clocks.turnStartedAt + ms }
    : null;
  return { ...state, clocks, turnStartedAt: turnStartOf(state) + ms };
}

/** Without a pending handover (nothing of it given back). */
function withoutHandover(state: GameState): GameState {
  if (state.handover === undefined) return state;
  const rest: { -readonly [K in keyof GameState]?: GameState[K] } = { ...state };
  delete rest.handover;
  return rest as GameState;
}

/**
 * Ends `player`'s pending handover at `now`: the part of its turn from the drain to `now`
 * (at most `HANDOVER_MAX_MS`) is given back. Not a change of its own (no new version): the
 * caller stores it with whatever it does.
 */
function endHandover(state: GameState, player: Player, now: number): GameState {
  const pending = state.handover;
  if (pending?.player !== player) return state;
  const end = Math.min(now, pending.at + HANDOVER_MAX_MS);
  const ms = end - Math.max(pending.at, turnStartOf(state));
  const cleared = withoutHandover(state);
  return ms > 0 && turnOf(state) === player ? creditTurn(cleared, ms) : cleared;
}

function handover(
  state: GameState,
  player: Player,
  at: number,
  now: number,
): Result<Transition, ProtocolError> {
  if (state.status !== 'playing' || turnOf(state) !== player || state.handover) {
    return unchanged(state);
  }
  // Only a running clock or first-move window loses anything to the pause.
  if (!state.clocks && abortDeadline(state) === null) return unchanged(state);
  return ok({ state: changed(state, { handover: { player, at } }, now), events: [] });
}

function returned(
  state: GameState,
  player: Player,
  now: number,
): Result<Transition, ProtocolError> {
  if (state.handover?.player !== player) return unchanged(state);
  const next = endHandover(state, player, now);
  const ms = turnStartOf(next) - turnStartOf(state);
  return ok({
    state: changed(next, {}, now),
    events: ms > 0 ? [{ type: 'timeReturned', ms }] : [],
  });
}

/**
 * Gives the side to move back the part of its turn the server was down for (as lichess does):
 * the turn restarts as if the outage had not happened, for its clock and for its first-move
 * (abort) window alike: nobody could move meanwhile. Otherwise nothing changes.
 */
function resume(
  state: GameState,
  from: number,
  to: number,
  now: number,
): Result<Transition, ProtocolError> {
  if (state.status !== 'playing') return unchanged(state);
  if (!state.clocks && abortDeadline(state) === null) return unchanged(state);
  const ms = to - Math.max(from, turnStartOf(state));
  if (ms <= 0) return unchanged(state);
  const next = creditTurn(state, ms);
  // A handover pending across the outage starts that much later: the outage is given back
  // once, here, and the return gives back only the rest of the pause.
  const handover = state.handover ? { ...state.handover, at: state.handover.at + ms } : undefined;
  return ok({
    state: changed(next, handover ? { handover } : {}, now),
    events: [{ type: 'timeReturned', ms }],
  });
}

const unchanged = (state: GameState): Result<Transition, ProtocolError> =>
  ok({ state, events: [] });

function claim(
  state: GameState,
  wanted: Player | null,
  secretHash: string,
  now: number,
  player: SeatPlayer | null,
): Result<Transition, ProtocolError> {
  if (seatOfHash(state.seats, secretHash) !== null) return unchanged(state);
  // A player never sits on both sides (two tabs or devices of one identity): they watch.
  if (player && state.players?.some((p) => p?.id === player.id)) {
    return err(protocolError(ProtocolErrorCode.SeatTaken, 'you already play in this game'));
  }
  if (state.rated === true && !player) {
    return err(
      protocolError(ProtocolErrorCode.IdentityRequired, 'a rated game needs a player name'),
    );
  }
  const open = ([1, 2] as const).filter((p) => state.seats[seatIndex(p)] === null);
  const seat = wanted === null ? open[0] : open.find((p) => p === wanted);
  if (seat === undefined) {
    return err(protocolError(ProtocolErrorCode.SeatTaken, 'that seat is already taken'));
  }
  const seats: [string | null, string | null] = [state.seats[0], state.seats[1]];
  seats[seatIndex(seat)] = secretHash;
  const players: [SeatPlayer | null, SeatPlayer | null] = [
    state.players?.[0] ?? null,
    state.players?.[1] ?? null,
  ];
  players[seatIndex(seat)] = player;
  const full = seats[0] !== null && seats[1] !== null;
  const next = changed(
    state,
    {
      seats,
      status: full ? 'playing' : 'waiting',
      clocks: full && state.clock ? startClocks(state.clock, now) : null,
      ...(full ? { turnStartedAt: now } : {}),
      ...(players[0] || players[1] ? { players } : {}),
    },
    now,
  );
  return ok({
    state: next,
    events: full ? [{ type: 'seated', seat }, { type: 'started' }] : [{ type: 'seated', seat }],
  });
}

function playable(state: GameState): ProtocolError | undefined {
  if (state.status === 'waiting') {
    return protocolError(ProtocolErrorCode.GameNotStarted, 'waiting for the second player');
  }
  if (state.status === 'finished') {
    return protocolError(ProtocolErrorCode.GameOver, 'the game is over');
  }
  return undefined;
}

function move(
  stored: GameState,
  by: Player,
  column: number,
  kind: MoveKind,
  version: number,
  now: number,
): Result<Transition, ProtocolError> {
  // A move is a return too: a handover its join did not end is ended here.
  const state = stored.status === 'playing' ? endHandover(stored, by, now) : stored;
  const blocked = playable(state);
  if (blocked) return err(blocked);
  if (version !== state.version) {
    return err(
      protocolError(
        ProtocolErrorCode.StaleVersion,
        `the move was made on version ${version} but the game is at version ${state.version}`,
      ),
    );
  }
  if (turnOf(state) !== by) {
    return err(protocolError(ProtocolErrorCode.NotYourTurn, 'it is not your turn'));
  }
  const left = remainingAt(state, by, now);
  if (left !== null && left <= 0) {
    return err(protocolError(ProtocolErrorCode.GameOver, 'your clock has run out'));
  }
  const abortAt = abortDeadline(state);
  if (abortAt !== null && now >= abortAt) {
    return err(protocolError(ProtocolErrorCode.GameOver, 'the first move came too late'));
  }
  const played = playOn(state, { kind, column });
  if (!played.ok) return played;
  const { outcome, code } = played.value;

  let clocks = state.clocks;
  if (clocks && state.clock && left !== null) {
    const remainingMs: [number, number] = [clocks.remainingMs[0], clocks.remainingMs[1]];
    remainingMs[seatIndex(by)] = left + state.clock.incrementMs;
    clocks = { remainingMs, turnStartedAt: now };
  }
  const result = resultOf(outcome);
  const next = changed(
    state,
    {
      moves: [...state.moves, code],
      clocks,
      turnStartedAt: now,
      status: result ? 'finished' : 'playing',
      result,
      winCells: outcome.kind === 'win' ? outcome.cells : [],
    },
    now,
  );
  const moved: GameEvent = { type: 'moved', by, column, kind, version: next.version };
  return ok({ state: next, events: result ? [moved, { type: 'finished', result }] : [moved] });
}

/**
 * The move played on the stored game: the classic game's drops on its fast engine, as always;
 * everything else (a pop anywhere, PopOut, Five-in-a-Row) by the family's rules, which refuse a
 * pop with its own code (`pop_not_allowed`, `pop_illegal`).
 */
function playOn(
  state: GameState,
  move: Move,
): Result<{ outcome: GameOutcome; code: number }, ProtocolError> {
  const ruleset = rulesetOf(state);
  if (!ruleset.ok) return err(protocolError(ProtocolErrorCode.Internal, ruleset.error.message));
  if (ruleset.value.game === 'classic' && move.kind === 'drop') {
    const position = Position.fromMoves(ruleset.value.variant, state.moves);
    if (!position.ok) return err(protocolError(ProtocolErrorCode.Internal, position.error.message));
    const played = position.value.play(move.column);
    if (!played.ok) return err(protocolError(ProtocolErrorCode.IllegalMove, played.error.message));
    const outcome = played.value;
    return ok({
      outcome: outcome.kind === 'draw' ? { kind: 'draw', reason: 'board_full' } : outcome,
      code: move.column,
    });
  }
  const position = familyPosition(state);
  if (!position.ok) return err(protocolError(ProtocolErrorCode.Internal, position.error.message));
  const played = position.value.play(move);
  if (!played.ok) return err(moveRefusal(played.error));
  return ok({ outcome: played.value, code: encodeMove(move) });
}

function finish(state: GameState, result: GameResult, now: number): Transition {
  let clocks = state.clocks;
  if (clocks) {
    const turn = turnOf(state);
    const remainingMs: [number, number] = [clocks.remainingMs[0], clocks.remainingMs[1]];
    remainingMs[seatIndex(turn)] = remainingAt(state, turn, now) ?? 0;
    clocks = { remainingMs, turnStartedAt: now };
  }
  return {
    state: changed(withoutHandover(state), { status: 'finished', result, clocks }, now),
    events: [{ type: 'finished', result }],
  };
}

function resign(state: GameState, by: Player, now: number): Result<Transition, ProtocolError> {
  const blocked = playable(state);
  if (blocked) return err(blocked);
  return ok(finish(state, { kind: 'win', winner: otherPlayer(by), reason: 'resign' }, now));
}

/**
 * Ends the game when the side to move has run out of time; otherwise changes nothing. A side
 * still owing its first move is judged by the abort rule instead (it never played: no loss).
 */
function timeout(state: GameState, now: number): Result<Transition, ProtocolError> {
  if (state.status !== 'playing' || !state.clocks) return unchanged(state);
  if (abortDeadline(state) !== null) return unchanged(state);
  // A pending handover's grace included: the pause may yet be given back.
  const deadline = flagDeadline(state);
  if (deadline === null || now < deadline) return unchanged(state);
  return ok(
    finish(state, { kind: 'win', winner: otherPlayer(turnOf(state)), reason: 'timeout' }, now),
  );
}

/** Aborts the game when the side to move let its first-move deadline pass; else a no-op. */
function abort(state: GameState, now: number): Result<Transition, ProtocolError> {
  const deadline = abortDeadline(state);
  if (deadline === null || now < deadline) return unchanged(state);
  return ok(
    finish(state, { kind: 'aborted', reason: 'no_first_move', player: turnOf(state) }, now),
  );
}

/** The side to move loses by leaving once its leave deadline has passed; else a no-op. */
function leave(
  state: GameState,
  player: Player,
  awaySince: number,
  now: number,
): Result<Transition, ProtocolError> {
  if (state.status !== 'playing' || turnOf(state) !== player) return unchanged(state);
  const deadline = leaveDeadline(state, awaySince);
  if (deadline === null || now < deadline) return unchanged(state);
  return ok(finish(state, { kind: 'win', winner: otherPlayer(player), reason: 'left' }, now));
}

/**
 * Whatever ends the game by itself by `now` (a flag or an abort), applied before any command
 * so a late command meets the game as it already is.
 */
export function settleDue(state: GameState, now: number): Result<Transition, ProtocolError> {
  const flagged = timeout(state, now);
  if (!flagged.ok || flagged.value.state !== state) return flagged;
  return abort(state, now);
}

function rematch(
  state: GameState,
  by: Player,
  newGameId: string,
  now: number,
): Result<Transition, ProtocolError> {
  if (state.status !== 'finished') {
    return err(protocolError(ProtocolErrorCode.GameNotOver, 'a rematch needs a finished game'));
  }
  if (state.rematchGameId !== null || state.rematchOfferedBy === by) return unchanged(state);
  if (state.rematchOfferedBy === null) {
    return ok({
      state: changed(state, { rematchOfferedBy: by }, now),
      events: [{ type: 'rematchOffered', by }],
    });
  }
  return ok({
    state: changed(state, { rematchGameId: newGameId }, now),
    events: [{ type: 'rematchAccepted', gameId: newGameId }],
  });
}
