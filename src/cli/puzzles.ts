import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRandom } from '../ai/index.js';
import {
  PLAYER_COLOURS,
  isClassic,
  parseFamilyGame,
  parseGame,
  variantToString,
  type GamePosition,
} from '../core/index.js';
import {
  DEFAULT_FAMILY_MINE_OPTIONS,
  DEFAULT_MINE_OPTIONS,
  familyPuzzlePosition,
  familySolvedWhy,
  familyStepMoves,
  mineFamilyPuzzles,
  moveResults,
  minePuzzles,
  verifyFamilyPuzzle,
  parsePuzzleFile,
  serializePuzzleFile,
  verifyPuzzle,
  type Puzzle,
} from '../puzzles/index.js';
import { Solver, solverSupports } from '../solver/index.js';
import { analyseFamily } from '../solver/family/index.js';
import { isFamilyGameText } from './family.js';
import { renderBoard } from './render.js';
import { loadBook } from './book-file.js';
import {
  parseCommandArgs,
  UsageError,
  wholeFromFlag,
  type CliIO,
  type Command,
} from './command.js';

const USAGE =
  'c4 puzzles generate --from GAMES --out FILE [--seed N] [--max-nodes N] [--min-ply N] [--pops-only] | c4 puzzles verify FILE | c4 puzzles show FILE [ID ...]';

function readText(command: string, file: string): string {
  if (!existsSync(file)) throw new UsageError(`${command}: ${file} not found`);
  return readFileSync(file, 'utf8');
}

/** Games, one per line (`WxHcN:moves` or plain 7x6 moves); blank lines and `#` comments skipped. */
function readGames(file: string): { line: number; game: ReturnType<typeof parseGame> }[] {
  return readText('puzzles generate', file)
    .split('\n')
    .map((text, i) => ({ text: text.trim(), line: i + 1 }))
    .filter(({ text }) => text !== '' && !text.startsWith('#'))
    .map(({ text, line }) => ({ line, game: parseGame(text) }));
}

function generate(args: readonly string[], io: CliIO): number {
  const { values } = parseCommandArgs(
    'puzzles generate',
    args,
    {
      from: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      'max-nodes': { type: 'string' },
      'min-ply': { type: 'string' },
      'pops-only': { type: 'boolean' },
    },
    false,
  );
  if (values.from === undefined || values.out === undefined) {
    throw new UsageError(`puzzles generate: --from and --out are required (${USAGE})`);
  }
  if (isFamilyFile(values.from)) return generateFamily(values, io);
  if (values['pops-only'] === true) {
    throw new UsageError('puzzles generate: --pops-only is for PopOut games');
  }
  const games = readGames(values.from);
  for (const { line, game } of games) {
    if (!game.ok)
      throw new UsageError(`puzzles generate: ${values.from} line ${line}: ${game.error.message}`);
    if (!solverSupports(game.value.variant)) {
      throw new UsageError(
        `puzzles generate: ${values.from} line ${line}: the solver does not handle ${variantToString(game.value.variant)}`,
      );
    }
  }
  const options = {
    ...DEFAULT_MINE_OPTIONS,
    maxNodes: wholeFromFlag(
      'puzzles generate',
      'max-nodes',
      values['max-nodes'],
      DEFAULT_MINE_OPTIONS.maxNodes,
      1000,
    ),
    minPly: wholeFromFlag(
      'puzzles generate',
      'min-ply',
      values['min-ply'],
      DEFAULT_MINE_OPTIONS.minPly,
    ),
    random: createRandom(wholeFromFlag('puzzles generate', 'seed', values.seed, 1)),
  };
  const loaded = loadBook();
  const book = 'book' in loaded ? loaded.book : undefined;
  const solvers = new Map<string, Solver>();
  const seen = new Set<string>();
  const puzzles: Puzzle[] = [];
  for (const [index, { game }] of games.entries()) {
    if (!game.ok) continue;
    const { variant } = game.value;
    const name = variantToString(variant);
    let solver = solvers.get(name);
    if (!solver) {
      solver = new Solver(book && isClassic(variant) ? { book } : {});
      solvers.set(name, solver);
    }
    const found = minePuzzles(solver, variant, game.value.moves, options, seen);
    puzzles.push(...found);
    io.err(
      `game ${index + 1}/${games.length}: ${found.length} puzzles (${puzzles.length} in all)\n`,
    );
  }
  writeFileSync(values.out, serializePuzzleFile(puzzles));
  io.out(`${puzzles.length} puzzles from ${games.length} games written to ${values.out}\n`);
  return 0;
}

/** A games file of PopOut or Five-in-a-Row (its first game says: `popout:…`, `five:…`). */
function isFamilyFile(file: string): boolean {
  const first = readText('puzzles generate', file)
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  return first !== undefined && isFamilyGameText(first);
}

function generateFamily(
  values: {
    from?: string;
    out?: string;
    seed?: string;
    'max-nodes'?: string;
    'min-ply'?: string;
    'pops-only'?: boolean;
  },
  io: CliIO,
): number {
  const from = values.from!;
  const out = values.out!;
  const games: GamePosition[] = readText('puzzles generate', from)
    .split('\n')
    .map((text, i) => ({ text: text.trim(), line: i + 1 }))
    .filter(({ text }) => text !== '' && !text.startsWith('#'))
    .map(({ text, line }) => {
      const game = parseFamilyGame(text);
      if (!game.ok || game.value.ruleset.game === 'classic') {
        const why = game.ok ? 'a classic game in a file of family games' : game.error.message;
        throw new UsageError(`puzzles generate: ${from} line ${line}: ${why}`);
      }
      return game.value;
    });
  const maxNodes = wholeFromFlag(
    'puzzles generate',
    'max-nodes',
    values['max-nodes'],
    1_000_000,
    1000,
  );
  const options = {
    ...DEFAULT_FAMILY_MINE_OPTIONS,
    minPly: wholeFromFlag(
      'puzzles generate',
      'min-ply',
      values['min-ply'],
      DEFAULT_FAMILY_MINE_OPTIONS.minPly,
    ),
    random: createRandom(wholeFromFlag('puzzles generate', 'seed', values.seed, 1)),
    popsOnly: values['pops-only'] === true,
  };
  const seen = new Set<string>();
  const puzzles: Puzzle[] = [];
  for (const [index, game] of games.entries()) {
    const found = mineFamilyPuzzles(
      game,
      (position) => analyseFamily(position, { maxNodes }),
      options,
      seen,
    );
    puzzles.push(...found);
    io.err(
      `game ${index + 1}/${games.length}: ${found.length} puzzles (${puzzles.length} in all)\n`,
    );
  }
  writeFileSync(out, serializePuzzleFile(puzzles));
  io.out(`${puzzles.length} puzzles from ${games.length} games written to ${out}\n`);
  return 0;
}

function verify(args: readonly string[], io: CliIO): number {
  const { positionals } = parseCommandArgs('puzzles verify', args, {});
  if (positionals.length !== 1) throw new UsageError(`puzzles verify: usage: ${USAGE}`);
  const file = positionals[0]!;
  const parsed = parsePuzzleFile(readText('puzzles verify', file));
  if (!parsed.ok) throw new UsageError(`puzzles verify: ${file}: ${parsed.error.message}`);
  const solvers = new Map<string, Solver>();
  let failures = 0;
  for (const puzzle of parsed.value.puzzles) {
    if (puzzle.game !== undefined) {
      const problem = verifyFamilyPuzzle(puzzle, (position) => analyseFamily(position));
      if (problem !== null) {
        failures++;
        io.out(`${puzzle.id} (${puzzle.game}-${puzzle.variant}:${puzzle.start}): ${problem}\n`);
      }
      continue;
    }
    let solver = solvers.get(puzzle.variant);
    if (!solver) solvers.set(puzzle.variant, (solver = new Solver()));
    const problem = verifyPuzzle(solver, puzzle);
    if (problem !== null) {
      failures++;
      io.out(`${puzzle.id} (${puzzle.variant}:${puzzle.start}): ${problem}\n`);
    }
  }
  io.out(
    `${parsed.value.puzzles.length - failures} of ${parsed.value.puzzles.length} puzzles hold\n`,
  );
  return failures > 0 ? 1 : 0;
}

/** "p5" as words: "pop column 5"; "4": "column 4". */
const stepWords = (puzzle: Puzzle, text: string): string =>
  familyStepMoves(puzzle, text)
    .map((m) => (m.kind === 'pop' ? `pop column ${m.column + 1}` : `column ${m.column + 1}`))
    .join(' or ');

/**
 * Prints puzzles (all of FILE, or those named by id): the board, the task, the solution and,
 * for PopOut and Five-in-a-Row, why it works (src/puzzles/family-why.ts, from the family
 * solver's exact results). Classic puzzles give the solution's columns.
 */
function show(args: readonly string[], io: CliIO): number {
  const { positionals } = parseCommandArgs('puzzles show', args, {}, true);
  const [file, ...ids] = positionals;
  if (file === undefined) throw new UsageError(`puzzles show: usage: ${USAGE}`);
  const parsed = parsePuzzleFile(readText('puzzles show', file));
  if (!parsed.ok) throw new UsageError(`puzzles show: ${file}: ${parsed.error.message}`);
  const all = parsed.value.puzzles;
  const missing = ids.filter((id) => !all.some((p) => p.id === id));
  if (missing.length > 0)
    throw new UsageError(`puzzles show: no puzzle ${missing.join(', ')} in ${file}`);
  const chosen = ids.length === 0 ? all : all.filter((p) => ids.includes(p.id));
  for (const puzzle of chosen) {
    const task = puzzle.goal === 'win' ? 'find the winning move' : 'save the draw';
    const name = puzzle.game === undefined ? puzzle.variant : `${puzzle.game}-${puzzle.variant}`;
    io.out(`${puzzle.id} (${name}:${puzzle.start}), difficulty ${puzzle.rating}\n`);
    if (puzzle.game === undefined) {
      // Classic steps are column characters (1-9, a-c): ASCII, one character each.
      const columns = Array.from(puzzle.steps[0]!.accept.match(/[1-9a-c]/g) ?? []).join(' or ');
      io.out(`${task}: column ${columns}\n\n`);
      continue;
    }
    const built = familyPuzzlePosition(puzzle);
    if (!built.ok) throw new UsageError(`puzzles show: ${puzzle.id}: ${built.error.message}`);
    const start = built.value;
    io.out(`${renderBoard(start, { colour: false })}\n`);
    io.out(
      `${PLAYER_COLOURS[start.turn]} to move: ${task}. Answer: ${stepWords(puzzle, puzzle.steps[0]!.accept)}\n`,
    );
    const results = moveResults(start, analyseFamily(start.clone()).moves);
    const answer = familyStepMoves(puzzle, puzzle.steps[0]!.accept)[0]!;
    io.out(`Why: ${familySolvedWhy(puzzle, start, answer, results, PLAYER_COLOURS).text}\n\n`);
  }
  return 0;
}

/** Mines puzzles from games (one per line) and re-checks puzzle files with the solver. */
export const puzzles: Command = {
  name: 'puzzles',
  summary:
    'mine puzzles from games (exactly one winning or saving column), verify or show a puzzle file',
  usage: USAGE,
  run(args, io) {
    const [sub, ...rest] = args;
    if (sub === 'generate') return Promise.resolve(generate(rest, io));
    if (sub === 'verify') return Promise.resolve(verify(rest, io));
    if (sub === 'show') return Promise.resolve(show(rest, io));
    throw new UsageError(`puzzles: expected generate, verify or show (${USAGE})`);
  },
};
