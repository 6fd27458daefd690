import { describe, expect, it } from 'vitest';
import { browserSuite } from './suite.js';
import { chooseMode, openGame, play } from './helpers.js';

/**
 * After 4444 the analysis board showed `L18 ~★ ~−1 W ~−1 ~−10 ~★`: mirror columns with
 * different values, a proven loss beside its starred mirror, and the star in the proven win's
 * green ▲. A position equal to its mirror must show equal hints in mirror columns at every
 * moment, and an estimate must be drawn unlike any proof.
 */
const suite = browserSuite();

interface Shown {
  readonly text: string;
  readonly tone: string;
}

describe('analysis of a symmetric position', () => {
  it('shows the same hint in mirror columns after 4444, and estimates unlike proofs', async () => {
    const { page, screenshot } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'analysis');
    await play(page, '4444');
    const hints = (): Promise<Shown[]> =>
      page.locator('.hint-row .hint').evaluateAll((all) =>
        all.map((h) => ({
          text: h.textContent,
          tone: (h as HTMLElement).dataset['tone'] ?? '',
        })),
      );
    const note = async (): Promise<string> => (await page.textContent('#hint-note')) ?? '';
    const seen: Shown[][] = [];
    // Every state shown until the analysis ends, the intermediate ones included.
    await expect
      .poll(
        async () => {
          const shown = await hints();
          if (shown.some((h) => h.text !== '')) seen.push(shown);
          return /Stopped at the time limit|Solved|D = draw[^]*\.$/.test(await note()) &&
            !/Still solving/.test(await note())
            ? seen.length
            : 0;
        },
        { timeout: 45_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    for (const shown of seen) {
      expect(shown).toHaveLength(7);
      for (let c = 0; c < 7; c++) expect(shown[c], JSON.stringify(shown)).toEqual(shown[6 - c]);
      for (const hint of shown) {
        if (hint.text.startsWith('~')) expect(hint.tone).toBe('estimate');
        else if (/^W/.test(hint.text)) expect(hint.tone).toBe('good');
      }
    }
    // An estimate's mark is not a proof's ▲/●/▼.
    const mark = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'hint';
      probe.dataset['tone'] = 'estimate';
      document.querySelector('.hint-row')!.append(probe);
      const content = getComputedStyle(probe, '::before').content;
      probe.remove();
      return content;
    });
    expect(mark).toBe('"≈"');
    await screenshot('analysis-4444-symmetric');
  });
});
