import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { chooseMode, discCount, noHorizontalScroll, openGame, play, settle } from './helpers.js';
import { browserSuite } from './suite.js';

/**
 * PopOut on boards other than 7×6, chosen from the board menu (a preset board or a custom one),
 * with share links that bring the same game and board back; the Review of a PopOut opening
 * stepped through move by move (it once overflowed the stack there); and the Review's first
 * decisive mistakes, links that show their moves.
 */
const suite = browserSuite();

const PHONE = { width: 360, height: 740 } as const;

const columns = (page: Page): Promise<number> => page.locator('.board .column').count();
const shareLink = (page: Page): Promise<string> => page.inputValue('#share');

describe('PopOut on other boards', () => {
  it('plays PopOut 8×7 from the menu, pops, and its share link brings it back', async () => {
    const { page, screenshot } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'pvp');
    await page.selectOption('#preset', 'popout-8x7c4');
    await expect.poll(() => page.getAttribute('.board', 'data-game')).toBe('popout');
    expect(await columns(page)).toBe(8);
    expect(await page.textContent('#game-name')).toBe('PopOut');
    await play(page, '48');
    await page.click('.pop[data-col="4"]');
    await settle(page);
    await expect.poll(() => discCount(page)).toBe(1);
    const link = await shareLink(page);
    expect(link).toContain('g=popout-8x7c4:48p4');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-popout-8x7-desktop');
    await suite.closePage();

    const again = await suite.newPage({ viewport: PHONE, hasTouch: true });
    await openGame(again.page, link);
    await expect.poll(() => again.page.getAttribute('.board', 'data-game')).toBe('popout');
    expect(await again.page.inputValue('#preset')).toBe('popout-8x7c4');
    expect(await columns(again.page)).toBe(8);
    expect(await discCount(again.page)).toBe(1);
    expect(await shareLink(again.page)).toContain('g=popout-8x7c4:48p4');
    await noHorizontalScroll(again.page);
    expect(await axeViolations(again.page)).toEqual([]);
    await again.screenshot('family-popout-8x7-phone');
  });

  it('applies a custom PopOut board, and a link to one opens it with the form filled in', async () => {
    const { page } = await suite.newPage({ viewport: PHONE, hasTouch: true });
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'pvp');
    await page.selectOption('#preset', 'popout-custom');
    await page.fill('#cw', '6');
    await page.fill('#ch', '5');
    await page.fill('#cn', '4');
    await page.click('#custom button[type="submit"]');
    await expect.poll(() => columns(page)).toBe(6);
    expect(await page.getAttribute('.board', 'data-game')).toBe('popout');
    expect(await page.inputValue('#preset')).toBe('popout-custom');
    await page.tap('.column[data-col="3"]');
    await settle(page);
    const link = await shareLink(page);
    expect(link).toContain('g=popout-6x5c4:3');
    await suite.closePage();

    const again = await suite.newPage();
    await openGame(again.page, link);
    await expect.poll(() => again.page.getAttribute('.board', 'data-game')).toBe('popout');
    expect(await again.page.inputValue('#preset')).toBe('popout-custom');
    expect(await columns(again.page)).toBe(6);
    expect(await Promise.all(['#cw', '#ch', '#cn'].map((id) => again.page.inputValue(id)))).toEqual(
      ['6', '5', '4'],
    );
    // Connect Four's own "Custom…" still makes a classic game.
    await again.page.selectOption('#preset', 'custom');
    await again.page.click('#custom button[type="submit"]');
    await expect.poll(() => again.page.getAttribute('.board', 'data-game')).toBe('classic');
    expect(await again.page.inputValue('#preset')).toBe('custom');
  });
});

describe('the Review of a PopOut opening', () => {
  it('steps through the early moves and judges every one: the book, then the solver', async () => {
    const { page, screenshot } = await suite.newPage({ viewport: PHONE, hasTouch: true });
    await page.goto(`${suite.harness.url}#review=popout:4433`);
    await page.locator('.review-view').waitFor();
    const detail = (): Promise<string> => page.locator('.review-detail').innerText();
    await page.locator('#review-title').focus();
    await page.keyboard.press('Home');
    await expect.poll(detail).toBe('The empty board.');
    for (const [ply, who, column] of [
      [1, 'Red', 4],
      [2, 'Yellow', 4],
      [3, 'Red', 3],
      [4, 'Yellow', 3],
    ] as const) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(detail).toContain(`Move ${ply}: ${who} played column ${column}.`);
    }
    // The worker judges from the last move back, in passes of more time each (the stack once
    // overflowed here). Every move's score is out of reach in an opening, and the review once
    // ended with these moves not solved; the book knows the first two, and the position's score
    // with the played move's settles the others.
    await expect
      .poll(() => page.textContent('.review-status'), { timeout: 120_000, interval: 500 })
      .toMatch(/Review complete: all 4 moves judged/);
    const status = (await page.textContent('.review-view')) ?? '';
    expect(status).not.toContain('The review failed');
    const judged: string[] = [];
    for (const ply of [1, 2, 3, 4]) {
      await page.keyboard.press(ply === 1 ? 'Home' : 'ArrowRight');
      if (ply === 1) await page.keyboard.press('ArrowRight');
      await expect.poll(detail).toMatch(new RegExp(`^Move ${ply}: .*\\. .+: .+\\.`));
      judged.push(await detail());
    }
    expect(judged.join('\n')).not.toContain('Not solved');
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-popout-review-opening');
  }, 300_000);
});

describe('the Review’s first decisive mistake', () => {
  it('is a link that shows that move, as in the classic review', async () => {
    const { page } = await suite.newPage();
    // `c4 review popout-4x3c3:2211`: Red's first decisive mistake is move 3 (a win thrown
    // away), Yellow's move 4; every move of this small board is proven in the first pass.
    await page.goto(`${suite.harness.url}#review=popout-4x3c3:2211`);
    await page.locator('.review-view').waitFor();
    const discs = (): Promise<number> =>
      page.locator('.review-view .cell:not([data-cell="empty"])').count();
    const detail = (): Promise<string> => page.locator('.review-detail').innerText();
    await expect.poll(discs).toBe(4);
    const red = page.locator('.player-summary.p1');
    const yellow = page.locator('.player-summary.p2');
    for (const summary of [red, yellow]) {
      await expect
        .poll(() => summary.getAttribute('data-verdict'), { timeout: 60_000 })
        .toBe('move');
    }
    await red.getByRole('button', { name: "Show Red's first decisive mistake, move 3" }).click();
    await expect.poll(discs).toBe(3);
    expect(await detail()).toMatch(/^Move 3: Red played column 1\. Blunder/);
    expect(await page.getAttribute('.review-table tr[data-move="3"]', 'aria-current')).toBe('true');
    await yellow.getByRole('button', { name: /Yellow's first decisive mistake, move 4/ }).click();
    await expect.poll(discs).toBe(4);
    expect(await detail()).toMatch(/^Move 4: Yellow played column 1\. Blunder/);
  });
});
