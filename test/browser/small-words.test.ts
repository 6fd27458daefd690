import { describe, expect, it } from 'vitest';
import type { TournamentDetail } from '../../src/protocol/index.js';
import { browserSuite } from './suite.js';
import { openGame } from './helpers.js';
import { CLASSIC_PUZZLES, wrongColumn } from './puzzle-set.js';

/**
 * The small things a player noticed: a stray ellipsis in "The refutation… Red answers in column
 * 4"; the header's links unevenly spaced at 1280 px; "Computer (Yellow)" wrapping so its score
 * sat lower; the name card's "Or a code from another device" breaking mid-phrase; the podium's
 * "1. 1st: …" (a numbered list of places that say their number).
 */
const suite = browserSuite();

describe('small ones', () => {
  it('a failed puzzle names its refutation without a stray ellipsis', async () => {
    const { page } = await suite.newPage();
    const puzzle = CLASSIC_PUZZLES.find((p) => p.goal === 'win' && p.steps.length === 1)!;
    await page.goto(`${suite.harness.url}#puzzles=${puzzle.id}`);
    await page.locator('.puzzle-prompt').waitFor();
    await page.click(`.puzzles-view .column[data-col="${wrongColumn(puzzle)}"]`);
    await expect
      .poll(() => page.textContent('.puzzle-feedback'), { timeout: 30_000 })
      .toMatch(/The refutation: (Red|Yellow) answers in column \d/);
    expect(await page.textContent('.puzzle-feedback')).not.toContain('…');
  });

  it('the header’s links stand together, evenly spaced, at 1280 px', async () => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    const boxes = await page
      .locator('header .page-link, header .online-link')
      .evaluateAll((links) => links.map((l) => l.getBoundingClientRect()));
    expect(boxes).toHaveLength(3);
    const gaps = boxes.slice(1).map((b, i) => b.left - boxes[i]!.right);
    // Together at the right, one gap apart (spread by the free space they stood 80 px apart,
    // further than anything else in the header).
    expect(Math.abs(gaps[0]! - gaps[1]!)).toBeLessThanOrEqual(1);
    expect(gaps[0]).toBeLessThanOrEqual(24);
  });

  for (const width of [360, 1280]) {
    it(`a score under a name on two lines sits level with the others at ${width} px`, async () => {
      const { page } = await suite.newPage({
        viewport: { width, height: width < 500 ? 740 : 900 },
        hasTouch: width < 500,
      });
      await openGame(page, `${suite.harness.url}#g=7x6c4:&m=cpu`);
      // "Computer (Yellow)" takes two lines in the score card at both widths.
      const names = await page.locator('.tally dt').evaluateAll((dts) =>
        dts.map((d) => {
          const text = document.createRange();
          text.selectNodeContents(d);
          return text.getClientRects().length;
        }),
      );
      expect(Math.max(...names)).toBeGreaterThan(1);
      const tops = await page
        .locator('.tally dd')
        .evaluateAll((scores) => scores.map((s) => Math.round(s.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    });
  }

  it('the name card’s code label is one phrase on its own line', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.harness.url}#tournaments`);
    const label = page.locator('label[for="online-code"]');
    await label.waitFor();
    const lines = await label.evaluate((l) => l.getClientRects().length);
    expect(lines).toBe(1);
    const button = (await page.locator('button', { hasText: 'Choose name' }).boundingBox())!;
    const box = (await label.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(button.y + button.height - 1);
  });

  it('the podium says each place once ("1st: …", not "1. 1st: …")', async () => {
    const { page } = await suite.newPage();
    const standing = (rank: number, name: string, score: number) => ({
      rank,
      playerId: `p${String(rank)}`,
      name,
      rating: 1500,
      score,
      games: 3,
      withdrawn: false,
    });
    // A finished arena, as the server answers it (one the test need not play for an hour);
    // typed, so a change of the answer's shape fails the type check rather than the page.
    const tournament: TournamentDetail = {
      id: 'podium01',
      kind: 'arena',
      name: 'Finished arena',
      game: 'classic',
      variant: '7x6c4',
      clock: { initialMs: 180_000, incrementMs: 2000 },
      status: 'finished',
      startsAt: 0,
      endsAt: 3_300_000,
      rounds: null,
      round: null,
      players: 3,
      private: true,
      createdBy: null,
      standings: [standing(1, 'Ada', 6), standing(2, 'Bob', 4), standing(3, 'Cy', 2)],
      pairings: [],
    };
    await page.route('**/api/tournaments/podium01', (route) =>
      route.fulfill({ json: { tournament } }),
    );
    await page.goto(`${suite.harness.url}#tournament=podium01`);
    const places = page.locator('.tournament-podium li');
    await expect.poll(() => places.count(), { timeout: 15_000 }).toBe(3);
    expect(await places.allTextContents()).toEqual([
      '1st: Ada, 6 points',
      '2nd: Bob, 4 points',
      '3rd: Cy, 2 points',
    ]);
    // No marker drawn before the words (a list marker is not in the text: its style says it).
    const markers = await places.evaluateAll((items) =>
      items.map((li) => getComputedStyle(li).listStyleType),
    );
    expect(markers).toEqual(['none', 'none', 'none']);
  });

  it('a page’s heading, focused on arrival, has no focus ring', async () => {
    const { page } = await suite.newPage();
    // A review link opened afresh drew a thick box round "Game review".
    await page.goto(`${suite.harness.url}#review=7x6c4:4453`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('review-title');
    expect(
      await page.locator('#review-title').evaluate((h) => getComputedStyle(h).outlineStyle),
    ).toBe('none');
  });
});
