// The opening book's cost in a fresh process (issue 31, item 2), measured inside each process
// from its own time origin so Node's start-up is not mixed in: importing the solver, reading
// the book file, decoding it, and the first book-answered analysis. Each run is a new `node`
// process on the built library; a bare `node -e ''` gives the start-up to compare with.
// Run after `npm run build:lib`: `npx tsx scripts/bench/analysis-book-load.ts [--runs 15]`.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    // Book-answered: ply 4 (the issue's `4444`) and a ply-8 line of seed 31's first game.
    positions: { type: 'string', default: '4444,56252552' },
  },
});
const runs = Number(values.runs);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const url = (path: string): string => pathToFileURL(join(dist, path)).href;

/** One fresh process: the phases' times (ms) and the analysis' nodes, as JSON on stdout. */
const child = (moves: string): string => `
const t0 = performance.now();
const core = await import(${JSON.stringify(url('core/index.js'))});
const solverLib = await import(${JSON.stringify(url('solver/index.js'))});
const { readFileSync } = await import('node:fs');
const { crc32 } = await import('node:zlib');
const { defaultBookPath } = await import(${JSON.stringify(url('cli/book-file.js'))});
const t1 = performance.now();
const bytes = new Uint8Array(readFileSync(defaultBookPath()));
const t2 = performance.now();
const parsed = solverLib.parseBook(bytes, (data) => crc32(data)); // as src/cli/book-file.ts
if (!parsed.ok) throw parsed.error;
const t3 = performance.now();
const moves = core.parseMoves(${JSON.stringify(moves)}, core.CLASSIC);
if (!moves.ok) throw moves.error;
const solver = new solverLib.Solver({ tableBits: 12, book: parsed.value });
const result = solver.analyze({ variant: core.CLASSIC, moves: moves.value }, { maxNodes: 20000 });
if (!result.ok) throw result.error;
const t4 = performance.now();
const exact = result.value.columns.every((c) => c === null || c.exact);
console.log(JSON.stringify({ start: t0, imports: t1 - t0, read: t2 - t1, decode: t3 - t2,
  lookup: t4 - t3, nodes: result.value.nodes, exact, bytes: bytes.length }));
`;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const wall = (args: string[]): number => {
  const start = performance.now();
  execFileSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return performance.now() - start;
};

const bare: number[] = [];
for (let i = 0; i < runs; i++) bare.push(wall(['-e', '']));
console.log(`bare node -e '': median ${median(bare).toFixed(0)} ms wall (${runs} runs)`);
console.log(
  '| position | before the script (ms) | imports | read file | decode | lookup | nodes | exact | book bytes |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const moves of values.positions.split(',')) {
  const samples: Record<string, number>[] = [];
  let nodes = 0;
  let exact = true;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', child(moves)], {
      encoding: 'utf8',
    });
    const r = JSON.parse(out) as Record<string, number> & { exact: boolean };
    samples.push(r);
    nodes = r.nodes!;
    bytes = r.bytes!;
    exact &&= r.exact;
  }
  const m = (key: string): string => median(samples.map((s) => s[key]!)).toFixed(1);
  console.log(
    `| \`${moves}\` | ${m('start')} | ${m('imports')} | ${m('read')} | ${m('decode')} | ${m('lookup')} | ${nodes} | ${exact ? 'yes' : 'no'} | ${bytes} |`,
  );
}
console.log(`medians of ${runs} fresh processes each`);
