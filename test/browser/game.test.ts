import { describe, expect, it } from 'vitest';
import type { PageOptions, TestPage } from './harness.js';
import { browserSuite } from './suite.js';
import {
  boardFullyVisible,
  chooseMode,
  discCount,
  noHorizontalScroll,
  openGame,
  play,
  settle,
  statusText,
  winningCells,
} from './helpers.js';

/**
 * The web game in a real browser against the real server. Most tests use reduced motion for
 * speed; the animation tests turn it back on. Every test ends by checking the console was clean.
 */
const suite = browserSuite();

async function fresh(options: PageOptions = {}): Promise<TestPage> {
  const opened = await suite.newPage(options);
  await openGame(opened.page, suite.harness.url);
  return opened;
}

describe('two players on one screen', () => {
  it('wins vertically, horizontally and on both diagonals, lighting the line and scoring', async () => {
    const { page, screenshot } = await fresh();
    await chooseMode(page, 'pvp');
    const games: [string, string[]][] = [
      ['1212121', ['1,1', '1,2', '1,3', '1,4']],
      ['1122334', ['1,1', '2,1', '3,1', '4,1']],
      ['12234334544', ['1,1', '2,2', '3,3', '4,4']],
      ['76654554344', ['4,4', '5,3', '6,2', '7,1']],
    ];
    for (const [index, [moves, line]] of games.entries()) {
      await play(page, moves);
      expect(await statusText(page)).toContain('Red (Player 1) wins');
      expect((await winningCells(page)).sort()).toEqual(line.sort());
      expect(await page.textContent('#score-a')).toBe(String(index + 1));
      expect(await page.locator('#announcer').textContent()).toContain('wins');
      if (index === 0) await screenshot('win-vertical');
      if (index === 2) await screenshot('win-diagonal');
      await page.click('#again');
      expect(await discCount(page)).toBe(0);
      expect(await page.textContent('#round')).toBe(String(index + 2));
    }
  });

  it('lights every line when one disc completes several', async () => {
    const { page, screenshot } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '464147612721562552643');
    expect(await statusText(page)).toContain('wins with 2 lines at once');
    expect((await winningCells(page)).length).toBeGreaterThanOrEqual(7);
    await screenshot('win-two-lines');
  });

  it('ends in a draw on the 5x4 connect-3 board', async () => {
    const { page, screenshot } = await fresh();
    await chooseMode(page, 'pvp');
    await page.selectOption('#preset', '5x4c3');
    await play(page, '11112222533334444555');
    expect(await statusText(page)).toContain('Draw');
    expect(await page.textContent('#score-draws')).toBe('1');
    await screenshot('draw-5x4');
  });

  it('says so gently when a column is full', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '111111');
    // A full column is aria-disabled, but a person can still click it.
    await page.click('.column[data-col="1"]', { force: true });
    await expect.poll(() => page.textContent('#notice')).toContain('Column 1 is full');
    expect(await discCount(page)).toBe(6);
    await expect
      .poll(() => page.getAttribute('.column[data-col="1"]', 'aria-label'))
      .toContain('full');
  });

  it('drops one disc for a fast double click, with and without animation', async () => {
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const { page } = await fresh({ reducedMotion });
      await chooseMode(page, 'pvp');
      await page.dblclick('.column[data-col="4"]');
      await settle(page);
      expect(await discCount(page)).toBe(1);
      // Two clicks the browser counts as separate (detail 1 each) are two moves, even while
      // the first disc still falls: only a double click or double tap is one.
      await page.click('.column[data-col="3"]');
      await page.click('.column[data-col="3"]', { delay: 0 });
      await settle(page);
      expect(await discCount(page)).toBe(3);
      await suite.closePage();
    }
  });

  it('undo and redo', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '443');
    await page.click('#undo');
    await page.click('#undo');
    expect(await discCount(page)).toBe(1);
    await page.click('#redo');
    expect(await discCount(page)).toBe(2);
    await page.keyboard.press('u');
    expect(await discCount(page)).toBe(1);
    await page.keyboard.press('r');
    await page.keyboard.press('r');
    expect(await discCount(page)).toBe(3);
    expect(await page.locator('#move-list li').count()).toBe(3);
  });

  it('jumps through the game from the move list, and back to the end', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '1212121');
    expect(await statusText(page)).toMatch(/wins/i);
    expect(await page.textContent('#score-a')).toBe('1');
    await page.getByRole('button', { name: 'Move 2: Yellow column 2' }).click();
    await settle(page);
    expect(await discCount(page)).toBe(2);
    expect(await statusText(page)).not.toMatch(/wins/i);
    // Reviewing a game never changes the score: the win counted once, when the game ended.
    expect(await page.textContent('#score-a')).toBe('1');
    expect(await page.textContent('#round')).toBe('1');
    // The moves ahead stay listed (dimmed) and clickable.
    expect(await page.locator('#move-list li.ahead').count()).toBe(5);
    await expect
      .poll(() => page.locator('#move-list [aria-current="step"]').textContent())
      .toBe('2');
    await page.getByRole('button', { name: 'Move 7: Red column 1' }).click();
    await settle(page);
    expect(await discCount(page)).toBe(7);
    expect(await statusText(page)).toMatch(/wins/i);
    expect(await page.textContent('#score-a')).toBe('1');
    // Nor does undo: the first end is the game's result.
    await page.click('#undo');
    expect(await page.textContent('#score-a')).toBe('1');
    // A draw the same way, on the small board.
    await page.selectOption('#preset', '5x4c3');
    await play(page, '11112222533334444555');
    expect(await page.textContent('#score-draws')).toBe('1');
    await page.getByRole('button', { name: 'Move 3: Red column 1' }).click();
    await settle(page);
    expect(await page.textContent('#score-draws')).toBe('1');
  });
});

describe('every tap counts', () => {
  it('a tap as soon as "Your turn" shows plays, even while the computer’s disc still falls', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { page } = await fresh({ reducedMotion: 'no-preference', viewport });
      await chooseMode(page, 'cpu');
      await page.selectOption('#level', 'beginner');
      for (const [turn, column] of ['4', '3', '5', '4'].entries()) {
        // The moment the computer's reply appears: its disc is falling, the status says so.
        if (turn > 0) {
          await page.waitForFunction(
            () =>
              document.querySelector('#status')?.textContent.startsWith('Your turn') === true &&
              document.querySelector('.board.animating') !== null,
            undefined,
            { polling: 'raf' },
          );
        }
        await page.click(`.column[data-col="${column}"]`);
        // Taken at once: the disc is on the board before anything else happens.
        expect(await discCount(page, 'red')).toBe(turn + 1);
        await expect.poll(() => discCount(page, 'yellow'), { timeout: 20_000 }).toBe(turn + 1);
      }
      await suite.closePage();
    }
  });

  it('a click or tap on a disc already in a column plays in that column', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '444');
    const centre = async (selector: string): Promise<{ x: number; y: number }> => {
      const box = await page.locator(selector).boundingBox();
      if (!box) throw new Error(`${selector} is not on screen`);
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const bottom = await centre('.cell[data-col="4"][data-row="1"] .disc');
    await page.mouse.click(bottom.x, bottom.y);
    await expect.poll(() => discCount(page)).toBe(4);
    expect(await page.getAttribute('.cell[data-col="4"][data-row="4"]', 'data-cell')).toBe(
      'yellow',
    );
    await suite.closePage();

    const phone = await fresh({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await chooseMode(phone.page, 'pvp');
    await phone.page.selectOption('#preset', 'custom');
    await phone.page.fill('#cw', '3');
    await phone.page.fill('#ch', '3');
    await phone.page.fill('#cn', '3');
    await phone.page.click('#custom button[type="submit"]');
    await play(phone.page, '2');
    const box = await phone.page.locator('.cell[data-col="2"][data-row="1"] .disc').boundingBox();
    if (!box) throw new Error('the disc is not on screen');
    await phone.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => discCount(phone.page)).toBe(2);
    expect(await phone.page.getAttribute('.cell[data-col="2"][data-row="2"]', 'data-cell')).toBe(
      'yellow',
    );
  });

  it('keys pressed in quick succession each play, on a 12-wide board', async () => {
    const { page } = await fresh({ reducedMotion: 'no-preference' });
    await chooseMode(page, 'pvp');
    await page.selectOption('#preset', 'custom');
    await page.fill('#cw', '12');
    await page.fill('#ch', '12');
    await page.fill('#cn', '4');
    await page.click('#custom button[type="submit"]');
    await expect.poll(() => page.getAttribute('.board', 'data-variant')).toBe('12x12c4');
    await page.locator('#board').focus();
    for (const key of ['1', '6', '=', '-', '0']) await page.keyboard.press(key);
    await settle(page);
    const filled = await page
      .locator('.cell:not([data-cell="empty"])')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-col')).sort());
    expect(filled).toEqual(['1', '10', '11', '12', '6'].sort());
  });
});

describe('keyboard and screen reader', () => {
  it('announces a jump in the move list, ties the Load error to its box, skips full columns', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '1212121');
    await expect.poll(() => page.textContent('#announcer')).toContain('wins');
    await page.getByRole('button', { name: 'Move 3: Red column 1' }).click();
    await expect
      .poll(() => page.textContent('#announcer'))
      .toBe('Move 3 of 7: Red in column 1. Yellow (Player 2) to move.');

    await page.fill('#paste-input', '44x');
    await page.click('#paste button[type="submit"]');
    const described = await page.getAttribute('#paste-input', 'aria-describedby');
    expect(await page.textContent(`#${described ?? 'none'}`)).toContain('not a column');

    // Filling column 1 from the keyboard: the cursor moves off it, and arrows pass over it.
    await page.click('#new');
    await page.locator('.column[tabindex="0"]').focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('1');
      await settle(page);
    }
    const focused = (): Promise<string | null> =>
      page.evaluate(() => document.activeElement?.getAttribute('data-col') ?? null);
    await expect.poll(focused).toBe('2');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('7');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('2');
  });

  it('says "The computer drops" for the computer’s move', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'cpu');
    await page.selectOption('#level', 'beginner');
    await page.click('.column[data-col="4"]');
    await expect
      .poll(() => page.textContent('#announcer'), { timeout: 20_000 })
      .toMatch(/^The computer drops in column \d, row \d\.$/);
  });

  it('plays a whole game with the keyboard alone, announcing every move', async () => {
    const { page, screenshot } = await fresh();
    await page.keyboard.press('Tab'); // skip link
    // Reach the mode switch and pick two players with arrows.
    await page.locator('#modes [aria-checked="true"]').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getAttribute('body', 'data-mode')).toBe('pvp');
    // Tab onto the board: one tab stop, a column button named "Column N".
    await page.locator('.column[tabindex="0"]').focus();
    const focused = (): Promise<string | null> =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    expect(await focused()).toMatch(/^Column \d/);
    await page.keyboard.press('Home'); // no-op key must not break anything
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toMatch(/^Column 2,/);
    await page.keyboard.press('Enter'); // Red in 2
    await settle(page);
    await expect.poll(() => page.textContent('#announcer')).toBe('Red drops in column 2, row 1.');
    await page.keyboard.press('d');
    await page.keyboard.press(' '); // Yellow in 3
    await settle(page);
    await page.keyboard.press('a');
    await page.keyboard.press('ArrowDown'); // Red in 2
    await settle(page);
    for (const key of ['3', '2', '3', '2']) {
      await page.keyboard.press(key);
      await settle(page);
    }
    expect(await statusText(page)).toContain('Red (Player 1) wins');
    await expect.poll(() => page.textContent('#announcer')).toContain('wins');
    const cell = page.getByRole('cell', { name: 'Column 2, row 4: Red, winning line' });
    expect(await cell.count()).toBe(1);
    await screenshot('keyboard-win');
    await page.keyboard.press('n');
    expect(await discCount(page)).toBe(0);
  });
});

describe('against the computer', () => {
  it('answers each move in the background and can be cancelled by a new game', async () => {
    const { page, screenshot } = await fresh();
    await chooseMode(page, 'cpu');
    // While the strongest level thinks (up to 2 s), the page keeps drawing frames.
    await page.selectOption('#level', 'perfect');
    await page.selectOption('#preset', '8x7c4');
    await page.click('.column[data-col="4"]');
    await page.waitForSelector('#status.thinking');
    const frames = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let count = 0;
          const start = performance.now();
          const tick = (now: number): void => {
            count++;
            if (now - start < 500) requestAnimationFrame(tick);
            else done(count);
          };
          requestAnimationFrame(tick);
        }),
    );
    expect(frames).toBeGreaterThan(10);
    // A new game cancels the search by terminating its worker: no reply can land on the fresh
    // board, and none has.
    const searching = page.workers();
    expect(searching.length).toBeGreaterThan(0);
    const terminated = Promise.race(searching.map((worker) => worker.waitForEvent('close')));
    await page.click('#new');
    await terminated;
    await settle(page);
    expect(await discCount(page)).toBe(0);
    await page.selectOption('#preset', '7x6c4');
    await page.selectOption('#level', 'casual');
    await page.click('.column[data-col="4"]');
    await expect.poll(() => discCount(page, 'yellow'), { timeout: 20_000 }).toBe(1);
    await settle(page);
    expect(await statusText(page)).toContain('Your turn');
    await screenshot('vs-computer');
    // Undo takes back the pair.
    await page.click('#undo');
    expect(await discCount(page)).toBe(0);
    // The computer starts when asked to.
    await page.selectOption('#start', 'b');
    await expect.poll(() => discCount(page, 'red'), { timeout: 20_000 }).toBe(1);
    await settle(page);
    // Moving and immediately starting a new game: the pending answer is dropped, whether it was
    // still being searched or already waiting out the computer's minimum thinking time (the
    // page's clock is stopped, then run well past that time).
    await page.selectOption('#start', 'a');
    await page.click('#new');
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.click('.column[data-col="1"]');
    await expect.poll(() => page.locator('#status.thinking').count()).toBe(1);
    await page.click('#new');
    await page.clock.runFor(5_000);
    expect(await discCount(page)).toBe(0);
    expect(await page.locator('#status.thinking').count()).toBe(0);
  });

  it('fetches the opening book as soon as Perfect is chosen, before the first move', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'cpu');
    const book = page.waitForRequest((request) => /\/7x6[^/]*\.book$/.test(request.url()));
    await page.selectOption('#level', 'perfect');
    await book;
    expect(await discCount(page)).toBe(0);
  });

  it('watches two computers play, with pause, step and speed instead of undo and hints', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'watch');
    for (const id of ['#undo', '#redo', '#hints']) {
      expect(await page.locator(id).isVisible(), id).toBe(false);
    }
    expect(await page.locator('#step').isDisabled()).toBe(true);
    await page.selectOption('#speed', 'fast');
    await expect.poll(() => discCount(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await page.click('#pause');
    expect(await page.textContent('#pause')).toBe('Play');
    // Paused: the move being searched is dropped, and no other starts.
    await expect.poll(() => page.locator('#status.thinking').count()).toBe(0);
    const paused = await discCount(page);
    // Step: exactly one move, then paused again.
    await page.click('#step');
    await expect.poll(() => discCount(page), { timeout: 20_000 }).toBe(paused + 1);
    await expect.poll(() => page.locator('#step').isDisabled()).toBe(false);
    expect(await page.locator('#status.thinking').count()).toBe(0);
    await page.click('#step');
    await expect.poll(() => discCount(page), { timeout: 20_000 }).toBe(paused + 2);
    await page.click('#pause');
    expect(await page.textContent('#pause')).toBe('Pause');
    await expect.poll(() => discCount(page), { timeout: 20_000 }).toBeGreaterThan(paused + 2);
    // Back to a game of one's own: the usual buttons return.
    await chooseMode(page, 'pvp');
    expect(await page.locator('#undo').isVisible()).toBe(true);
    expect(await page.locator('#pause').isVisible()).toBe(false);
  });
});

describe('analysis', () => {
  it('shows every column score for the side to move, in text', async () => {
    const { page, screenshot } = await fresh();
    await chooseMode(page, 'analysis');
    await play(page, '121212');
    await expect
      .poll(() => page.textContent('.hint-row .hint:nth-child(1)'), { timeout: 30_000 })
      .toBe('W1');
    await expect
      .poll(() => page.getAttribute('.column[data-col="1"]', 'aria-label'), { timeout: 30_000 })
      .toContain('win in 1 move');
    await expect
      .poll(() => page.textContent('.hint-row .hint:nth-child(4)'), { timeout: 30_000 })
      .toMatch(/^L/);
    await screenshot('analysis');
  });
});

describe('analysis where the solver does not finish in time', () => {
  // 9x7 (past 64 bits: the solver's wide build) after one disc: far too early to solve.
  it('shows the column the search prefers and how far the others trail, as estimates', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'analysis');
    await page.selectOption('#preset', '9x7c4');
    await play(page, '5');
    const hints = (): Promise<string[]> =>
      page.locator('.hint-row .hint').evaluateAll((all) => all.map((h) => h.textContent));
    await expect
      .poll(async () => (await hints()).some((h) => h.startsWith('~')), { timeout: 30_000 })
      .toBe(true);
    const shown = await hints();
    expect(shown.filter((h) => h === '~★').length).toBeGreaterThanOrEqual(1);
    expect(new Set(shown).size).toBeGreaterThan(1);
    const best = shown.indexOf('~★') + 1;
    expect(await page.getAttribute(`.column[data-col="${best}"]`, 'aria-label')).toContain(
      'the search’s choice (estimate, not exact)',
    );
    expect(await page.textContent('#hint-note')).toContain('~ = an estimate (not solved yet)');
  });
});

describe('links, storage and layout', () => {
  it('a share link restores the exact position in a fresh page', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await page.selectOption('#preset', '7x7c5');
    await play(page, '4453');
    const link = await page.inputValue('#share');
    expect(link).toContain('7x7c5:4453');
    const other = await suite.harness.newPage({ reducedMotion: 'reduce' });
    await openGame(other.page, link);
    expect(await other.page.getAttribute('.board', 'data-variant')).toBe('7x7c5');
    expect(await other.page.getAttribute('.cell[data-col="4"][data-row="2"]', 'data-cell')).toBe(
      'yellow',
    );
    expect(await discCount(other.page)).toBe(4);
    // The address stays shareable: it keeps the game, and follows it as it goes on.
    expect(new URL(other.page.url()).hash).toBe('#g=7x7c5:4453&m=pvp');
    await play(other.page, '1');
    expect(new URL(other.page.url()).hash).toBe('#g=7x7c5:44531&m=pvp');
    await other.page.reload();
    await other.page.locator('.board .column').first().waitFor();
    expect(await discCount(other.page)).toBe(5);
    // The same link typed into an open tab (only the fragment changes) loads it too.
    await page.click('#new');
    await page.evaluate((hash) => {
      location.hash = hash;
    }, new URL(link).hash);
    await expect.poll(() => discCount(page)).toBe(4);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });

  it('loads a pasted move string', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'analysis');
    await page.fill('#paste-input', '44x');
    await page.click('#paste button[type="submit"]');
    expect(await page.textContent('#paste-error')).toContain('not a column');
    await page.fill('#paste-input', '4455');
    await page.click('#paste button[type="submit"]');
    await expect.poll(() => discCount(page)).toBe(4);
  });

  it('a reload keeps the game, the scores and the settings', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await play(page, '1212121');
    await page.click('#again');
    await play(page, '34');
    await page.reload();
    await page.locator('.board .column').first().waitFor();
    expect(await page.getAttribute('body', 'data-mode')).toBe('pvp');
    expect(await page.textContent('#score-a')).toBe('1');
    expect(await discCount(page)).toBe(2);
    expect(await page.textContent('#round')).toBe('2');
  });

  it('validates the custom board form', async () => {
    const { page } = await fresh();
    await page.selectOption('#preset', 'custom');
    await page.fill('#cw', '13');
    await page.click('#custom button[type="submit"]');
    expect(await page.textContent('#custom-error')).toContain('Width must be a whole number');
    await page.fill('#cw', '6');
    await page.fill('#ch', '5');
    await page.fill('#cn', '3');
    await page.click('#custom button[type="submit"]');
    expect(await page.getAttribute('.board', 'data-variant')).toBe('6x5c3');
  });

  it('fits a 320 px phone in portrait and landscape, on every preset', async () => {
    for (const viewport of [
      { width: 320, height: 568 },
      { width: 568, height: 320 },
    ]) {
      const { page, screenshot } = await fresh({ viewport, colorScheme: 'dark' });
      // With the hints row showing, the tallest layout.
      await chooseMode(page, 'analysis');
      for (const preset of ['7x6c4', '10x10c4', '5x4c3']) {
        await page.selectOption('#preset', preset);
        await noHorizontalScroll(page);
        await boardFullyVisible(page);
      }
      await page.selectOption('#preset', '7x6c4');
      await chooseMode(page, 'pvp');
      await play(page, '4435');
      await screenshot(`phone-${viewport.width}x${viewport.height}`);
      await suite.closePage();
    }
  });

  it('keeps "vs computer" on one line at 320 px, and all of the game on a landscape phone', async () => {
    const narrow = await fresh({ viewport: { width: 320, height: 568 } });
    const lines = await narrow.page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('#modes [data-mode="cpu"]')!);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await suite.closePage();

    const { page } = await fresh({ viewport: { width: 740, height: 360 } });
    await chooseMode(page, 'cpu');
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    for (const selector of ['.board .frame', '#status', '.actions', '#score-a', '#score-b']) {
      const box = await page.locator(selector).boundingBox();
      expect(box, selector).not.toBeNull();
      if (!box) continue;
      expect(box.y, selector).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, selector).toBeLessThanOrEqual(360);
      expect(box.x + box.width, selector).toBeLessThanOrEqual(740);
    }
    await noHorizontalScroll(page);
  });

  it('shows whole rows of the move list, never half of one', async () => {
    const { page } = await fresh();
    await chooseMode(page, 'pvp');
    await page.fill('#paste-input', '5212673174254533421651313216');
    await page.click('#paste button[type="submit"]');
    await expect.poll(() => discCount(page)).toBe(28);
    const rows = await page.evaluate(() => {
      const list = document.querySelector('#move-list')!;
      const items = Array.from(list.querySelectorAll('li'));
      const tops = [...new Set(items.map((li) => li.offsetTop))];
      const height = items[0]!.offsetHeight;
      const gap = tops.length > 1 ? tops[1]! - tops[0]! - height : 0;
      return { visible: (list.clientHeight + gap) / (height + gap), rows: tops.length };
    });
    expect(rows.rows).toBeGreaterThan(3);
    expect(rows.visible).toBeCloseTo(3, 1);
  });

  it('works offline after the first visit (service worker), computer included', async () => {
    const { page, context } = await fresh();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await context.setOffline(true);
    await page.reload();
    await page.locator('.board .column').first().waitFor();
    await chooseMode(page, 'cpu');
    await page.click('.column[data-col="4"]');
    await expect.poll(() => discCount(page, 'yellow'), { timeout: 20_000 }).toBe(1);
    await context.setOffline(false);
  });

  it('animates drops unless reduced motion is asked for', async () => {
    const moving = await fresh({ reducedMotion: 'no-preference' });
    await chooseMode(moving.page, 'pvp');
    await moving.page.click('.column[data-col="4"]');
    expect(await moving.page.locator('.board.animating').count()).toBe(1);
    await settle(moving.page);
    await suite.closePage();
    const still = await fresh({ reducedMotion: 'reduce' });
    await chooseMode(still.page, 'pvp');
    await still.page.click('.column[data-col="4"]');
    expect(await still.page.locator('.board.animating').count()).toBe(0);
    expect(await still.page.locator('.disc.falling').count()).toBe(0);
    expect(await still.page.getAttribute('.cell[data-col="4"][data-row="1"]', 'data-cell')).toBe(
      'red',
    );
  });
});
