import type { GameName } from '../../core/index.js';
import { LEVELS, type Level, type LevelId } from '../levels.js';

/** The family members these levels play (the classic game has its own engine, src/ai/choose.ts). */
export type FamilyGame = Exclude<GameName, 'classic'>;

const DESCRIPTIONS: Readonly<Record<LevelId, string>> = {
  beginner:
    'Takes a win when it sees one (a drop or a pop), often blocks yours, otherwise builds lines and sometimes plays carelessly.',
  casual:
    'Never misses a win in one or a block of yours; otherwise looks only a couple of moves ahead.',
  intermediate:
    'Searches several moves ahead, pops included, and weighs the open lines; no simple blunders.',
  strong: 'A deeper search with the same judgement: hard to beat, but not perfect.',
  perfect:
    'Plays the exact solver\u2019s move whenever the solver settles the position in its time; otherwise the best move of its deepest search.',
};

/**
 * The classic ladder's levels with the same ids, names and ranks (a player who knows "Strong"
 * knows what to expect), described for games where a move can also be a pop.
 */
export const FAMILY_LEVELS: readonly Level[] = Object.freeze(
  LEVELS.map((level) => Object.freeze({ ...level, description: DESCRIPTIONS[level.id] })),
);
