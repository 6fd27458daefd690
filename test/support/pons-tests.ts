// Locates and parses the shared Pons test sets (never copied into the repository).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PONS_SETS = [
  { file: 'Test_L3_R1', label: 'end' },
  { file: 'Test_L2_R1', label: 'middle, easy' },
  { file: 'Test_L2_R2', label: 'middle, hard' },
  { file: 'Test_L1_R1', label: 'begin, easy' },
  { file: 'Test_L1_R2', label: 'begin, medium' },
] as const;

export interface PonsCase {
  readonly line: number;
  readonly text: string;
  /** 0-based columns. */
  readonly moves: readonly number[];
  readonly score: number;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `C4_PONS_TESTS`, else `../shared/data/pons-tests` from the project root. */
export function ponsTestsDir(): string {
  return process.env['C4_PONS_TESTS'] ?? join(root, '..', 'shared', 'data', 'pons-tests');
}

/** The cases of one set, or a reason why they are not available. */
export function loadPonsSet(file: string): { cases: PonsCase[] } | { missing: string } {
  const path = join(ponsTestsDir(), file);
  if (!existsSync(path)) return { missing: `${path} not found (set C4_PONS_TESTS)` };
  const cases: PonsCase[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      const line = raw.trim();
      if (line === '') return;
      const [text = '', score = ''] = line.split(/\s+/);
      cases.push({
        line: index + 1,
        text,
        moves: text.split('').map((c) => Number(c) - 1),
        score: Number(score),
      });
    });
  return { cases };
}
