// Runs Four the Win! (github.com/TheTrustedComputer/Four-The-Win, built outside the repository;
// its path in C4_FOUR_THE_WIN) on a PopOut position and reads its answer, for the comparison
// test and `npm run bench:family`.
import { execFileSync, spawn } from 'node:child_process';
import type { Move } from '../../src/core/index.js';
import { POPOUT_WIN } from '../../src/solver/family/index.js';

export const FOUR_THE_WIN_ENV = 'C4_FOUR_THE_WIN';

export interface FourTheWinAnswer {
  /** In the family solver's convention (POPOUT_WIN - plies for a win). */
  readonly score: number;
  readonly nodes: number;
  /** Its own figure: processor seconds of the search (C `clock()`). */
  readonly seconds: number;
}

/** Its move string: a drop is the column 1-7, a pop the letter A-G. */
export function fourTheWinMoves(moves: readonly Move[]): string {
  return moves
    .map((m) => (m.kind === 'drop' ? String(m.column + 1) : String.fromCharCode(65 + m.column)))
    .join('');
}

/**
 * Solves one position (moves from the empty 7x6 board). Its result line reads e.g. `W20 691331618
 * 11958954 57.809`: W(in)/L(oss)/D(raw), the depth the result was found at (the plies to the end
 * minus one), nodes, nodes per second, seconds.
 */
export function fourTheWin(
  executable: string,
  moves: readonly Move[],
  tableGiB = 1,
): FourTheWinAnswer {
  const args = ['-v', 'popout', '-t', String(tableGiB)];
  const text = fourTheWinMoves(moves);
  // With no moves it reads them from its input and, after answering, never exits: see
  // `fourTheWinEmpty`.
  if (text === '') throw new Error('the empty board: use fourTheWinEmpty');
  const output = execFileSync(executable, [...args, text], {
    // With moves it solves at once and never reads its input (writing to it would fail).
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    timeout: 30 * 60 * 1000,
  });
  const answer = parseAnswer(output);
  if (answer === undefined)
    throw new Error(`no result in Four the Win!'s output: ${output.slice(-200)}`);
  return answer;
}

/**
 * The empty board: given no moves it reads them from its input (an empty line is the empty
 * board), and once it has answered goes back to its input and, at its end, searches again
 * without end; so it is stopped as soon as its answer line is out.
 */
export async function fourTheWinEmpty(executable: string, tableGiB = 1): Promise<FourTheWinAnswer> {
  const child = spawn(executable, ['-v', 'popout', '-t', String(tableGiB)], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  child.stdin.end('\n');
  let output = '';
  try {
    for await (const chunk of child.stdout) {
      output += String(chunk);
      const answer = parseAnswer(output);
      if (answer !== undefined) return answer;
    }
  } finally {
    child.kill();
  }
  throw new Error(`no result in Four the Win!'s output: ${output.slice(-200)}`);
}

function parseAnswer(output: string): FourTheWinAnswer | undefined {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  // A win at once reads `WIN 1 ...`; a draw `D` with no depth. The line must be whole (its
  // seconds may arrive in two chunks).
  const match = /(WIN|LOSS|DRAW|[WLD])(\d*)\s+(\d+)\s+\d+\s+([\d.]+)(?=\s)/.exec(plain);
  if (!match) return undefined;
  const [, kind = '', depth = '', nodes, seconds] = match;
  const plies = kind.length > 1 ? 1 : Number(depth) + 1;
  const score = kind.startsWith('W')
    ? POPOUT_WIN - plies
    : kind.startsWith('L')
      ? plies - POPOUT_WIN
      : 0;
  return { score, nodes: Number(nodes), seconds: Number(seconds) };
}
