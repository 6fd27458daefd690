import {
  CLASSIC,
  GamePosition,
  createRuleset,
  otherPlayer,
  sameVariant,
  type GameName,
  type GameOutcome,
  type Player,
  type Ruleset,
  type Variant,
  playerToMove,
} from '../../core/index.js';
import {
  codeColumn,
  codeToMove,
  dropCode,
  isPopCode,
  popCode,
  type MoveCode,
} from './move-code.js';
import {
  EMPTY_SCORE,
  type Counted,
  type GameState,
  type LevelId,
  type Mode,
  type Score,
  type Scores,
  type Settings,
} from './types.js';

/**
 * The headless game: a pure reducer over plain data, so the DOM layer, the online client and the
 * unit tests drive the same rules. Randomness comes in through `Env` to keep it repeatable.
 */

export type Action =
  /** A person drops a disc (ignored on the computer's turn). */
  | { readonly type: 'drop'; readonly column: number }
  /** A person pops their own disc from the bottom of a column (PopOut). */
  | { readonly type: 'pop'; readonly column: number }
  /**
   * The computer's move for the position with `ply` moves; stale answers are dropped. A drop
   * unless `kind` says pop.
   */
  | {
      readonly type: 'computer';
      readonly column: number;
      readonly ply: number;
      readonly kind?: 'drop' | 'pop';
    }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  /**
   * Jumps to the position after `ply` moves of the game and its redo list (the move list's
   * buttons); only where a person moves both sides (`canJump`).
   */
  | { readonly type: 'goto'; readonly ply: number }
  /** Next round: sides follow the start rule (swap when alternating). */
  | { readonly type: 'newGame' }
  | { readonly type: 'resetScores' }
  | { readonly type: 'settings'; readonly patch: Partial<Settings> }
  /** A position from a share link or a pasted move string, already parsed and legal. */
  | {
      readonly type: 'load';
      readonly variant: Variant;
      /** Move codes (`move-code.ts`). */
      readonly moves: readonly MoveCode[];
      readonly mode?: Mode;
      /** The classic game when absent. */
      readonly game?: GameName;
    };

/** Why an action did nothing; the UI says so gently. */
export type Problem =
  /** `preset`: the column is full before the first move (Five-in-a-Row's outer columns). */
  | { readonly code: 'column_full'; readonly column: number; readonly preset?: boolean }
  /** A pop the rules refuse: no pops in this game, or not your disc at the bottom. */
  | { readonly code: 'cannot_pop'; readonly column: number }
  | { readonly code: 'not_your_turn' }
  | { readonly code: 'game_over' }
  | { readonly code: 'nothing_to_undo' }
  | { readonly code: 'nothing_to_redo' };

export interface Step {
  readonly state: GameState;
  readonly problem?: Problem;
}

export interface Env {
  readonly random: () => number;
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  mode: 'cpu',
  game: 'classic',
  variant: CLASSIC,
  start: 'a',
  level: 'intermediate',
  watchLevels: ['casual', 'strong'] as const,
  hints: false,
});

export const EMPTY_SCORES: Scores = Object.freeze({
  pvp: EMPTY_SCORE,
  cpu: EMPTY_SCORE,
  watch: EMPTY_SCORE,
  analysis: EMPTY_SCORE,
});

export function initialState(settings: Settings = DEFAULT_SETTINGS): GameState {
  return {
    settings,
    moves: [],
    redo: [],
    aPlays: settings.start === 'b' ? 2 : 1,
    scores: EMPTY_SCORES,
    counted: null,
  };
}

/**
 * The rules of a game on a board; a combination the rules refuse (a stored Five-in-a-Row on
 * another board) is the game on its own board.
 */
export function rulesetFor(game: GameName, variant: Variant): Ruleset {
  const made = createRuleset({ game, board: variant });
  if (made.ok) return made.value;
  const own = createRuleset({ game });
  if (own.ok) return own.value;
  // Every game name has its own board; this line is unreachable.
  throw own.error;
}

const rulesets = new WeakMap<Settings, Ruleset>();

export function rulesetOf(state: GameState): Ruleset {
  let ruleset = rulesets.get(state.settings);
  if (!ruleset) {
    ruleset = rulesetFor(state.settings.game, state.settings.variant);
    rulesets.set(state.settings, ruleset);
  }
  return ruleset;
}

/** Replays move codes on a ruleset (undefined when they are not a legal game). */
export function replay(ruleset: Ruleset, moves: readonly MoveCode[]): GamePosition | undefined {
  const built = GamePosition.fromMoves(ruleset, moves.map(codeToMove));
  return built.ok ? built.value : undefined;
}

const positions = new WeakMap<readonly MoveCode[], GamePosition>();

/** The position of a state (cached: states are immutable and moves arrays never mutated). */
export function positionOf(state: GameState): GamePosition {
  let position = positions.get(state.moves);
  if (!position) {
    const built = GamePosition.fromMoves(rulesetOf(state), state.moves.map(codeToMove));
    // States are only built from legal moves; an illegal list is a bug, not input.
    if (!built.ok) throw built.error;
    position = built.value;
    positions.set(state.moves, position);
  }
  return position;
}

export const turnAt = playerToMove;

export type Controller = 'human' | 'computer';

export function controllerOf(state: GameState, player: Player): Controller {
  switch (state.settings.mode) {
    case 'cpu':
      return player === state.aPlays ? 'human' : 'computer';
    case 'watch':
      return 'computer';
    default:
      return 'human';
  }
}

/** The level that plays `player`, or undefined for a person. */
export function levelOf(state: GameState, player: Player): LevelId | undefined {
  if (controllerOf(state, player) === 'human') return undefined;
  if (state.settings.mode === 'watch') {
    return player === state.aPlays ? state.settings.watchLevels[0] : state.settings.watchLevels[1];
  }
  return state.settings.level;
}

/** The computer should move now (the game is on and the side to move is a computer). */
export function computerToMove(state: GameState): boolean {
  return !positionOf(state).isOver && isComputerTurn(state);
}

function isComputerTurn(state: GameState): boolean {
  return controllerOf(state, turnAt(state.moves.length)) === 'computer';
}

export function outcomeOf(state: GameState): GameOutcome {
  return positionOf(state).outcome;
}

export function canUndo(state: GameState): boolean {
  return undoCount(state) > 0;
}

export function canRedo(state: GameState): boolean {
  return state.settings.mode !== 'watch' && state.redo.length > 0;
}

/** Whether the move list can jump through the game: two people on one screen, or analysis. */
export function canJump(state: GameState): boolean {
  return state.settings.mode === 'pvp' || state.settings.mode === 'analysis';
}

function jump(state: GameState, ply: number): Step {
  const all = [...state.moves, ...state.redo];
  if (!canJump(state) || !Number.isInteger(ply) || ply < 0 || ply > all.length) return { state };
  if (ply <= state.moves.length) {
    return { state: { ...state, moves: state.moves.slice(0, ply), redo: all.slice(ply) } };
  }
  let current = state;
  for (const code of all.slice(state.moves.length, ply)) {
    const step = play(current, code);
    if (step.problem) break;
    current = step.state;
  }
  return { state: current };
}

/** Moves one undo takes back: against the computer, back to your own turn (your move and its reply). */
function undoCount(state: GameState): number {
  const ply = state.moves.length;
  if (ply === 0 || state.settings.mode === 'watch') return 0;
  if (state.settings.mode !== 'cpu') return 1;
  for (let count = 1; count <= ply; count++) {
    if (controllerOf(state, turnAt(ply - count)) === 'human') return count;
  }
  return 0;
}

function redoCount(state: GameState): number {
  if (!canRedo(state)) return 0;
  if (state.settings.mode !== 'cpu') return 1;
  // Replay through the computer's replies until it is your turn again (or the list ends).
  let count = 1;
  while (
    count < state.redo.length &&
    controllerOf(state, turnAt(state.moves.length + count)) === 'computer'
  ) {
    count++;
  }
  return count;
}

function score(state: GameState): Score {
  return state.scores[state.settings.mode];
}

function withScore(state: GameState, change: (score: Score) => Score): Scores {
  return { ...state.scores, [state.settings.mode]: change(score(state)) };
}

/**
 * Counts the game on the scoreboard the first time a move ends it (never in analysis). The
 * first end is the game's result: undo, redo and the move list only review or replay it, so they
 * never change the score, and a game played on to another end is still counted once. The next
 * round (new game) starts counting afresh.
 */
function afterMove(state: GameState): GameState {
  const outcome = positionOf(state).outcome;
  if (outcome.kind === 'ongoing' || state.settings.mode === 'analysis') return state;
  if (state.counted !== null) return state;
  const counted: Counted =
    outcome.kind === 'draw' ? 'draws' : outcome.winner === state.aPlays ? 'a' : 'b';
  return {
    ...state,
    counted,
    scores: withScore(state, (s) => ({ ...s, [counted]: s[counted] + 1 })),
  };
}

function play(state: GameState, code: MoveCode): Step {
  const position = positionOf(state);
  if (position.isOver) return { state, problem: { code: 'game_over' } };
  const move = codeToMove(code);
  if (!position.canPlay(move)) {
    const column = codeColumn(code);
    if (isPopCode(code)) return { state, problem: { code: 'cannot_pop', column } };
    const { height } = position.variant;
    const preset = !position.ruleset.pops && position.ruleset.setup[column * height] !== 0;
    // Out-of-range columns cannot come from the board; treat them as full rather than crash.
    return { state, problem: { code: 'column_full', column, ...(preset ? { preset } : {}) } };
  }
  const next = position.clone();
  next.play(move);
  const moves = [...state.moves, code];
  positions.set(moves, next);
  // Playing the move that was next in the redo list keeps the rest of it.
  const redo = state.redo[0] === code ? state.redo.slice(1) : [];
  return { state: afterMove({ ...state, moves, redo }) };
}

/** The side A colour for the round after this one. */
function nextAPlays(state: GameState, env: Env): Player {
  switch (state.settings.start) {
    case 'a':
      return 1;
    case 'b':
      return 2;
    case 'random':
      return env.random() < 0.5 ? 1 : 2;
    case 'alternate':
      return otherPlayer(state.aPlays);
  }
}

function fresh(state: GameState, aPlays: Player): GameState {
  return { ...state, moves: [], redo: [], counted: null, aPlays };
}

export function reduce(state: GameState, action: Action, env: Env): Step {
  switch (action.type) {
    case 'drop': {
      if (isComputerTurn(state) && !positionOf(state).isOver) {
        return { state, problem: { code: 'not_your_turn' } };
      }
      return play(state, dropCode(action.column));
    }
    case 'pop': {
      if (isComputerTurn(state) && !positionOf(state).isOver) {
        return { state, problem: { code: 'not_your_turn' } };
      }
      return play(state, popCode(action.column));
    }
    case 'computer': {
      if (action.ply !== state.moves.length || !computerToMove(state)) return { state };
      return play(state, action.kind === 'pop' ? popCode(action.column) : dropCode(action.column));
    }
    case 'undo': {
      const count = undoCount(state);
      if (count === 0) return { state, problem: { code: 'nothing_to_undo' } };
      const cut = state.moves.length - count;
      return {
        state: {
          ...state,
          moves: state.moves.slice(0, cut),
          redo: [...state.moves.slice(cut), ...state.redo],
        },
      };
    }
    case 'redo': {
      const count = redoCount(state);
      if (count === 0) return { state, problem: { code: 'nothing_to_redo' } };
      let current = state;
      for (const code of state.redo.slice(0, count)) {
        const step = play(current, code);
        if (step.problem) break;
        current = step.state;
      }
      return { state: current };
    }
    case 'goto':
      return jump(state, action.ply);
    case 'newGame':
      return { state: fresh(state, nextAPlays(state, env)) };
    case 'resetScores':
      return { state: { ...state, scores: withScore(state, () => EMPTY_SCORE) } };
    case 'settings':
      return { state: applySettings(state, action.patch, env) };
    case 'load': {
      const settings: Settings = {
        ...state.settings,
        game: action.game ?? 'classic',
        variant: action.variant,
        mode: action.mode ?? state.settings.mode,
      };
      const built = replay(rulesetFor(settings.game, settings.variant), action.moves);
      if (!built) return { state };
      const moves = [...action.moves];
      positions.set(moves, built);
      return { state: { ...state, settings, moves, redo: [], counted: null } };
    }
  }
}

function applySettings(state: GameState, patch: Partial<Settings>, env: Env): GameState {
  const settings: Settings = { ...state.settings, ...patch };
  const next = { ...state, settings };
  const sameGame =
    settings.game === state.settings.game && sameVariant(settings.variant, state.settings.variant);
  const restart = settings.mode !== state.settings.mode || !sameGame;
  // Switching to analysis takes the game along, to study it; every other switch starts afresh.
  if (settings.mode === 'analysis' && state.settings.mode !== 'analysis' && sameGame) {
    return { ...next, counted: null };
  }
  if (restart) {
    const aPlays = settings.start === 'alternate' ? state.aPlays : nextAPlays(next, env);
    return fresh(next, aPlays);
  }
  // A new start rule takes effect at once only before the first move; otherwise next round.
  if (settings.start !== state.settings.start && state.moves.length === 0) {
    return fresh(next, settings.start === 'alternate' ? state.aPlays : nextAPlays(next, env));
  }
  return next;
}

/** The round being played in the current mode, from 1. */
export function roundOf(state: GameState): number {
  const s = score(state);
  return s.a + s.b + s.draws + (state.counted === null ? 1 : 0);
}
