import { IN_CI, clearSkips, readSkips, type SkipRecord } from './skips.js';

/**
 * Around a whole vitest run: forget the skips of earlier runs, and print every skip once at the
 * end. `npm test` runs two vitest processes (unit, then browser): the first is started with
 * C4_SKIPS_LATER=1 (keep quiet), the second with C4_SKIPS_CONTINUE=1 (keep the first one's
 * records), so the summary at the very end covers both.
 */
export function setup(): void {
  if (process.env['C4_SKIPS_CONTINUE'] !== '1') clearSkips();
}

export function teardown(): void {
  if (process.env['C4_SKIPS_LATER'] === '1') return;
  const all = readSkips();
  const references = all.filter((s) => s.reference === true);
  const skips = all.filter((s) => s.reference !== true);
  const list = (records: SkipRecord[]): string =>
    records.map((s) => `  - ${s.suite}: ${s.reason}`).join('\n');
  if (references.length > 0) {
    console.log(
      `\nReference data not on this machine (${references.length}; skipped in CI too):\n${list(references)}`,
    );
  }
  if (skips.length === 0) {
    console.log('\nSkipped suites: none.');
    return;
  }
  console.log(
    `\nSkipped suites (${skips.length}); ${IN_CI ? 'CI refuses these' : 'with CI=true each would fail'}:\n${list(skips)}`,
  );
}
