// What the generated wasm module is built from: the build writes this hash into the module and a
// test recomputes it, so a stale checked-in binary fails `npm test` instead of silently lingering.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const ASSEMBLY_DIR = 'src/solver/assembly';
export const ENTRY = `${ASSEMBLY_DIR}/solver.ts`;
export const GENERATED = 'src/solver/wasm-binary.generated.ts';
export const ASC_FLAGS = ['-O3', '--noAssert', '--runtime', 'stub', '--use', 'abort='];

export function assemblySourceHash(root: string): string {
  const hash = createHash('sha256');
  const ascVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/assemblyscript/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  hash.update(`asc ${ascVersion} ${ASC_FLAGS.join(' ')}\n`);
  const dir = join(root, ASSEMBLY_DIR);
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.ts')) continue;
    hash.update(`${name}\n`);
    hash.update(readFileSync(join(dir, name)));
  }
  return hash.digest('hex').slice(0, 32);
}
