import { C4Error, ErrorCode, type Position } from '../core/index.js';
import { levelById, type Level, type LevelId } from './levels.js';
import { createRandom, pick } from './random.js';
import type { ChooseMoveOptions, MoveChoice } from './types.js';

/**
 * Picks a column for the side to move at the given level. Pure and bounded: it reads `signal`
 * and `timeMs` while thinking and resolves with its best move so far when either runs out.
 * Rejects with a C4Error (`game_over`) when the game has ended: there is no move to choose.
 */
export async function chooseMove(
  position: Position,
  level: LevelId | Level,
  options: ChooseMoveOptions = {},
): Promise<MoveChoice> {
  const legal = position.legalColumns();
  if (legal.length === 0) {
    throw new C4Error(ErrorCode.GameOver, 'the game is over; there is no move to choose');
  }
  const id = typeof level === 'string' ? level : level.id;
  levelById(id);
  const random = options.random ?? createRandom(Math.floor(Math.random() * 2 ** 32));
  return Promise.resolve({
    column: pick(legal, random),
    explanation: { summary: 'Random move', columns: [], depth: 0, nodes: 0, interrupted: false },
  });
}
