// Starting a worker thread on one of this folder's modules, from the build (dist, .js) and
// from the TypeScript sources (tsx, vitest) alike.
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const here = fileURLToPath(import.meta.url);

/** A worker running `name` (a module of src/cli, without extension) with `workerData`. */
export function startWorker(name: string, workerData: unknown): Worker {
  const file = join(dirname(here), `${name}${extname(here)}`);
  if (extname(here) !== '.ts') return new Worker(file, { workerData });
  // Run from TypeScript sources, the thread registers tsx's loader first: the parent's loader
  // hooks do not reach worker threads.
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = pathToFileURL(file).href;
  const boot = `import(${JSON.stringify(api)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
