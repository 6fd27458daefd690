// `npx tsx scripts/bench/pons-agree.ts SCORES [--timeout-s 5]`: checks the analyses a bench wrote
// (`bench:analysis --scores SCORES`: a line per position, its 1-based moves then every column's
// score, `x` for a full one) against Pascal Pons' C++ solver (`C4_PONS_PROCESS`, his plain
// `c4solver`, built outside this repository), run as `c4solver -a` once per position.
//
// His program has no book here, so near the root it takes minutes: each position gets
// `--timeout-s` and the ones past it are counted as unanswered, not compared. Prints the positions
// compared, those that agree, those he did not answer (by ply) and every disagreement; exits 1
// on a disagreement.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { 'timeout-s': { type: 'string', default: '5' } },
  allowPositionals: true,
});
const [scoresFile] = positionals;
const pons = process.env['C4_PONS_PROCESS'];
if (scoresFile === undefined) throw new Error('usage: pons-agree.ts SCORES [--timeout-s 5]');
if (pons === undefined) throw new Error('C4_PONS_PROCESS: the path of Pons` c4solver, not set');
const timeoutMs = Number(values['timeout-s']) * 1000;

// His program looks for its own book in the working directory: an empty one keeps it away.
const dir = mkdtempSync(join(tmpdir(), 'pons-agree-'));
const unanswered = new Map<number, number>();
const disagreements: string[] = [];
let compared = 0;
try {
  const lines = readFileSync(scoresFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  for (const line of lines) {
    const [moves = '', ...ours] = line.trim().split(' ');
    const run = spawnSync(pons, ['-a'], {
      input: `${moves}\n`,
      cwd: dir,
      timeout: timeoutMs,
      encoding: 'utf8',
    });
    const answer = run.stdout.split('\n').find((l) => l.startsWith(`${moves} `));
    if (run.status !== 0 || answer === undefined) {
      unanswered.set(moves.length, (unanswered.get(moves.length) ?? 0) + 1);
      continue;
    }
    // His full columns are -1000; ours are `x`.
    const his = answer
      .trim()
      .split(' ')
      .slice(1)
      .map((s) => (s === '-1000' ? 'x' : s));
    compared++;
    if (his.join(' ') !== ours.join(' ')) {
      disagreements.push(`${moves}: ours ${ours.join(' ')}, Pons ${his.join(' ')}`);
    }
  }
  const skipped = [...unanswered.entries()].sort((a, b) => a[0] - b[0]);
  console.log(
    `${scoresFile}: ${lines.length} analyses; Pons answered ${compared} within ${values['timeout-s']} s ` +
      `and ${compared - disagreements.length} agree on every column`,
  );
  if (skipped.length > 0) {
    console.log(
      `not answered by Pons in time (ply: positions): ${skipped.map(([p, n]) => `${p}: ${n}`).join(', ')}`,
    );
  }
  for (const d of disagreements) console.log(`DISAGREE ${d}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = disagreements.length > 0 ? 1 : 0;
