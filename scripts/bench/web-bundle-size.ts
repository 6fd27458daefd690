// Reports the web game's bundle sizes (raw and gzip -9) from `dist/web`: what the first view
// loads (index.html and the files it references) versus what loads later (the search worker
// with the AI and the solver). Run after `npm run build:web`: `npx tsx scripts/bench/web-bundle-size.ts`.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '..', '..', 'dist', 'web');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
);
const assets = readdirSync(join(dist, 'assets'))
  .filter((name) => /\.(js|css|wasm)$/.test(name))
  .map((name) => `assets/${name}`);

function size(file: string): { raw: number; gzip: number } {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
let initialGzip = size('index.html').gzip;
let initialJsGzip = 0;
const rows: [string, 'initial' | 'lazy', { raw: number; gzip: number }][] = [
  ['index.html', 'initial', size('index.html')],
];
for (const file of assets) {
  const s = size(file);
  const when = initial.has(file) ? 'initial' : 'lazy';
  if (when === 'initial') {
    initialGzip += s.gzip;
    if (file.endsWith('.js')) initialJsGzip += s.gzip;
  }
  rows.push([file, when, s]);
}
for (const [file, when, s] of rows) {
  console.log(
    `${file.padEnd(36)} ${when.padEnd(8)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gz`,
  );
}
console.log(
  `initial JavaScript: ${kb(initialJsGzip)} gzip; first view total: ${kb(initialGzip)} gzip`,
);
