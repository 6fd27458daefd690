import { err, ok, type Player, type Result } from '../core/index.js';
import { gameChannel, type Bus } from './bus/types.js';
import {
  newGame,
  reduce,
  rematchOf,
  settleDue,
  type Command,
  type GameEvent,
} from './game/reducer.js';
import { canonicalGame } from './game/family.js';
import type { GameState, SeatPlayer, TurnLimits } from './game/state.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import {
  ProtocolErrorCode,
  protocolError,
  type ClockSetting,
  type ProtocolError,
} from '../protocol/index.js';
import { recordPhase } from './phases.js';
import { settleRatings } from './ratings.js';
import { newId } from './secrets.js';
import type { GameStore } from './store/types.js';

/** How often a lost compare-and-set is retried before the client is told `conflict`. */
const CAS_ATTEMPTS = 8;

export interface Executed {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

export interface ServiceDeps {
  readonly store: GameStore;
  readonly bus: Bus;
  readonly now: () => number;
  readonly random: () => number;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** Given to every game this process creates (the abort and leave rules). */
  readonly limits: TurnLimits;
  /** Called with every state this process stored, before it is published. */
  readonly onStored: (state: GameState) => void;
  /**
   * The latest state of a game this process already holds (the hub's, for games with a
   * connection here), tried before reading the store: a move then costs one write instead of
   * a read and a write, which on PostgreSQL is one round trip instead of two. Only a write that
   * the compare-and-set accepts is taken from it; anything else is decided on a fresh read.
   */
  readonly latest?: (id: string) => GameState | undefined;
}

/** One side of a game made for two given players. */
export interface Entrant {
  readonly secretHash: string;
  readonly player: SeatPlayer | null;
}

/** A game between two given players (`GameService.start`). */
export interface GameSetup {
  /** Chosen beforehand when the game is recorded before it is made (a tournament pairing). */
  readonly id?: string;
  /** The game of the family (classic when absent) and its board (the game's own when absent). */
  readonly game?: string;
  readonly variant?: string;
  readonly clock: ClockSetting | null;
  readonly rated: boolean;
  readonly seats: readonly [Entrant, Entrant];
}

/**
 * A new game as a store transaction makes it (quick match, the computer): the seats decided
 * inside the transaction, the variant already canonical. `draft` adds the id, time and limits.
 */
export interface GameDraft {
  readonly game: string;
  readonly variant: string;
  readonly clock: ClockSetting | null;
  readonly seats: readonly [string, string];
  readonly players: readonly [SeatPlayer | null, SeatPlayer | null];
  readonly rated: boolean;
}

/**
 * The authoritative game service: create, load, reduce, compare-and-set, publish. Every game
 * is made here (by link: `create`; between two given players: `start`; inside a quick-match
 * or computer transaction: `draft`, then `made`; a rematch in `execute`), so each gets the
 * same checks, turn limits, metrics and log line. All game writes go through `execute`, so the
 * rules and the version check are applied in exactly one place.
 */
export class GameService {
  constructor(private readonly deps: ServiceDeps) {}

  async create(
    which: { readonly game?: string; readonly variant?: string },
    clock: ClockSetting | null,
    side: Player | 'random',
    secretHash: string,
    who: { player?: SeatPlayer | null; rated?: boolean } = {},
  ): Promise<Result<{ state: GameState; seat: Player }, ProtocolError>> {
    const game = canonicalGame(which.game, which.variant);
    if (!game.ok) return game;
    const player = who.player ?? null;
    if (who.rated === true && !player) {
      return err(
        protocolError(ProtocolErrorCode.IdentityRequired, 'a rated game needs a player name'),
      );
    }
    const seat: Player = side === 'random' ? (this.deps.random() < 0.5 ? 1 : 2) : side;
    const state = newGame(
      {
        id: newId(),
        ...game.value,
        clock,
        seats: seat === 1 ? [secretHash, null] : [null, secretHash],
        ...(player ? { players: seat === 1 ? [player, null] : [null, player] } : {}),
        rated: who.rated === true,
        limits: this.deps.limits,
      },
      this.deps.now(),
    );
    await this.deps.store.insertGame(state);
    this.deps.metrics.gamesCreated.add();
    this.deps.log.info('game created', { game: state.id, rules: state.game, seat });
    return ok({ state, seat });
  }

  /**
   * Starts a game between two given players (seats in the order given, both held, clocks
   * running): for pairings made outside quick match, such as a tournament's. Rated only
   * between two named players. A pairing that names its game beforehand gives `id` (a second
   * start of the same id fails in the store: the game exists once).
   */
  async start(setup: GameSetup): Promise<Result<GameState, ProtocolError>> {
    const game = canonicalGame(setup.game, setup.variant);
    if (!game.ok) return game;
    const [first, second] = setup.seats;
    if (first.secretHash === second.secretHash) {
      return err(protocolError(ProtocolErrorCode.BadMessage, 'a game needs two different seats'));
    }
    if (setup.rated && (!first.player || !second.player)) {
      return err(
        protocolError(ProtocolErrorCode.IdentityRequired, 'a rated game needs two named players'),
      );
    }
    const state = newGame(
      {
        id: setup.id ?? newId(),
        ...game.value,
        clock: setup.clock,
        seats: [first.secretHash, second.secretHash],
        players: [first.player, second.player],
        rated: setup.rated,
        limits: this.deps.limits,
      },
      this.deps.now(),
    );
    await this.deps.store.insertGame(state);
    this.deps.metrics.gamesCreated.add();
    this.deps.log.info('game started', { game: state.id, rules: state.game });
    this.deps.onStored(state);
    return ok(state);
  }

  /** A new game for a store transaction to insert (pure: no write, nothing counted). */
  draft(draft: GameDraft, now: number): GameState {
    return newGame({ id: newId(), ...draft, limits: this.deps.limits }, now);
  }

  /**
   * A game a store transaction made from `draft`: counted and logged; given its state, its
   * watchers (and the computer, if it moves first) hear of it.
   */
  made(
    gameId: string,
    how: 'quick match' | 'computer match',
    fields: Record<string, unknown>,
    state?: GameState,
  ): void {
    this.deps.metrics.gamesCreated.add();
    this.deps.log.info(how, { game: gameId, ...fields });
    if (state) this.deps.onStored(state);
  }

  load(id: string): Promise<GameState | undefined> {
    return this.deps.store.getGame(id);
  }

  /**
   * Applies a command built from the freshest stored state. A lost compare-and-set reloads and
   * rebuilds, so a move made on an old version then fails with `stale_version` instead of
   * overwriting anything. A clock that ran out, or a first move that never came, is settled
   * first.
   */
  async execute(
    id: string,
    build: (state: GameState) => Result<Command, ProtocolError>,
    settleFirst = true,
  ): Promise<Result<Executed, ProtocolError>> {
    let guess = this.deps.latest?.(id);
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      // A state at version v is the one stored at v (each change raises the version by one),
      // so a write built on the held state is right exactly when the compare-and-set takes it.
      const fromGuess = guess !== undefined;
      const stored = guess ?? (await this.deps.store.getGame(id));
      guess = undefined;
      if (!stored) return err(protocolError(ProtocolErrorCode.NotFound, 'no such game'));
      const now = this.deps.now();
      const settled = settleFirst ? settleDue(stored, now) : ok({ state: stored, events: [] });
      if (!settled.ok) return settled;
      let state = settled.value.state;
      const events: GameEvent[] = [...settled.value.events];
      let failure: ProtocolError | undefined;
      const command = build(state);
      if (command.ok) {
        const applied = reduce(state, command.value, now);
        if (applied.ok) {
          state = applied.value.state;
          events.push(...applied.value.events);
        } else {
          failure = applied.error;
        }
      } else {
        failure = command.error;
      }
      if (state === stored) {
        // Refused or nothing to do, judged on a held state that may be behind: read and judge again.
        if (fromGuess) {
          attempt--;
          continue;
        }
        return failure ? err(failure) : ok({ state, events });
      }

      // A rated end carries its rating changes, written in the same transaction (or not at all).
      const rating = events.some((e) => e.type === 'finished')
        ? await settleRatings(this.deps.store, state, now)
        : { state, updates: [] };
      state = rating.state;
      // An accepted rematch is created in the same transaction: no game without its offer.
      const rematch = events.find((e) => e.type === 'rematchAccepted');
      const created = rematch ? rematchOf(state, rematch.gameId, now, this.deps.limits) : undefined;
      if (await this.deps.store.compareAndSet(state, stored.version, rating.updates, created)) {
        this.stored(state, events);
        return failure ? err(failure) : ok({ state, events });
      }
      // A held state that was behind is no conflict: the next attempt reads the store.
      if (fromGuess) attempt--;
      else this.deps.metrics.casConflicts.add();
    }
    return err(protocolError(ProtocolErrorCode.Conflict, 'the game is too busy; try again'));
  }

  /**
   * Ends the game if it is due to end by itself (a flag, an abort), or, given `away`, if that
   * seat has been away on its turn past the leave limit. Called by timers and sweeps on every
   * process: the version check applies each ending once, and a premature call changes nothing.
   */
  settle(
    id: string,
    away?: { readonly player: Player; readonly since: number },
  ): Promise<Result<Executed, ProtocolError>> {
    return this.execute(id, () =>
      ok<Command>(
        away ? { type: 'leave', player: away.player, awaySince: away.since } : { type: 'abort' },
      ),
    );
  }

  private stored(state: GameState, events: readonly GameEvent[]): void {
    for (const event of events) {
      if (event.type === 'moved') this.deps.metrics.moves.add();
      if (event.type === 'finished') {
        this.deps.metrics.gamesFinished.add();
        this.deps.log.info('game finished', {
          game: state.id,
          result: event.result.kind,
          reason: event.result.reason,
          moves: state.moves.length,
        });
      }
      if (event.type === 'rematchAccepted') {
        this.deps.metrics.gamesCreated.add();
        this.deps.log.info('rematch', { game: state.id, rematch: event.gameId });
      }
    }
    const pushing = performance.now();
    this.deps.onStored(state);
    recordPhase('push', pushing);
    const publishing = performance.now();
    this.deps.bus.publish(gameChannel(state.id), { kind: 'game', state }).then(
      () => {
        recordPhase('publish', publishing);
      },
      (e: unknown) => {
        this.deps.log.warn('publish failed', { game: state.id, error: String(e) });
      },
    );
  }

  /**
   * After an outage of the whole service (no process alive from `from` to `to`), every running
   * clock and first-move window gets that time back, before any flag could fall or abort
   * happen for it. Returns the games changed.
   */
  async returnDowntime(from: number, to: number): Promise<number> {
    let changed = 0;
    for (const game of await this.deps.store.listPlaying()) {
      const done = await this.execute(game.id, () => ok({ type: 'resume', from, to }), false);
      if (done.ok && done.value.events.length > 0) changed++;
    }
    return changed;
  }
}
