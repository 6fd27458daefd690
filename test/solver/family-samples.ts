// Seeded samples of PopOut (and family) positions for the family solver's tests.
import { GamePosition, createRuleset, type Ruleset } from '../../src/core/index.js';
import { createRandom } from '../../src/ai/random.js';

/** A seeded generator (mulberry32), so the sampled games are the same on every run. */
export const rng = createRandom;

export function ruleset(game: string, width: number, height: number, connect: number): Ruleset {
  const made = createRuleset({ game, board: { width, height, connect } });
  if (!made.ok) throw made.error;
  return made.value;
}

/** Ongoing positions of random games from the start, each with its real history. */
export function sampleGames(
  rules: Ruleset,
  seed: number,
  games: number,
  maxPlies: number,
): GamePosition[] {
  const random = rng(seed);
  const positions: GamePosition[] = [];
  for (let game = 0; game < games; game++) {
    const position = GamePosition.start(rules);
    const plies = Math.floor(random() * maxPlies);
    for (let ply = 0; ply < plies && !position.isOver; ply++) {
      const moves = position.legalMoves();
      position.play(moves[Math.floor(random() * moves.length)]!);
    }
    if (!position.isOver) positions.push(position);
  }
  return positions;
}
