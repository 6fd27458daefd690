import { err, ok } from '../../core/index.js';
import { decodeMove, gameTextOf } from '../game/family.js';
import { turnOf } from '../game/reducer.js';
import { seatIndex, type GameState } from '../game/state.js';
import type { GameService } from '../games.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/types.js';
import { ProtocolErrorCode, protocolError } from '../../protocol/index.js';
import { isComputer } from '../ratings.js';
import type { LoadGauge } from './load-gauge.js';
import { QueueFull, type BotPool } from './pool.js';

/** Games waiting for the computer are re-read this often (a busy pool, a lost message). */
const POLL_MS = 2000;

/**
 * While the event loop is saturated the computer's move waits in steps of `DEFER_STEP_MS`, at
 * most `MAX_DEFER_MS` in all: human games keep the loop, and a computer game only slows down.
 */
const DEFER_STEP_MS = 50;
export const MAX_DEFER_MS = 2000;

/**
 * Plays the computer's seats. The computer is a seat like any other: its move goes through
 * `GameService.execute` with the version it was computed on, so a move computed twice (two
 * processes, a retry) is applied once and a crash mid-think loses nothing: whichever process
 * next sees the game (a restart resumes every unfinished computer game, a join watches it)
 * thinks again.
 */
export class BotRunner {
  private readonly watched = new Map<string, GameState | undefined>();
  /** `gameId:version` being thought about. */
  private readonly thinking = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly deps: {
      readonly service: GameService;
      readonly store: Pick<GameStore, 'playingComputerGames'>;
      readonly pool: BotPool;
      readonly log: Logger;
      readonly minMoveMs?: number;
      /** The process's load: the computer's moves wait while it is busy. */
      readonly load?: LoadGauge;
      /** Hooks for fault tests: called when a think starts. */
      readonly onThink?: (gameId: string, version: number) => void;
    },
  ) {
    this.timer = setInterval(() => {
      this.poll();
    }, POLL_MS);
    this.timer.unref();
  }

  /** Resumes every unfinished game with the computer in it (after a restart). */
  async resume(): Promise<number> {
    const games = await this.deps.store.playingComputerGames();
    for (const game of games) this.update(game);
    return games.length;
  }

  /** A state stored or heard of: watch it if the computer plays in it, move if its turn. */
  update(state: GameState): void {
    if (this.closed || !state.players?.some(isComputer)) return;
    if (state.status === 'finished') {
      this.watched.delete(state.id);
      return;
    }
    const known = this.watched.get(state.id);
    if (known && known.version > state.version) return;
    const seat = turnOf(state);
    // Only games waiting for the computer are kept and polled: a human's move reaches the
    // process that stores it (or the one the human is joined on), which then plays the reply.
    // So games a human abandoned cost nothing.
    if (state.status !== 'playing' || !isComputer(state.players[seatIndex(seat)])) {
      this.watched.delete(state.id);
      return;
    }
    this.watched.set(state.id, state);
    const key = `${state.id}:${state.version}`;
    if (this.thinking.has(key)) return;
    this.thinking.add(key);
    void this.think(state).finally(() => this.thinking.delete(key));
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private async think(state: GameState): Promise<void> {
    const seat = turnOf(state);
    const level = state.players?.[seatIndex(seat)]?.computer ?? 'beginner';
    this.deps.onThink?.(state.id, state.version);
    const started = Date.now();
    let code: number;
    try {
      code = await this.deps.pool.choose({
        game: gameTextOf(state),
        variant: state.variant,
        moves: state.moves,
        level,
      });
    } catch (error) {
      // Busy or failed: the next poll tries again; nothing was written.
      if (!(error instanceof QueueFull)) {
        this.deps.log.warn('computer move failed', { game: state.id, error: String(error) });
      }
      return;
    }
    const rest = (this.deps.minMoveMs ?? 0) - (Date.now() - started);
    if (rest > 0) await sleep(rest);
    for (let waited = 0; this.deps.load?.busy && waited < MAX_DEFER_MS; waited += DEFER_STEP_MS) {
      if (this.closed) return;
      await sleep(DEFER_STEP_MS);
    }
    if (this.closed) return;
    const result = await this.deps.service.execute(state.id, (current) =>
      current.version === state.version
        ? ok({ type: 'move', by: seat, ...decodeMove(code), version: state.version })
        : err(protocolError(ProtocolErrorCode.StaleVersion, 'the game moved on')),
    );
    if (result.ok) this.update(result.value.state);
  }

  private poll(): void {
    for (const id of this.watched.keys()) {
      this.deps.service
        .load(id)
        .then((state) => {
          if (state) this.update(state);
          else this.watched.delete(id);
        })
        .catch(() => undefined);
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
