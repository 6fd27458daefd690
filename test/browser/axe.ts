import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core run inside the page (injected through playwright-core, no browser extension): the
 * WCAG 2.0 and 2.1 A and AA rules, so any such violation fails the test that checks.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

interface Violation {
  readonly id: string;
  readonly impact?: Impact | null;
  readonly help: string;
  readonly nodes: readonly {
    readonly target: readonly unknown[];
    readonly failureSummary?: string;
  }[];
}

/**
 * The violations on the page as it is now, one readable line per element; with `impacts`, only
 * those of these impacts (e.g. serious and critical).
 */
export async function axeViolations(page: Page, impacts?: readonly Impact[]): Promise<string[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary ?? '' })),
    }));
  }, WCAG_AA);
  return violations
    .filter((v) => impacts === undefined || (v.impact !== null && impacts.includes(v.impact)))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.id}, ${v.impact ?? 'no impact'} (${v.help}) at ${JSON.stringify(n.target)}: ${n.failureSummary}`,
      ),
    );
}
