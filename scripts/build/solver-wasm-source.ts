// What the generated wasm modules are built from: the build writes this hash into each module and
// a test recomputes it, so a stale checked-in binary fails `npm test` instead of silently lingering.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const ASSEMBLY_DIR = 'src/solver/assembly';
/** What the 64-bit and the wide builds share (windows, scores, replacement, mirror keys). */
export const COMMON_DIR = `${ASSEMBLY_DIR}/common`;
export const ENTRY = `${ASSEMBLY_DIR}/solver.ts`;
export const GENERATED = 'src/solver/wasm-binary.generated.ts';
export const ASC_FLAGS = ['-O3', '--noAssert', '--runtime', 'stub', '--use', 'abort='];

/**
 * The threads build: the same source with atomics, importing one shared memory that every
 * thread's instance uses (src/solver/shared.ts lays it out). Its own file, so a bundle that never
 * shares a table never carries it. 65536 pages (4 GiB) is only the ceiling a host may offer;
 * the host creates the memory at the size the table needs.
 */
export const SHARED_GENERATED = 'src/solver/wasm-shared-binary.generated.ts';
export const SHARED_ASC_FLAGS = [
  ...ASC_FLAGS,
  '--enable',
  'threads',
  '--importMemory',
  '--sharedMemory',
  '--maximumMemory',
  '65536',
];

/**
 * The wide build: boards whose bitboard does not fit 64 bits, from its own folder (so its hash,
 * and a change to it, leave the 64-bit builds alone). Loaded only for those boards.
 */
export const WIDE_DIR = `${ASSEMBLY_DIR}/wide`;
/** The folders each build is compiled from (its hash covers them). */
export const NARROW_SOURCES = [ASSEMBLY_DIR, COMMON_DIR] as const;
export const WIDE_SOURCES = [WIDE_DIR, COMMON_DIR] as const;
export const WIDE_GENERATED = 'src/solver/wasm-wide-binary.generated.ts';
/** The wide build with threads (shared memory), as SHARED_GENERATED is the 64-bit one's. */
export const WIDE_SHARED_GENERATED = 'src/solver/wasm-wide-shared-binary.generated.ts';

/**
 * The test build: the default build's sources with the switches and probes tests need
 * (assembly/testing.ts), kept out of the product: it lives beside the tests that load it.
 */
export const TEST_GENERATED = 'test/solver/wasm-test-binary.generated.ts';

/**
 * The PopOut search (src/solver/assembly/family): its own folder and module, loaded only by
 * src/solver/family, so the classic builds' hashes and bytes do not change with it.
 */
export const FAMILY_DIR = `${ASSEMBLY_DIR}/family`;
/** Its threads build takes the classic one's helper wake-up and wait (common/parallel.ts). */
export const FAMILY_SOURCES = [FAMILY_DIR, COMMON_DIR] as const;
export const FAMILY_GENERATED = 'src/solver/family/wasm-popout-binary.generated.ts';
/** The PopOut search with threads (one shared memory, family/shared.ts), as SHARED_GENERATED. */
export const FAMILY_SHARED_GENERATED = 'src/solver/family/wasm-popout-shared-binary.generated.ts';

export const WASM_BUILDS = [
  { generated: GENERATED, flags: ASC_FLAGS, entry: ENTRY, dirs: NARROW_SOURCES },
  { generated: SHARED_GENERATED, flags: SHARED_ASC_FLAGS, entry: ENTRY, dirs: NARROW_SOURCES },
  { generated: WIDE_GENERATED, flags: ASC_FLAGS, entry: `${WIDE_DIR}/wide.ts`, dirs: WIDE_SOURCES },
  {
    generated: WIDE_SHARED_GENERATED,
    flags: SHARED_ASC_FLAGS,
    entry: `${WIDE_DIR}/wide.ts`,
    dirs: WIDE_SOURCES,
  },
  {
    generated: FAMILY_GENERATED,
    flags: ASC_FLAGS,
    entry: `${FAMILY_DIR}/popout.ts`,
    dirs: FAMILY_SOURCES,
  },
  {
    generated: FAMILY_SHARED_GENERATED,
    flags: SHARED_ASC_FLAGS,
    entry: `${FAMILY_DIR}/popout.ts`,
    dirs: FAMILY_SOURCES,
  },
  {
    generated: TEST_GENERATED,
    flags: ASC_FLAGS,
    entry: `${ASSEMBLY_DIR}/testing.ts`,
    dirs: NARROW_SOURCES,
  },
] as const;

export function assemblySourceHash(
  root: string,
  flags: readonly string[] = ASC_FLAGS,
  sourceDirs: readonly string[] = NARROW_SOURCES,
): string {
  const hash = createHash('sha256');
  const ascVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/assemblyscript/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  hash.update(`asc ${ascVersion} ${flags.join(' ')}\n`);
  for (const sourceDir of sourceDirs) {
    const dir = join(root, sourceDir);
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.ts')) continue;
      hash.update(`${sourceDir}/${name}\n`);
      hash.update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 32);
}
