import {
  chooseFamilyMoveExplained,
  playFamilyMatch,
  type FamilyGameReport,
} from '../ai/family/index.js';
import { eloEstimate } from '../ai/matches.js';
import { createRandom, type Level } from '../ai/index.js';
import {
  GAME_TITLES,
  moveToString,
  rulesetToString,
  type GamePosition,
  type Ruleset,
} from '../core/index.js';
import { popoutBookContext } from './book-file.js';
import { UsageError, type CliIO } from './command.js';

const signedScore = (score: number): string => `${score > 0 ? '+' : ''}${score}`;

/** `c4 bestmove` for PopOut and Five-in-a-Row: the move in the game's notation (`4`, `p4`). */
export function familyBestmove(
  position: GamePosition,
  level: Level,
  options: { seed?: number; timeMs?: number; explain: boolean },
  io: CliIO,
): number {
  if (position.isOver) throw new UsageError('bestmove: the game is over; there is no move');
  const choice = chooseFamilyMoveExplained(position, level.id, {
    perfect: popoutBookContext(),
    ...(options.seed !== undefined ? { rng: createRandom(options.seed) } : {}),
    ...(options.timeMs !== undefined ? { timeMs: options.timeMs } : {}),
  });
  const score =
    choice.score === undefined || choice.scoreKind === undefined
      ? ''
      : ` score=${signedScore(choice.score)} ${choice.scoreKind}`;
  io.out(`${moveToString(choice.move)}${score}\n`);
  if (options.explain) {
    io.out(`${level.name}: ${choice.summary}\n`);
    io.out(
      `depth ${choice.depth}, ${choice.nodes} nodes${choice.interrupted ? ', stopped by the time budget' : ''}\n`,
    );
    for (const seen of choice.moves) {
      io.out(`  ${moveToString(seen.move).padEnd(3)} ${seen.score} (${seen.kind})\n`);
    }
  }
  return 0;
}

const signedElo = (value: number): string =>
  Number.isFinite(value)
    ? (value >= 0 ? '+' : '') + Math.round(value).toString()
    : value > 0
      ? '+inf'
      : '-inf';

export interface FamilyArenaSetup {
  readonly a: Level;
  readonly b: Level;
  readonly ruleset: Ruleset;
  readonly games: number;
  readonly seed: number;
  readonly openingPlies: number;
  readonly verbose: boolean;
  readonly printGames: boolean;
}

/** `c4 arena --game popout|five`: the family ladder's measurement, printed as the classic one. */
export function familyArena(setup: FamilyArenaSetup, io: CliIO): number {
  const say = setup.printGames
    ? (text: string) => {
        io.err(text);
      }
    : (text: string) => {
        io.out(text);
      };
  const bySide = { first: [0, 0, 0], second: [0, 0, 0] };
  const result = playFamilyMatch(
    {
      a: setup.a.id,
      b: setup.b.id,
      games: setup.games,
      ruleset: setup.ruleset,
      seed: setup.seed,
      openingPlies: setup.openingPlies,
      perfect: popoutBookContext(),
    },
    (report: FamilyGameReport) => {
      if (setup.printGames) io.out(`${report.game}\n`);
      const side = report.aFirst ? bySide.first : bySide.second;
      side[report.scoreA === 1 ? 0 : report.scoreA === 0 ? 2 : 1]! += 1;
      if (!setup.verbose) return;
      const verdict = report.scoreA === 1 ? 'A wins' : report.scoreA === 0 ? 'B wins' : 'draw';
      const cut = report.adjudicated ? ' (move limit)' : '';
      say(
        `game ${report.index + 1} (${report.aFirst ? 'A' : 'B'} first): ${verdict}${cut}  ${report.game}\n`,
      );
    },
  );
  const elo = eloEstimate(result.wins, result.draws, result.losses);
  say(
    `${setup.a.name} (A) vs ${setup.b.name} (B) in ${GAME_TITLES[setup.ruleset.game]} ` +
      `(${rulesetToString(setup.ruleset)}), ${setup.games} games, seed ${setup.seed}, ` +
      `${setup.openingPlies} random opening plies\n`,
  );
  say(
    `A wins ${result.wins}, draws ${result.draws}, losses ${result.losses}; ` +
      `score ${(elo.score * 100).toFixed(1)}%; Elo ${signedElo(elo.elo)} (95% ${signedElo(elo.low)} to ${signedElo(elo.high)})\n`,
  );
  say(
    `A as first player: ${bySide.first.join('-')}; A as second player: ${bySide.second.join('-')} (W-D-L)` +
      (result.adjudicated > 0 ? `; ${result.adjudicated} drawn at the move limit` : '') +
      '\n',
  );
  return 0;
}
