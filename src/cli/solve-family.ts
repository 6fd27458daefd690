import { createInterface } from 'node:readline';
import { GamePosition, moveToString, parseFamilyMoves, type Ruleset } from '../core/index.js';
import { analyseFamily, solveFamily } from '../solver/family/index.js';
import type { CliIO } from './command.js';

const showScore = (score: number | null): string =>
  score === null ? 'x' : score > 0 ? `+${score}` : String(score);

/**
 * `c4 solve --game popout|five`: one position per stdin line (family moves, `44p4`; an empty line
 * is the start), printed as `moves score` (`x` when --max-nodes ran out first), or with --analyze
 * every legal move as `move:score`. Scores follow docs/family.md ("The solver"). A bad line is
 * reported on stderr naming the move, and the exit code is then 1.
 */
export async function solveFamilyLines(
  ruleset: Ruleset,
  options: { analyze: boolean; maxNodes?: number; stats: boolean },
  io: CliIO,
): Promise<number> {
  let failures = 0;
  let lineNumber = 0;
  const budget = options.maxNodes !== undefined ? { maxNodes: options.maxNodes } : {};
  for await (const raw of createInterface({ input: io.stdin, terminal: false })) {
    lineNumber++;
    const text = raw.trim();
    const moves = parseFamilyMoves(text, ruleset);
    const position = moves.ok ? GamePosition.fromMoves(ruleset, moves.value) : moves;
    if (!position.ok) {
      failures++;
      io.err(`line ${lineNumber}: ${position.error.message}\n`);
      continue;
    }
    const started = performance.now();
    let nodes: number;
    if (options.analyze) {
      const analysis = analyseFamily(position.value, budget);
      nodes = analysis.nodes;
      const scores = analysis.moves.map((m) => `${moveToString(m.move)}:${showScore(m.score)}`);
      io.out(`${text} ${scores.join(' ')}\n`);
    } else {
      const result = solveFamily(position.value, budget);
      nodes = result.nodes;
      io.out(`${text} ${result.exact ? showScore(result.score) : 'x'}\n`);
    }
    if (options.stats) {
      io.err(
        `stats: line ${lineNumber}: ${(performance.now() - started).toFixed(0)} ms, ${nodes} nodes\n`,
      );
    }
  }
  return failures > 0 ? 1 : 0;
}
