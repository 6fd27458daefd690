import { eloEstimate, playMatch } from '../ai/matches.js';
import { levelLabel } from '../ai/index.js';
import { CLASSIC, variantToString } from '../core/index.js';
import { committedBookContext, levelFromFlag } from './bestmove.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  type Command,
  wholeFromFlag,
} from './command.js';
import { familyArena } from './family-ai.js';
import { gameOption, rulesetFromFlags } from './family.js';

const signed = (value: number): string =>
  Number.isFinite(value)
    ? (value >= 0 ? '+' : '') + Math.round(value).toString()
    : value > 0
      ? '+inf'
      : '-inf';

/**
 * Plays level against level and prints wins/draws/losses, the score and an Elo difference with
 * a 95% interval; Perfect's moves are checked against the solver (exit 1 on any slip).
 */
export const arena: Command = {
  name: 'arena',
  summary: 'play computer levels against each other and measure the difference (Elo)',
  usage:
    'c4 arena --a LEVEL --b LEVEL --games N [--game classic|popout|five] [--variant WxHcN] [--seed S] [--opening-plies K] [--time-ms T] [--check-ms T] [--a-first] [--verbose] [--print-games]',
  run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'arena',
      args,
      {
        ...variantOption,
        ...gameOption,
        a: { type: 'string' },
        b: { type: 'string' },
        games: { type: 'string', short: 'n' },
        seed: { type: 'string' },
        'opening-plies': { type: 'string' },
        'time-ms': { type: 'string' },
        'check-ms': { type: 'string' },
        verbose: { type: 'boolean' },
        'a-first': { type: 'boolean' },
        'print-games': { type: 'boolean' },
      },
      false,
    );
    if (positionals.length > 0) throw new UsageError(`arena: usage: ${arena.usage}`);
    const a = levelFromFlag('arena', values.a);
    const b = levelFromFlag('arena', values.b);
    if (values.game !== undefined) {
      const ruleset = rulesetFromFlags('arena', values.game, values.variant);
      if (ruleset.game !== 'classic') {
        for (const flag of ['time-ms', 'check-ms', 'a-first'] as const) {
          if (values[flag] !== undefined) {
            throw new UsageError(`arena: --${flag} is for the classic game only`);
          }
        }
        return Promise.resolve(
          familyArena(
            {
              a,
              b,
              ruleset,
              games: wholeFromFlag('arena', 'games', values.games, 40, 1),
              seed: wholeFromFlag('arena', 'seed', values.seed, 1),
              openingPlies: wholeFromFlag('arena', 'opening-plies', values['opening-plies'], 2),
              verbose: values.verbose === true,
              printGames: values['print-games'] === true,
            },
            io,
          ),
        );
      }
    }
    const variant = variantFromFlag('arena', values.variant, CLASSIC);
    const games = wholeFromFlag('arena', 'games', values.games, 40, 1);
    const timeMs = values['time-ms'];
    const setup = {
      a: a.id,
      b: b.id,
      games,
      variant,
      seed: wholeFromFlag('arena', 'seed', values.seed, 1),
      openingPlies: wholeFromFlag('arena', 'opening-plies', values['opening-plies'], 2),
      checkMs: wholeFromFlag('arena', 'check-ms', values['check-ms'], 2000),
      aAlwaysFirst: values['a-first'] === true,
      ...(timeMs !== undefined ? { timeMs: wholeFromFlag('arena', 'time-ms', timeMs, 1) } : {}),
      perfect: committedBookContext(),
    };
    const nameA = levelLabel(a.id, variant);
    const nameB = levelLabel(b.id, variant);
    // A's results by who moved first after the opening: [wins, draws, losses].
    const bySide = { first: [0, 0, 0], second: [0, 0, 0] };
    // With --print-games stdout carries only the games (one `WxHcN:moves` per line, for
    // `c4 puzzles generate`); the summary goes to stderr.
    const printGames = values['print-games'] === true;
    const say = printGames
      ? (text: string) => {
          io.err(text);
        }
      : (text: string) => {
          io.out(text);
        };
    const result = playMatch(setup, (report) => {
      if (printGames) {
        io.out(
          `${variantToString(variant)}:${report.moves.map((c) => (c + 1).toString(36)).join('')}\n`,
        );
      }
      const side = report.aFirst ? bySide.first : bySide.second;
      side[report.scoreA === 1 ? 0 : report.scoreA === 0 ? 2 : 1]! += 1;
      if (values.verbose !== true) return;
      const verdict = report.scoreA === 1 ? 'A wins' : report.scoreA === 0 ? 'B wins' : 'draw';
      const first = report.aFirst ? 'A' : 'B';
      const moves = report.moves.map((c) => (c + 1).toString(36)).join('');
      say(`game ${report.index + 1} (${first} first): ${verdict}  ${moves}\n`);
    });
    const elo = eloEstimate(result.wins, result.draws, result.losses);
    say(
      `${nameA} (A) vs ${nameB} (B) on ${variantToString(variant)}, ${games} games, seed ${setup.seed}, ` +
        `${setup.openingPlies} random opening plies\n`,
    );
    say(
      `A wins ${result.wins}, draws ${result.draws}, losses ${result.losses}; ` +
        `score ${(elo.score * 100).toFixed(1)}%; Elo ${signed(elo.elo)} (95% ${signed(elo.low)} to ${signed(elo.high)})\n`,
    );
    // Failures: a slip with exact scores in hand, or any move that gives the result away.
    say(
      `A as first player: ${bySide.first.join('-')}; A as second player: ${bySide.second.join('-')} (W-D-L)\n`,
    );
    const bugs = result.slips.filter((slip) => slip.exactInTime || slip.givesAwayResult);
    if (result.checked + result.unchecked > 0) {
      const givenAway = result.slips.filter((slip) => slip.givesAwayResult).length;
      const withExact = result.slips.filter((slip) => slip.exactInTime).length;
      say(
        `Perfect checks: ${result.checked} moves checked against the solver, ` +
          `${result.unchecked} not solvable within ${setup.checkMs} ms; results given away: ` +
          `${givenAway}; slips: ${withExact} with exact scores in hand, ` +
          `${result.slips.length - withExact} slower wins or faster losses chosen without them ` +
          `(search fallback)\n`,
      );
      for (const slip of result.slips) {
        const label = slip.givesAwayResult ? 'RESULT' : slip.exactInTime ? 'SLIP' : 'fallback';
        const unit = slip.measure === 'sign' ? ' (win/draw/loss)' : '';
        say(
          `  ${label} after ${slip.game || '(empty board)'}: ` +
            `played ${slip.chosen + 1} scoring ${slip.chosenScore}, best ${slip.bestScore}${unit}\n`,
        );
      }
    }
    return Promise.resolve(bugs.length > 0 ? 1 : 0);
  },
};
