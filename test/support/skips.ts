import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'vitest';

/**
 * Suites that need something this machine may lack (a browser, a service, a data set) say so
 * here instead of passing quietly: outside CI they are skipped and recorded, and one summary of
 * every skip is printed at the end of the run (test/support/global-setup.ts); with `CI=true` a
 * missing requirement is a failing test, so nothing silently stops being tested.
 */
export const IN_CI = ['true', '1'].includes((process.env['CI'] ?? '').toLowerCase());

const SKIP_DIR = resolve(import.meta.dirname, '..', '..', 'test-results', 'skips');

export interface SkipRecord {
  readonly suite: string;
  readonly reason: string;
  /** Data no CI machine can have (describeIfReference): skipped in CI too. */
  readonly reference?: boolean;
}

export function recordSkip(suite: string, reason: string, reference = false): void {
  mkdirSync(SKIP_DIR, { recursive: true });
  const record: SkipRecord = reference ? { suite, reason, reference } : { suite, reason };
  writeFileSync(join(SKIP_DIR, `${randomUUID()}.json`), JSON.stringify(record));
}

export function clearSkips(): void {
  rmSync(SKIP_DIR, { recursive: true, force: true });
}

export function readSkips(): SkipRecord[] {
  let files: string[];
  try {
    files = readdirSync(SKIP_DIR);
  } catch {
    return [];
  }
  const records = files
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(SKIP_DIR, f), 'utf8')) as SkipRecord);
  // One line per suite and reason, however many files reported it.
  const unique = new Map(records.map((r) => [`${r.suite}\n${r.reason}`, r]));
  return [...unique.values()].sort((a, b) => a.suite.localeCompare(b.suite));
}

/**
 * `describe(name, body)` when `missing` is undefined. Otherwise, outside CI, a skipped suite
 * whose name gives the reason (and a skip record); in CI, a suite with one failing test.
 */
export function describeIf(name: string, missing: string | undefined, body: () => void): void {
  if (missing === undefined) {
    describe(name, body);
    return;
  }
  if (IN_CI) {
    describe(name, () => {
      it(`cannot run: ${missing}`, () => {
        throw new Error(`CI refuses skips: ${name}: ${missing}`);
      });
    });
    return;
  }
  skipSuite(name, missing);
}

function skipSuite(name: string, missing: string, reference = false): void {
  recordSkip(name, missing, reference);
  // Not the body: vitest collects a skipped suite's body, which would reach for what is missing.
  describe.skip(name, () => {
    it(`cannot run: ${missing}`, () => undefined);
  });
}

/**
 * For data no CI machine can have: a reference kept outside the repository and outside
 * `../shared` (e.g. Christophe Steininger's test sets, which may not be copied in). Skipped with
 * its reason and recorded wherever it is missing, CI included; run it where the data is.
 */
export function describeIfReference(
  name: string,
  missing: string | undefined,
  body: () => void,
): void {
  if (missing === undefined) {
    describe(name, body);
    return;
  }
  skipSuite(name, missing, true);
}

/** A requirement as a reason it is missing, or undefined when it is met. */
export type Missing = string | undefined;

/** Fails in CI; elsewhere records the skip. For callers that leave a case out themselves. */
export function requireOrSkip(suite: string, missing: Missing): boolean {
  if (missing === undefined) return true;
  if (IN_CI) throw new Error(`CI refuses skips: ${suite}: ${missing}`);
  recordSkip(suite, missing);
  return false;
}
