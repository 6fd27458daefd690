import { isClassic, variantToString } from '../../core/index.js';
import { controllerOf, positionOf } from '../state/game.js';
import type { Hint } from '../state/hints.js';
import { COLOUR } from '../state/text.js';
import type { GameState } from '../state/types.js';
import type { Search } from '../worker/client.js';
import { gameRef } from './computer.js';

/** Hints for one list of moves: `final` once the worker's last pass has arrived. */
export interface HintSet {
  readonly moves: readonly number[];
  readonly list: readonly Hint[];
  /** PopOut: each column's pop (`null`: no pop there). */
  readonly pops?: readonly (Hint | null)[];
  readonly final: boolean;
  readonly exact: boolean;
  /** Threads the worker searched with (src/web/worker/threads.ts). */
  readonly threads: number;
}

/**
 * Whether the side to move gets hints now: always in analysis; never for the computer, nor
 * while watching (a viewer's controls are pause, step and speed).
 */
export function hintsWanted(state: GameState): boolean {
  if (state.settings.mode === 'analysis') return true;
  if (!hintsOn(state)) return false;
  const position = positionOf(state);
  return state.settings.mode !== 'cpu' || controllerOf(state, position.turn) === 'human';
}

function hintsOn(state: GameState): boolean {
  return (
    state.settings.mode === 'analysis' || (state.settings.hints && state.settings.mode !== 'watch')
  );
}

const cacheKey = (state: GameState): string => {
  return `${state.settings.game}/${variantToString(state.settings.variant)}:${state.moves.join(',')}`;
};

/**
 * The hints beside the board: asks the analysis worker for the position on screen, keeps
 * finished answers (going back and forth through a game asks once), and drops any reply for
 * a position no longer shown.
 */
export class Analyst {
  private current: HintSet | null = null;
  private readonly cache = new Map<string, HintSet>();

  constructor(
    private readonly search: Search,
    /** New hints (a pass or the last one) arrived for the position on screen. */
    private readonly onUpdate: () => void,
    private readonly onError: (message: string) => void,
    /** Starts the opening book's download ahead of the search worker (book-prefetch.ts). */
    private readonly prefetchBook: () => void = () => {},
  ) {}

  /** Starts (or keeps, or cancels) the analysis for `state`. */
  update(state: GameState): void {
    if (!hintsWanted(state) || positionOf(state).isOver) {
      this.search.cancel();
      this.current = null;
      return;
    }
    if (this.current?.moves === state.moves) return;
    const key = cacheKey(state);
    const cached = this.cache.get(key);
    if (cached) {
      this.search.cancel();
      this.current = { ...cached, moves: state.moves };
      return;
    }
    // The worker asks for the book only once it has started: a shared link opened in analysis
    // would otherwise wait for both in turn.
    if (state.settings.mode === 'analysis' && state.settings.game === 'classic') {
      if (isClassic(state.settings.variant)) this.prefetchBook();
    }
    const asked = state.moves;
    this.current = { moves: asked, list: [], final: false, exact: true, threads: 1 };
    this.search.run({ type: 'analyze', game: gameRef(state) }, (reply) => {
      // The search is cancelled whenever the position changes; this guards what slips through.
      if (this.current?.moves !== asked) return;
      if (reply.type === 'error') {
        this.current = { moves: asked, list: [], final: true, exact: false, threads: 1 };
        this.onError(reply.message);
      } else if (reply.type === 'analysis') {
        const { hints: list, final, exact, threads, popHints } = reply;
        this.current = {
          moves: asked,
          list,
          final,
          exact,
          threads,
          ...(popHints ? { pops: popHints } : {}),
        };
        if (final) this.cache.set(key, this.current);
      } else {
        return;
      }
      this.onUpdate();
    });
  }

  /** The hints for `state` if they have arrived. */
  hintsFor(state: GameState): HintSet | null {
    return this.current?.moves === state.moves ? this.current : null;
  }

  /**
   * What the hint row shows: null when hints are off; while they are on the row stays (empty
   * on the computer's turn, unknown while solving) so the board never jumps.
   */
  shown(state: GameState): readonly Hint[] | null {
    if (!hintsOn(state)) return null;
    if (!hintsWanted(state) || positionOf(state).isOver) return [];
    const set = this.hintsFor(state);
    if (!set || set.list.length === 0) {
      return Array.from({ length: state.settings.variant.width }, () => ({ kind: 'unknown' }));
    }
    return set.list;
  }

  /** The pops' hints for `state` (PopOut), when they have arrived. */
  popsShown(state: GameState): readonly (Hint | null)[] | null {
    if (this.shown(state) === null) return null;
    return this.hintsFor(state)?.pops ?? null;
  }

  /** The row is still changing (more passes to come). */
  pending(state: GameState): boolean {
    return this.shown(state) !== null && !(this.hintsFor(state)?.final ?? false);
  }

  /** The sentence under the board, or null to hide it. */
  note(state: GameState): string | null {
    if (!hintsWanted(state) || positionOf(state).isOver) return null;
    const side = COLOUR[positionOf(state).turn];
    const set = this.hintsFor(state);
    if (!set || set.list.length === 0) return `Analysing for ${side}…`;
    if (state.settings.game !== 'classic') return familyNote(state, side, set.exact, set.threads);
    if (!set.exact) {
      return (
        `Estimates for ${side} (~): this board is too big to solve exactly. ` +
        '★ = the search’s choice; ~−3 = 3 points below it, on a scale to 10 for the worst column.'
      );
    }
    const guessed = set.list.some((h) => h.kind === 'estimate' || h.kind === 'unknown');
    // Proven but not exact: a win or loss without its distance, or only a bound on the result.
    const bounded = set.list.some(
      (h) =>
        h.kind === 'notLosing' ||
        h.kind === 'notWinning' ||
        ((h.kind === 'win' || h.kind === 'loss') && h.moves === null),
    );
    // Several threads only where the page is cross-origin isolated: said, so a host can tell.
    const threads = set.threads > 1 ? ` (${set.threads} threads)` : '';
    let status = ` Still solving${threads}…`;
    if (set.final) {
      // The last answer of a search that hit its time limit is not a solution: never say so.
      if (guessed || bounded) status = ` Stopped at the time limit${threads}: not all solved.`;
      else status = threads ? ` Solved${threads}.` : '';
    }
    return (
      `For ${side}: W3 = win in 3 of your moves, D = draw, L5 = loss in 5` +
      (bounded ? '; W, L, ≥D, ≤D = proven so far, no distance yet' : '') +
      (guessed ? '; ~ = an estimate (not solved yet)' : '') +
      '.' +
      status
    );
  }
}

/** The note for PopOut and Five-in-a-Row, whose hints say win, draw or loss without distances. */
function familyNote(state: GameState, side: string, exact: boolean, threads: number): string {
  const where =
    state.settings.game === 'popout'
      ? 'each drop above its column, each pop on its Pop button'
      : 'each drop above its column';
  // Several threads only where the page is cross-origin isolated: said, as for the classic game.
  const on = threads > 1 ? ` (${threads} threads)` : '';
  return exact
    ? `For ${side}: W3 = win in 3 of your moves, D = draw, L5 = loss in 5; solved${on} (${where}).`
    : `For ${side}: W, D, L = solved${on} (W3: win in 3 of your moves); ~ = the computer’s ` +
        `estimate, not solved (${where}): ~★ = its choice, ~−3 = 3 points below it on a scale to 10.`;
}
