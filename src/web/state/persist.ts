import {
  GAMES,
  createVariant,
  type GameName,
  type Player,
  type Variant,
} from '../../core/index.js';
import { DEFAULT_SETTINGS, EMPTY_SCORES, initialState, replay, rulesetFor } from './game.js';
import {
  EMPTY_SCORE,
  MODES,
  START_RULES,
  type GameState,
  type Mode,
  type Score,
  type Scores,
  type Settings,
  type StartRule,
} from './types.js';

/**
 * Saving and restoring the state through local storage. Stored text is untrusted (another
 * version, a hand edit): every field is parsed on its own and a bad one falls back to its
 * default, so one corrupt value never loses the scores.
 */
const VERSION = 1;

export function serialize(state: GameState): string {
  return JSON.stringify({
    v: VERSION,
    settings: state.settings,
    moves: state.moves,
    redo: state.redo,
    aPlays: state.aPlays,
    scores: state.scores,
    counted: state.counted,
  });
}

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const count = (value: Json): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e9 ? value : 0;

function parseScore(value: Json): Score {
  if (!isRecord(value)) return EMPTY_SCORE;
  return { a: count(value['a']), b: count(value['b']), draws: count(value['draws']) };
}

function parseScores(value: Json): Scores {
  if (!isRecord(value)) return EMPTY_SCORES;
  const scores: Record<string, Score> = {};
  for (const mode of MODES) scores[mode] = parseScore(value[mode]);
  return scores as Scores;
}

function oneOf<T extends string>(options: readonly T[], value: Json, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

const levelId = (value: Json, fallback: string): string =>
  typeof value === 'string' && /^[a-z0-9-]{1,32}$/.test(value) ? value : fallback;

function parseVariantJson(value: Json): Variant {
  if (!isRecord(value)) return DEFAULT_SETTINGS.variant;
  const made = createVariant({
    width: Number(value['width']),
    height: Number(value['height']),
    connect: Number(value['connect']),
  });
  return made.ok ? made.value : DEFAULT_SETTINGS.variant;
}

export function parseSettings(value: Json): Settings {
  if (!isRecord(value)) return DEFAULT_SETTINGS;
  const watch = Array.isArray(value['watchLevels']) ? (value['watchLevels'] as Json[]) : [];
  // Saves from before the family have no game: they are classic games.
  const game = oneOf<GameName>(GAMES, value['game'], 'classic');
  return {
    mode: oneOf<Mode>(MODES, value['mode'], DEFAULT_SETTINGS.mode),
    game,
    // A board the game is not played on (a hand edit) becomes the game's own.
    variant: rulesetFor(game, parseVariantJson(value['variant'])).variant,
    start: oneOf<StartRule>(START_RULES, value['start'], DEFAULT_SETTINGS.start),
    level: levelId(value['level'], DEFAULT_SETTINGS.level),
    watchLevels: [
      levelId(watch[0], DEFAULT_SETTINGS.watchLevels[0]),
      levelId(watch[1], DEFAULT_SETTINGS.watchLevels[1]),
    ],
    hints: value['hints'] === true,
  };
}

/** Move codes (`move-code.ts`); whether they are a legal game is the replay's business. */
function columns(value: Json): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value as Json[];
  return list.every((c) => typeof c === 'number' && Number.isInteger(c))
    ? (list as number[])
    : undefined;
}

/** Restores a saved state; anything unreadable becomes the default for that part. */
export function deserialize(text: string | null): GameState {
  let data: Json;
  try {
    data = text === null ? null : (JSON.parse(text) as Json);
  } catch {
    data = null;
  }
  if (!isRecord(data) || data['v'] !== VERSION) return initialState();
  const settings = parseSettings(data['settings']);
  const base = initialState(settings);
  const moves = columns(data['moves']) ?? [];
  const ruleset = rulesetFor(settings.game, settings.variant);
  const played = replay(ruleset, moves);
  if (!played) return { ...base, scores: parseScores(data['scores']) };
  // Redo moves must continue the game; drop the list if they do not.
  const redo = columns(data['redo']) ?? [];
  const redoOk = replay(ruleset, [...moves, ...redo]) !== undefined;
  const aPlays: Player = data['aPlays'] === 2 ? 2 : 1;
  const counted = oneOf<'a' | 'b' | 'draws' | 'none'>(
    ['a', 'b', 'draws', 'none'],
    data['counted'],
    'none',
  );
  return {
    settings,
    moves,
    redo: redoOk ? redo : [],
    aPlays,
    scores: parseScores(data['scores']),
    // A counted game stays counted after its end is undone (it counts once).
    counted: counted === 'none' ? null : counted,
  };
}
