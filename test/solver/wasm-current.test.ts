import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ASC_FLAGS,
  FAMILY_SOURCES,
  SHARED_ASC_FLAGS,
  WIDE_SOURCES,
  assemblySourceHash,
} from '../../scripts/build/solver-wasm-source.js';
import { SOURCE_HASH } from '../../src/solver/wasm-binary.generated.js';
import { SOURCE_HASH as SHARED_SOURCE_HASH } from '../../src/solver/wasm-shared-binary.generated.js';
import { SOURCE_HASH as WIDE_SOURCE_HASH } from '../../src/solver/wasm-wide-binary.generated.js';
import { SOURCE_HASH as WIDE_SHARED_SOURCE_HASH } from '../../src/solver/wasm-wide-shared-binary.generated.js';
import { SOURCE_HASH as TEST_SOURCE_HASH } from './wasm-test-binary.generated.js';
import { SOURCE_HASH as POPOUT_SOURCE_HASH } from '../../src/solver/family/wasm-popout-binary.generated.js';
import { SOURCE_HASH as POPOUT_SHARED_SOURCE_HASH } from '../../src/solver/family/wasm-popout-shared-binary.generated.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('embedded solver wasm', () => {
  it('was built from the current AssemblyScript sources (else run `npm run build:wasm`)', () => {
    expect(SOURCE_HASH).toBe(assemblySourceHash(root, ASC_FLAGS));
  });
  it('the threads build too', () => {
    expect(SHARED_SOURCE_HASH).toBe(assemblySourceHash(root, SHARED_ASC_FLAGS));
  });
  it('and the wide build, from its own folder and the shared one', () => {
    expect(WIDE_SOURCE_HASH).toBe(assemblySourceHash(root, ASC_FLAGS, WIDE_SOURCES));
  });
  it('and the wide threads build', () => {
    expect(WIDE_SHARED_SOURCE_HASH).toBe(assemblySourceHash(root, SHARED_ASC_FLAGS, WIDE_SOURCES));
  });
  it('and the test build', () => {
    expect(TEST_SOURCE_HASH).toBe(assemblySourceHash(root, ASC_FLAGS));
  });
  it('and the PopOut builds, from their own folder and the common one', () => {
    expect(POPOUT_SOURCE_HASH).toBe(assemblySourceHash(root, ASC_FLAGS, FAMILY_SOURCES));
    expect(POPOUT_SHARED_SOURCE_HASH).toBe(
      assemblySourceHash(root, SHARED_ASC_FLAGS, FAMILY_SOURCES),
    );
  });
});
