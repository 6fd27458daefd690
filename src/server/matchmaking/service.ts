import type { Player } from '../../core/index.js';
import { seekChannel, type Bus, type BusMessage } from '../bus/types.js';
import type { SeatPlayer } from '../game/state.js';
import { canonicalGame } from '../game/family.js';
import type { GameService } from '../games.js';
import type { Logger } from '../log.js';
import type { Metrics } from '../metrics.js';
import type { PlayerService } from '../player-service.js';
import type { ClientMessage, ClockSetting } from '../../protocol/index.js';
import { hashSecret, newId } from '../secrets.js';
import { seatPlayerFor, type Answer, type Session } from '../session.js';
import type { GameStore, SeekOutcome } from '../store/types.js';
import { FARM_LIMIT, closeRatings, computerFor, poolOf } from './partners.js';

/**
 * How long a quick-match seek lives: a waiting one unless renewed, a matched one so that a
 * player who reconnects finds the game again, a straight-to-the-computer one until resolved.
 */
export const SEEK_TTL_MS = 30_000;
/** Waiting seeks are renewed and re-paired this often (the rating range widens meanwhile). */
const SEEK_RENEW_MS = 3_000;

export interface MatchmakingDeps {
  readonly store: GameStore;
  readonly bus: Bus;
  readonly players: PlayerService;
  readonly now: () => number;
  readonly random: () => number;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** Makes the games (the store's transactions insert them). */
  readonly games: Pick<GameService, 'draft' | 'made'>;
  /** Quick match offers the computer after this long without a human. */
  readonly botWaitMs: number;
}

type SeekMessage = Extract<ClientMessage, { type: 'seek' }>;

/** What a seeker asked for, checked. */
interface Wish {
  readonly session: Session;
  /** Canonical, as `canonicalGame` gives them. */
  readonly game: string;
  readonly variant: string;
  readonly clock: ClockSetting | null;
  readonly secretHash: string;
  readonly player: SeatPlayer | null;
  /** The seeker's choice; the game is rated only if it is true and both seats are named. */
  readonly rated: boolean;
  /** Since when the seeker has waited: the rating range widens with it. */
  readonly since: number;
}

/** A seek waiting on this process. */
interface Waiting extends Wish {
  readonly seekId: string;
  computerTimer: NodeJS.Timeout | undefined;
}

/**
 * Quick match: pairs seekers (by rating, the range widening as they wait), renews the seeks
 * that wait on this process, offers the computer when nobody came in time, and tells a seeker
 * of the match however it was made (here, by a later arrival, or on another process via the
 * bus). One seek per session: a new one replaces the last. The games themselves are made by
 * `GameService` (`draft` inside the store's transaction, then `made`).
 */
export class Matchmaking {
  private readonly waiting = new Map<string, Waiting>();
  private readonly bySession = new Map<Session, string>();
  private readonly renewTimer: NodeJS.Timeout;

  constructor(private readonly deps: MatchmakingDeps) {
    deps.bus.onMessage((channel, message) => {
      this.onBus(channel, message);
    });
    this.renewTimer = setInterval(() => {
      for (const seekId of this.waiting.keys()) {
        this.recheck(seekId).catch((e: unknown) => {
          this.deps.log.warn('seek renewal failed', { error: String(e) });
        });
      }
    }, SEEK_RENEW_MS);
    this.renewTimer.unref();
  }

  /** Handles a `seek`: answers `matched` or `seeking`; a later match is pushed to the session. */
  async seek(session: Session, message: SeekMessage, answer: Answer): Promise<void> {
    // A session seeking with fresh secrets can never be paired with itself.
    await this.cancel(session);
    const game = canonicalGame(message.game, message.variant);
    if (!game.ok) {
      answer.fail(game.error);
      return;
    }
    const player = await seatPlayerFor(this.deps.players, message.player, game.value.game);
    if (!player.ok) {
      answer.fail(player.error);
      return;
    }
    const wish: Wish = {
      session,
      ...game.value,
      clock: message.clock,
      secretHash: hashSecret(message.secret),
      player: player.value,
      rated: message.rated ?? true,
      since: this.deps.now(),
    };
    const computer = message.computer ?? 'fallback';
    if (computer === 'now') {
      const game = await this.computerNow(wish);
      if (game?.kind === 'matched') {
        answer.reply({ type: 'matched', gameId: game.gameId, seat: game.seat });
      }
      return;
    }
    const outcome = await this.pair(wish);
    if (outcome.kind === 'matched') {
      answer.reply({ type: 'matched', gameId: outcome.gameId, seat: outcome.seat });
      return;
    }
    const { seekId } = outcome;
    const waiting: Waiting = { ...wish, seekId, computerTimer: undefined };
    this.waiting.set(seekId, waiting);
    this.bySession.set(session, seekId);
    await this.deps.bus.subscribe(seekChannel(seekId));
    answer.reply({ type: 'seeking', seekId });
    if (computer === 'fallback') {
      waiting.computerTimer = setTimeout(() => {
        this.offerComputer(seekId).catch((e: unknown) => {
          this.deps.log.warn('computer match failed', { error: String(e) });
        });
      }, this.deps.botWaitMs);
      waiting.computerTimer.unref();
    }
    // A partner who arrived before we listened would otherwise go unnoticed until renewal.
    await this.recheck(seekId);
  }

  /** Withdraws the session's seek, if it has one still waiting. */
  async cancel(session: Session): Promise<void> {
    const seekId = this.bySession.get(session);
    if (seekId === undefined) return;
    this.end(seekId);
    await this.deps.store.cancelSeek(seekId);
  }

  close(): void {
    clearInterval(this.renewTimer);
    for (const seekId of [...this.waiting.keys()]) this.end(seekId);
  }

  /**
   * Queues the wish or pairs it; a waiting partner is told over the bus. A named player is
   * paired by rating and the game is rated when both are named, unless the two already played
   * `FARM_LIMIT` rated games today from one address. A casual seek (`rated: false`) has a pool
   * of its own. Asked again for a waiting seek, this renews it.
   */
  private async pair(wish: Wish): Promise<SeekOutcome> {
    const now = this.deps.now();
    const { game, variant, clock, player } = wish;
    const pool = poolOf(game, clock, wish.rated);
    const outcome = await this.deps.store.seek(
      {
        id: newId(),
        pool,
        secretHash: wish.secretHash,
        now,
        expiresAt: now + SEEK_TTL_MS,
        player,
        address: wish.session.address,
      },
      (waitingHash, arrivingHash, partnerSeek, context) => {
        const waitingFirst = this.deps.random() < 0.5;
        const partner = partnerSeek.player;
        return this.deps.games.draft(
          {
            game,
            variant,
            clock,
            seats: waitingFirst ? [waitingHash, arrivingHash] : [arrivingHash, waitingHash],
            players: waitingFirst ? [partner, player] : [player, partner],
            rated:
              wish.rated &&
              partner !== null &&
              player !== null &&
              context.recentRatedGames < FARM_LIMIT,
          },
          now,
        );
      },
      closeRatings(now, wish.since),
    );
    if (outcome.kind === 'matched' && outcome.partnerSeekId !== null) {
      this.deps.games.made(outcome.gameId, 'quick match', { pool });
      await this.deps.bus.publish(seekChannel(outcome.partnerSeekId), {
        kind: 'matched',
        seekId: outcome.partnerSeekId,
        gameId: outcome.gameId,
        seat: outcome.partnerSeat,
      });
    }
    return outcome;
  }

  /** Straight to the computer: a seek in a pool of its own that no human can take. */
  private async computerNow(wish: Wish): Promise<SeekOutcome | undefined> {
    const now = this.deps.now();
    const seek = await this.deps.store.seek(
      {
        id: newId(),
        pool: `computer/${newId()}`,
        secretHash: wish.secretHash,
        now,
        expiresAt: now + SEEK_TTL_MS,
      },
      () => {
        throw new Error('a computer seek is never paired');
      },
    );
    return this.withComputer(seek.seekId, wish);
  }

  /** No human came in time: the computer takes the other seat (unless a human just did). */
  private async offerComputer(seekId: string): Promise<void> {
    const waiting = this.waiting.get(seekId);
    if (!waiting?.session.open) return;
    const game = await this.withComputer(seekId, waiting);
    if (game?.kind === 'matched' && this.end(seekId)) {
      this.matched(waiting.session, game.gameId, game.seat);
    }
  }

  /**
   * Gives a waiting seek the computer as opponent (sides at random), unless a human took it
   * first. Rated for a named player (the computer's rating is anchored on the measured
   * ladder) unless the seek asked for a casual game.
   */
  private async withComputer(seekId: string, wish: Wish): Promise<SeekOutcome | undefined> {
    const now = this.deps.now();
    const computer = computerFor(wish.game, wish.player);
    // Set in the store's transaction, which TypeScript cannot see run.
    const drafted = { here: false };
    const outcome = await this.deps.store.seekComputer(seekId, now, (secretHash) => {
      const humanFirst = this.deps.random() < 0.5;
      drafted.here = true;
      const state = this.deps.games.draft(
        {
          game: wish.game,
          variant: wish.variant,
          clock: wish.clock,
          seats: humanFirst ? [secretHash, computer.id] : [computer.id, secretHash],
          players: humanFirst ? [wish.player, computer] : [computer, wish.player],
          rated: wish.rated && wish.player !== null,
        },
        now,
      );
      return { state, seat: humanFirst ? 1 : 2 };
    });
    // A human who took the seek first made a quick-match game, counted where it was made.
    if (outcome?.kind === 'matched' && drafted.here) {
      // Its watchers (and the computer, if it moves first) hear of it.
      const state = await this.deps.store.getGame(outcome.gameId);
      if (state) {
        this.deps.games.made(state.id, 'computer match', { level: computer.computer }, state);
      }
    }
    return outcome;
  }

  /** Renews a waiting seek, which may pair it now. */
  private async recheck(seekId: string): Promise<void> {
    const waiting = this.waiting.get(seekId);
    if (!waiting?.session.open) return;
    const again = await this.pair(waiting);
    if (!this.waiting.has(seekId) && again.kind === 'waiting') {
      // Cancelled while this renewal was under way, which then queued the seek afresh: a ghost
      // that someone could be paired with. Withdraw it too.
      await this.deps.store.cancelSeek(again.seekId);
      return;
    }
    if (again.kind === 'matched' && this.end(seekId)) {
      this.matched(waiting.session, again.gameId, again.seat);
    }
  }

  /** Forgets a seek waiting here; false when it was already forgotten. */
  private end(seekId: string): boolean {
    const waiting = this.waiting.get(seekId);
    if (!waiting) return false;
    clearTimeout(waiting.computerTimer);
    this.waiting.delete(seekId);
    if (this.bySession.get(waiting.session) === seekId) this.bySession.delete(waiting.session);
    this.deps.bus.unsubscribe(seekChannel(seekId)).catch(() => undefined);
    return true;
  }

  private matched(session: Session, gameId: string, seat: Player): void {
    session.push({ type: 'matched', gameId, seat });
  }

  /** A later arrival paired a seek waiting here (on this process or another). */
  private onBus(channel: string, message: BusMessage): void {
    if (message.kind !== 'matched' || channel !== seekChannel(message.seekId)) return;
    const waiting = this.waiting.get(message.seekId);
    if (!waiting || !this.end(message.seekId)) return;
    this.matched(waiting.session, message.gameId, message.seat);
  }
}
