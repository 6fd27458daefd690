import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import {
  chooseMode,
  discCount,
  noHorizontalScroll,
  openGame,
  play,
  settle,
  statusText,
  winningCells,
} from './helpers.js';
import { browserSuite } from './suite.js';

/**
 * PopOut and Five-in-a-Row in the local game, played as a person does: the game chosen from the
 * board menu, pops by tap, click and key, on a phone and a desktop (issue 30, item 4).
 */
const suite = browserSuite();

const PHONE = { width: 360, height: 740 } as const;

async function chooseGame(page: Page, id: 'popout' | 'five' | '7x6c4'): Promise<void> {
  await page.selectOption('#preset', id);
  const game = id === '7x6c4' ? 'classic' : id;
  await expect.poll(() => page.getAttribute('.board', 'data-game')).toBe(game);
}

const said = (page: Page): Promise<string> =>
  page
    .locator('#announcer')
    .textContent()
    .then((text) => text ?? '');

const popButton = (page: Page, column: number) => page.locator(`.pop[data-col="${column}"]`);

/** The pop buttons a person sees now, by column. */
const visiblePops = (page: Page): Promise<string[]> =>
  page
    .locator('.pop:not([hidden])')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-col') ?? ''));

/** The discs of a column from the bottom: r, y or . for empty. */
const columnDiscs = (page: Page, column: number): Promise<string> =>
  page.locator(`.cell[data-col="${column}"]`).evaluateAll((cells) =>
    cells
      .map((c) => ({ row: Number(c.getAttribute('data-row')), what: c.getAttribute('data-cell') }))
      .sort((a, b) => a.row - b.row)
      .map((c) => (c.what === 'red' ? 'r' : c.what === 'yellow' ? 'y' : '.'))
      .join(''),
  );

describe('PopOut', () => {
  it('is chosen from the board menu and played by tap on a 360 px phone', async () => {
    const { page, screenshot } = await suite.newPage({ viewport: PHONE, hasTouch: true });
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'pvp');
    await chooseGame(page, 'popout');
    expect(await page.textContent('#game-name')).toBe('PopOut');
    // The rules, in a few lines under the menu.
    expect(await page.textContent('#goal')).toContain('pop one of your own discs');
    // No disc of Red's yet: nothing to pop.
    expect(await visiblePops(page)).toEqual([]);

    await page.tap('.column[data-col="4"]');
    await settle(page);
    await page.tap('.column[data-col="3"]');
    await settle(page);
    // Red's turn: a pop control under column 4 only, the one holding a Red disc at the bottom.
    expect(await visiblePops(page)).toEqual(['4']);
    await popButton(page, 4).waitFor();
    expect(await popButton(page, 4).getAttribute('aria-label')).toBe(
      'Pop your Red disc from column 4',
    );
    await noHorizontalScroll(page);
    await screenshot('family-popout-phone-before-pop');

    await page.tap('.pop[data-col="4"]');
    await settle(page);
    await expect.poll(() => said(page)).toBe('Red popped column 4.');
    expect(await columnDiscs(page, 4)).toBe('......');
    expect(await columnDiscs(page, 3)).toBe('y.....');
    expect(await statusText(page)).toContain('Yellow (Player 2) to move');
    // The move list writes the pop as the game string does; the link carries the game string.
    expect(await page.locator('#move-list li').allTextContents()).toEqual(['4', '3', 'p4']);
    expect(await page.inputValue('#share')).toContain('g=popout:43p4');
    // Yellow's turn now: Yellow's disc in column 3 may pop.
    expect(await visiblePops(page)).toEqual(['3']);
    await noHorizontalScroll(page);
    await screenshot('family-popout-phone-after-pop');
  });

  it('pops by click against the computer on a desktop, and the column falls', async () => {
    // Motion on: the popped column's discs fall (settle waits for the animation to end).
    const { page, screenshot } = await suite.newPage({ reducedMotion: 'no-preference' });
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'beginner');
    await chooseGame(page, 'popout');
    const moves = page.locator('#move-list li');
    await play(page, '4');
    await expect.poll(() => moves.count()).toBe(2);
    await play(page, '4');
    await expect.poll(() => moves.count()).toBe(4);
    await settle(page);
    // Red's disc sits at the bottom of column 4, whatever the computer did.
    expect((await columnDiscs(page, 4))[0]).toBe('r');
    await page.click('.pop[data-col="4"]');
    await expect.poll(() => said(page)).toMatch(/^(You popped column 4\.|The computer)/);
    // Then the computer answers (a drop or a pop of its own).
    await expect.poll(() => moves.count()).toBe(6);
    await settle(page);
    await screenshot('family-popout-desktop');
    expect(await moves.nth(4).textContent()).toBe('p4');
    expect(await page.inputValue('#share')).toMatch(/g=popout:4\d4\dp4p?\d/);

    // The game is saved as it is: a reload brings back PopOut and the pop.
    await page.reload();
    await page.locator('.board .column').first().waitFor();
    expect(await page.getAttribute('.board', 'data-game')).toBe('popout');
    expect(await page.locator('#move-list li').nth(4).textContent()).toBe('p4');
  });

  it('pops by keyboard: Shift with a column key, or P on the chosen column', async () => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'pvp');
    // The Keyboard card names the pop keys in PopOut only.
    await page.click('.keys summary');
    expect(await page.isVisible('.keys-pop')).toBe(false);
    await chooseGame(page, 'popout');
    await expect.poll(() => page.isVisible('.keys-pop')).toBe(true);
    expect(await page.textContent('.keys-pop')).toMatch(/P or ↑: pop the column under the cursor/);
    await page.locator('#board').focus();
    await page.keyboard.press('4');
    await settle(page);
    await page.keyboard.press('3');
    await settle(page);
    await page.keyboard.press('Shift+Digit4');
    await settle(page);
    await expect.poll(() => said(page)).toBe('Red popped column 4.');
    // Yellow: the cursor to column 3, then P pops it.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('p');
    await settle(page);
    await expect.poll(() => said(page)).toBe('Yellow popped column 3.');
    expect(await discCount(page)).toBe(0);
    // A pop that is not yours is refused with a reason, nothing changes.
    await page.keyboard.press('1');
    await settle(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+Digit1');
    await expect
      .poll(() => page.textContent('#notice'))
      .toBe('Column 1 has no Yellow disc at the bottom: you pop only your own.');
    expect(await columnDiscs(page, 1)).toBe('r.....');
  });

  it('opens a shared PopOut game from its link', async () => {
    const { page } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=popout:43p4&m=pvp`);
    await expect.poll(() => page.getAttribute('.board', 'data-game')).toBe('popout');
    expect(await page.locator('#move-list li').allTextContents()).toEqual(['4', '3', 'p4']);
    expect(await page.inputValue('#preset')).toBe('popout');
  });

  it('shows hints for drops above the columns and for pops on the Pop buttons', async () => {
    const { page, screenshot } = await suite.newPage({ viewport: PHONE });
    await openGame(page, `${suite.harness.url}#g=popout:4433&m=analysis`);
    await expect
      .poll(() => page.locator('.board:not(.hints-pending) .hint-row').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await page.textContent('#notice')).toBe('');
    // Every column still takes a drop: seven hints; Red's two pops carry theirs in their names.
    const drops = await page.locator('.hint-row .hint').allTextContents();
    expect(drops.filter((text) => text !== '')).toHaveLength(7);
    for (const column of [3, 4]) {
      await expect
        .poll(() => popButton(page, column).getAttribute('aria-label'), { timeout: 30_000 })
        .toMatch(new RegExp(`^Pop your Red disc from column ${column}, .+`));
      expect(await popButton(page, column).textContent()).toBe('Pop');
      expect(await page.textContent(`.pop[data-col="${column}"] + .pop-hint`)).not.toBe('');
    }
    expect(await page.textContent('#hint-note')).toContain('each pop on its Pop button');
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-popout-phone-hints');
  });

  it("names the proven best move early in PopOut, where every move's score takes too long", async () => {
    const { page } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=popout:43&m=analysis`);
    // Red wins in 9 of its moves with a disc in column 3, the only winning move that fast
    // (solveFamily); the other columns keep the search's estimates.
    await expect
      .poll(() => page.locator('.hint-row .hint').allTextContents(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['W9']));
    const drops = await page.locator('.hint-row .hint').allTextContents();
    expect(drops.indexOf('W9')).toBe(2);
    expect(drops.filter((text) => text === 'W9')).toHaveLength(1);
  });

  it('scores every first disc and every reply from the book at once: an edge disc loses', async () => {
    const { page } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=popout:&m=analysis`);
    await expect
      .poll(() => page.locator('.board:not(.hints-pending) .hint-row .hint').allTextContents(), {
        timeout: 30_000,
      })
      .toEqual(['L14', 'W16', 'W13', 'W11', 'W13', 'W16', 'L14']);
    // After an edge disc, every reply too: only the centre wins for Yellow.
    const { page: reply } = await suite.newPage();
    await openGame(reply, `${suite.harness.url}#g=popout:1&m=analysis`);
    await expect
      .poll(() => reply.locator('.board:not(.hints-pending) .hint-row .hint').allTextContents(), {
        timeout: 30_000,
      })
      .toEqual(['L11', 'L13', 'L13', 'W14', 'L15', 'L10', 'L9']);
  });

  it('has pop controls axe finds no fault with, on a phone and a desktop', async () => {
    const { page, screenshot } = await suite.newPage({ viewport: PHONE });
    await openGame(page, `${suite.harness.url}#g=popout:4433&m=pvp`);
    await expect.poll(() => visiblePops(page)).toEqual(['3', '4']);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-popout-axe-desktop');
  });
});

describe('Five-in-a-Row', () => {
  it('shows its set-up columns, refuses drops there, and counts lines through them', async () => {
    const { page, screenshot } = await suite.newPage({ viewport: PHONE, hasTouch: true });
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'pvp');
    await chooseGame(page, 'five');
    expect(await page.textContent('#game-name')).toBe('Five-in-a-Row');
    expect(await page.textContent('#goal')).toContain('outer columns are filled');
    // Nine columns, the two outer ones full from the start, alternating from Red at the bottom.
    expect(await page.locator('.board .column').count()).toBe(9);
    expect(await columnDiscs(page, 1)).toBe('ryryry');
    expect(await columnDiscs(page, 9)).toBe('ryryry');
    expect(await page.getAttribute('.column[data-col="1"]', 'aria-label')).toBe(
      'Column 1, filled before the game, no drops',
    );
    // aria-disabled: Playwright would wait for it to be enabled; a person taps it anyway.
    await page.tap('.column[data-col="1"]', { force: true });
    await expect
      .poll(() => page.textContent('#notice'))
      .toBe('Column 1 is filled before the game starts: drop in columns 2 to 8.');
    expect(await discCount(page)).toBe(12);
    await noHorizontalScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-five-phone');

    // Red's four on the bottom row with the set-up Red disc of column 1 make five (no column
    // twice in a row: a quick second tap there would be a double tap, one move).
    for (const [index, column] of ['2', '7', '3', '7', '4', '6', '5'].entries()) {
      await page.tap(`.column[data-col="${column}"]`);
      await expect.poll(() => page.locator('#move-list li').count()).toBe(index + 1);
      await settle(page);
    }
    await expect.poll(() => statusText(page)).toContain('Red (Player 1) wins');
    expect((await winningCells(page)).sort()).toEqual(['1,1', '2,1', '3,1', '4,1', '5,1']);
    await screenshot('family-five-phone-won');
  });

  it('plays against the computer on a desktop', async () => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'intermediate');
    await chooseGame(page, 'five');
    await play(page, '5');
    await expect.poll(() => discCount(page)).toBe(14);
    expect(await statusText(page)).toContain('Your turn');
  });

  it('Perfect on PopOut answers a first disc at the edge with the centre, the winning reply', async () => {
    const { page } = await suite.newPage();
    await openGame(page, suite.harness.url);
    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'perfect');
    await chooseGame(page, 'popout');
    const moves = page.locator('#move-list li');
    await play(page, '1');
    await expect.poll(() => moves.count(), { timeout: 30_000 }).toBe(2);
    // The only best reply to a disc in column 1, a win for Yellow in 27 plies (the book's).
    expect(await moves.nth(1).textContent()).toBe('4');
    expect(await page.inputValue('#share')).toContain('g=popout:14');
    await expect.poll(() => statusText(page)).toContain('Your turn');
  });

  it('reviews a finished game: the winning move judged by the solver', async () => {
    const { page, screenshot } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=five:2737465&m=pvp`);
    await expect.poll(() => statusText(page)).toContain('Red (Player 1) wins');
    await page.click('#review-link');
    await page.locator('.review-view').waitFor();
    expect(await page.textContent('#review-title')).toBe('Five-in-a-Row review');
    expect(await page.textContent('.review-meta')).toContain('five:2737465');
    // Judged from the last move back: the win itself is proven first.
    await expect
      .poll(() => page.textContent('.review-table tr[data-move="7"] .badge'), { timeout: 30_000 })
      .toContain('Best');
    expect(await page.textContent('.review-table tr[data-move="7"]')).toContain('win in 1 move');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot('family-five-review');
    // Leaving the review stops its worker and shows the game again.
    await page.click('text=Back to the game');
    await page.locator('.board .column').first().waitFor();
  });
});
