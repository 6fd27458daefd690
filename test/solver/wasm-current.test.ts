import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assemblySourceHash } from '../../scripts/solver-wasm-source.js';
import { SOURCE_HASH } from '../../src/solver/wasm-binary.generated.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('embedded solver wasm', () => {
  it('was built from the current AssemblyScript sources (else run `npm run build:wasm`)', () => {
    expect(SOURCE_HASH).toBe(assemblySourceHash(root));
  });
});
