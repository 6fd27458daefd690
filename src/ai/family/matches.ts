import { GamePosition, familyGameToString, type Move, type Ruleset } from '../../core/index.js';
import { countGame, type MatchPairing, type MatchTally } from '../match-tally.js';
import { createRandom, pick, type RandomSource } from '../random.js';
import { chooseFamilyMove, immediateWins } from './choose.js';
import type { FamilyPerfectContext } from './types.js';

/**
 * Level-against-level matches in PopOut and Five-in-a-Row, as the classic ones (src/ai/matches.ts):
 * seeded random openings, each played twice with colours swapped.
 */
export interface FamilyMatchSetup extends MatchPairing {
  readonly ruleset: Ruleset;
  /**
   * A game still going after this many plies is scored a draw. PopOut games can circle for a
   * long time without reaching a third repetition; Five-in-a-Row ends by itself (42 drops).
   */
  readonly maxPlies?: number;
  /** Perfect's book for both sides (as the classic matches' `perfect`); none by default. */
  readonly perfect?: FamilyPerfectContext;
}

export interface FamilyGameReport {
  readonly index: number;
  /** The game as its string (`popout:44p4...`). */
  readonly game: string;
  /** 1 when A won, 0.5 draw, 0 when B won. */
  readonly scoreA: number;
  readonly aFirst: boolean;
  /** Scored a draw at `maxPlies`, not by the rules. */
  readonly adjudicated: boolean;
}

export interface FamilyMatchResult extends MatchTally {
  readonly adjudicated: number;
  readonly games: readonly string[];
}

export const FAMILY_MATCH_MAX_PLIES = 200;

function randomOpening(ruleset: Ruleset, plies: number, random: RandomSource): Move[] {
  const position = GamePosition.start(ruleset);
  for (let i = 0; i < plies && !position.isOver; i++) {
    const quiet = position.legalMoves().filter((move) => {
      position.play(move);
      const ok = !position.isOver && immediateWins(position).length === 0;
      position.undo();
      return ok;
    });
    if (quiet.length === 0) break;
    position.play(pick(quiet, random));
  }
  return position.moves;
}

export function playFamilyMatch(
  setup: FamilyMatchSetup,
  onGame: (report: FamilyGameReport) => void = () => undefined,
): FamilyMatchResult {
  const random = createRandom(setup.seed);
  const maxPlies = setup.maxPlies ?? FAMILY_MATCH_MAX_PLIES;
  const tally = { wins: 0, draws: 0, losses: 0 };
  let adjudicated = 0;
  const games: string[] = [];
  let opening: Move[] = [];
  for (let index = 0; index < setup.games; index++) {
    if (index % 2 === 0) opening = randomOpening(setup.ruleset, setup.openingPlies, random);
    const aIsFirst = index % 2 === 0;
    const started = GamePosition.fromMoves(setup.ruleset, opening);
    if (!started.ok) throw started.error;
    const game = started.value;
    while (!game.isOver && game.ply < maxPlies) {
      const aToMove = (game.turn === 1) === aIsFirst;
      const move = chooseFamilyMove(game, aToMove ? setup.a : setup.b, {
        rng: random,
        ...(setup.perfect ? { perfect: setup.perfect } : {}),
      });
      const played = game.play(move);
      if (!played.ok) throw played.error;
    }
    const scoreA = countGame(tally, game.outcome, aIsFirst);
    const cut = !game.isOver;
    if (cut) adjudicated++;
    const text = familyGameToString(game, { alwaysPrefix: true });
    games.push(text);
    onGame({ index, game: text, scoreA, aFirst: aIsFirst, adjudicated: cut });
  }
  return { ...tally, adjudicated, games };
}
