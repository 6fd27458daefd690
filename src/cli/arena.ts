import { eloEstimate, playMatch } from '../ai/arena.js';
import { levelLabel } from '../ai/index.js';
import { CLASSIC, variantToString } from '../core/index.js';
import { levelFromFlag, useCommittedBook } from './bestmove.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  type Command,
  wholeFromFlag,
} from './command.js';

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
    'c4 arena --a LEVEL --b LEVEL --games N [--variant WxHcN] [--seed S] [--opening-plies K] [--time-ms T] [--check-ms T] [--verbose]',
  run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'arena',
      args,
      {
        ...variantOption,
        a: { type: 'string' },
        b: { type: 'string' },
        games: { type: 'string', short: 'n' },
        seed: { type: 'string' },
        'opening-plies': { type: 'string' },
        'time-ms': { type: 'string' },
        'check-ms': { type: 'string' },
        verbose: { type: 'boolean' },
      },
      false,
    );
    if (positionals.length > 0) throw new UsageError(`arena: usage: ${arena.usage}`);
    const a = levelFromFlag('arena', values.a);
    const b = levelFromFlag('arena', values.b);
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
      ...(timeMs !== undefined ? { timeMs: wholeFromFlag('arena', 'time-ms', timeMs, 1) } : {}),
    };
    useCommittedBook();
    const nameA = levelLabel(a.id, variant);
    const nameB = levelLabel(b.id, variant);
    const result = playMatch(setup, (report) => {
      if (values.verbose !== true) return;
      const verdict = report.scoreA === 1 ? 'A wins' : report.scoreA === 0 ? 'B wins' : 'draw';
      const first = report.index % 2 === 0 ? 'A' : 'B';
      const moves = report.moves.map((c) => (c + 1).toString(36)).join('');
      io.out(`game ${report.index + 1} (${first} first): ${verdict}  ${moves}\n`);
    });
    const elo = eloEstimate(result.wins, result.draws, result.losses);
    io.out(
      `${nameA} (A) vs ${nameB} (B) on ${variantToString(variant)}, ${games} games, seed ${setup.seed}, ` +
        `${setup.openingPlies} random opening plies\n`,
    );
    io.out(
      `A wins ${result.wins}, draws ${result.draws}, losses ${result.losses}; ` +
        `score ${(elo.score * 100).toFixed(1)}%; Elo ${signed(elo.elo)} (95% ${signed(elo.low)} to ${signed(elo.high)})\n`,
    );
    const bugs = result.slips.filter((slip) => slip.exactInTime);
    if (result.checked + result.unchecked > 0) {
      io.out(
        `Perfect checks: ${result.checked} moves checked against the solver, ` +
          `${result.unchecked} not solvable within ${setup.checkMs} ms; slips: ${bugs.length} with ` +
          `exact scores in hand, ${result.slips.length - bugs.length} where the solver had not ` +
          `settled the position within Perfect's own budget (search fallback)\n`,
      );
      for (const slip of result.slips) {
        io.out(
          `  ${slip.exactInTime ? 'SLIP' : 'fallback'} after ${slip.game || '(empty board)'}: ` +
            `played ${slip.chosen + 1} scoring ${slip.chosenScore}, best ${slip.bestScore}\n`,
        );
      }
    }
    return Promise.resolve(bugs.length > 0 ? 1 : 0);
  },
};
