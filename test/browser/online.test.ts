import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness.js';
import { createFriendGame, drop, status, waitForDiscs } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * Online play through the real server in real browsers: separate contexts are separate
 * devices (own storage). Two play by link, one reloads mid-game, a third watches; two more
 * meet by quick match.
 */
const suite = deviceSuite();
const device = (hash?: string): Promise<TestPage> => suite.device(hash);

describe('online play in the browser', () => {
  it('two devices play by link, one reloads mid-game, a third watches, then a replay', async () => {
    const red = await device('#online');
    await red.page.locator('#online-friend-clock').waitFor();
    await red.screenshot('online-lobby');
    const link = await createFriendGame(red.page, { clock: '5+3' });
    expect(await status(red.page)).toContain('Waiting for your friend');
    await red.screenshot('online-invite');

    const yellow = await device(link);
    await expect.poll(() => status(red.page), { timeout: 15_000 }).toBe('Your turn');
    await expect.poll(() => status(yellow.page)).toBe("Opponent's turn");
    const watcher = await device(link);
    await expect
      .poll(() => status(watcher.page), { timeout: 15_000 })
      .toBe('Red to move (watching)');
    await expect
      .poll(() => red.page.textContent('.online-player.p2 .online-presence'))
      .toBe('online');

    // The live region speaks for the online game, never the local game's last words.
    // Nobody has moved yet, so the first-move countdown is said with it (ABORT_MS, 30 s).
    await expect
      .poll(() => yellow.page.textContent('#announcer'))
      .toMatch(
        /^Opponent's turn\. Your opponent has \d+ s to make a first move, or the game is aborted\.$/,
      );
    await expect
      .poll(() => watcher.page.textContent('#announcer'))
      .toMatch(
        /^Red to move \(watching\)\.( Red has \d+ s to make a first move, or the game is aborted\.)?$/,
      );
    // On a 360 px phone the two players' rows line up: same left edge, width and name column.
    await yellow.page.setViewportSize({ width: 360, height: 740 });
    const boxes = await yellow.page
      .locator('.online-player, .online-player .online-name')
      .evaluateAll((all) => all.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const [rowA, nameA, rowB, nameB] = boxes;
    expect(rowA?.x).toBeCloseTo(rowB?.x ?? NaN, 0);
    expect(rowA?.width).toBeCloseTo(rowB?.width ?? NaN, 0);
    expect(nameA?.x).toBeCloseTo(nameB?.x ?? NaN, 0);
    expect((rowA?.x ?? -1) >= 0 && (rowA?.right ?? 999) <= 360).toBe(true);
    await yellow.page.setViewportSize({ width: 1280, height: 900 });
    await drop(red.page, 1, 1, [yellow.page, watcher.page]);
    await expect
      .poll(() => yellow.page.textContent('#announcer'))
      .toMatch(
        /^Red drops in column 1\. Your turn\. Make your first move within \d+ s or the game is aborted\.$/,
      );
    await drop(yellow.page, 2, 2, [red.page, watcher.page]);
    await drop(red.page, 1, 3, [yellow.page, watcher.page]);
    await watcher.screenshot('online-watching');

    // Yellow reloads: the seat comes back from this browser's storage, the game goes on.
    await yellow.page.reload();
    await waitForDiscs(yellow.page, 3);
    await expect.poll(() => status(yellow.page)).toBe('Your turn');
    await drop(yellow.page, 2, 4, [red.page, watcher.page]);
    // The watcher's board takes no moves.
    expect(
      await watcher.page.getAttribute('#online-board .column[data-col="5"]', 'aria-disabled'),
    ).toBe('true');
    await drop(red.page, 1, 5, [yellow.page, watcher.page]);
    await drop(yellow.page, 2, 6, [red.page, watcher.page]);
    await drop(red.page, 1, 7, [yellow.page, watcher.page]);

    await expect.poll(() => status(red.page)).toContain('You win');
    await expect.poll(() => status(yellow.page)).toContain('You lose');
    await expect.poll(() => status(watcher.page)).toContain('Red wins');
    expect(await watcher.page.locator('#online-board .cell.win').count()).toBe(4);
    await red.screenshot('online-finished');

    await red.page.click('text=Replay this game');
    await expect
      .poll(() => red.page.inputValue('#replay-moves'), { timeout: 15_000 })
      .toBe('7x6c4:1212121');
    await red.page.click('#replay-back');
    await expect
      .poll(() => red.page.locator('#replay-board .cell:not([data-cell="empty"])').count())
      .toBe(6);
    expect(await red.page.getAttribute('#replay-analysis', 'href')).toContain(
      '#g=7x6c4:1212121&m=analysis',
    );
    // The finished game's review: Red's last disc wins at once, so it is judged best.
    await red.page.click('#replay-review');
    await red.page
      .locator('.review-table tr[data-move="7"] .badge.c-best')
      .waitFor({ timeout: 30_000 });

    for (const p of [red, yellow, watcher]) expect(p.errors).toEqual([]);
  });

  it('resigns through an in-page dialog; the replay names the board; offline, the lobby says so', async () => {
    const red = await device('#online');
    const yellow = await device(await createFriendGame(red.page, { board: '5x4c3' }));
    await expect.poll(() => status(yellow.page), { timeout: 15_000 }).toBe("Opponent's turn");
    // No browser confirm(): one would block this page and fail the test.
    red.page.on('dialog', (dialog) => {
      throw new Error(`unexpected browser dialog: ${dialog.message()}`);
    });
    await red.page.click('#online-resign');
    const dialog = red.page.getByRole('dialog', { name: /Resign this game/ });
    expect(await dialog.isVisible()).toBe(true);
    await red.page.keyboard.press('Escape'); // cancel: still playing
    expect(await dialog.isVisible()).toBe(false);
    expect(await status(red.page)).toBe('Your turn');
    await red.page.click('#online-resign');
    await dialog.getByRole('button', { name: 'Resign' }).click();
    await expect.poll(() => status(yellow.page)).toBe('You win: Red resigned');

    await red.page.click('text=Replay this game');
    await expect
      .poll(() => red.page.textContent('.online-replay .status'), { timeout: 15_000 })
      .toBe('5×4, connect 3 · Yellow wins: Red resigned');

    await red.page.goto(`${suite.harness.url}#online`);
    await red.page.locator('#online-friend-clock').waitFor();
    expect(await red.page.locator('#online-offline').isVisible()).toBe(false);
    await red.context.setOffline(true);
    await expect.poll(() => red.page.locator('#online-offline').isVisible()).toBe(true);
    expect(await red.page.textContent('#online-offline')).toContain('needs a connection');
    expect(await red.page.locator('text=Create game link').isDisabled()).toBe(true);
    await red.context.setOffline(false);
    await expect.poll(() => red.page.locator('#online-offline').isVisible()).toBe(false);
    for (const p of [red, yellow]) expect(p.errors).toEqual([]);
  });

  it('quick match pairs two waiting players', async () => {
    const a = await device('#online');
    const b = await device('#online');
    await a.page.selectOption('#online-quick-board', '5x4c3');
    await b.page.selectOption('#online-quick-board', '5x4c3');
    await a.page.click('text=Find an opponent');
    await b.page.click('text=Find an opponent');
    await a.page.locator('#online-status').waitFor({ timeout: 15_000 });
    await b.page.locator('#online-status').waitFor({ timeout: 15_000 });
    expect(a.page.url().split('#')[1]).toBe(b.page.url().split('#')[1]);
    const statuses = [await status(a.page), await status(b.page)];
    await expect
      .poll(async () => [await status(a.page), await status(b.page)].sort(), { timeout: 15_000 })
      .toEqual(["Opponent's turn", 'Your turn']);
    expect(statuses.length).toBe(2);
    for (const p of [a, b]) expect(p.errors).toEqual([]);
  });
});
