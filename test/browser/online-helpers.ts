import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestPage } from './harness.js';
import type { DeviceSuite } from './suite.js';

/** Online pages read and played the way a player does, shared by the online suites. */
export const discs = (page: Page): Promise<number> =>
  page.locator('#online-board .cell:not([data-cell="empty"])').count();

export const status = async (page: Page): Promise<string> =>
  (await page.textContent('#online-status')) ?? '';

export async function waitForDiscs(page: Page, n: number): Promise<void> {
  await expect.poll(() => discs(page), { timeout: 15_000 }).toBe(n);
}

/** Drops into the 1-based `column` and waits until this page and `others` show `total` discs. */
export async function drop(
  page: Page,
  column: number,
  total: number,
  others: readonly Page[],
): Promise<void> {
  await page.locator(`#online-board .column[data-col="${column}"]`).click();
  for (const p of [page, ...others]) await waitForDiscs(p, total);
}

/** Presses Resign and confirms it in the game's own dialog, as a player does. */
export async function resign(page: Page): Promise<void> {
  await page.click('#online-resign');
  await page
    .getByRole('dialog', { name: /Resign this game/ })
    .getByRole('button', { name: 'Resign' })
    .click();
}

/** Picks a name in the lobby's identity card (the page must show the lobby). */
export async function chooseName(page: Page, name: string): Promise<void> {
  await page.fill('#online-name', name);
  await page.click('text=Choose name');
  await page.locator(`text=Playing as ${name}`).waitFor({ timeout: 15_000 });
}

export interface FriendGame {
  /** The lobby's select values; unset ones keep the lobby's defaults. */
  readonly board?: string;
  readonly clock?: string;
  /** `'1'` Red, `'2'` Yellow; default Red, so the creator moves first. */
  readonly side?: string;
  readonly rated?: boolean;
}

/** Creates a game by link from the lobby on `page`; returns the link's fragment (`#play=…`). */
export async function createFriendGame(page: Page, game: FriendGame = {}): Promise<string> {
  await page.locator('#online-friend-side').waitFor();
  if (game.board !== undefined) await page.selectOption('#online-friend-board', game.board);
  if (game.clock !== undefined) await page.selectOption('#online-friend-clock', game.clock);
  await page.selectOption('#online-friend-side', game.side ?? '1');
  if (game.rated === true) await page.check('#online-friend-rated');
  await page.click('text=Create game link');
  await page.locator('#online-link').waitFor();
  const link = await page.inputValue('#online-link');
  expect(link).toMatch(/#play=[A-Za-z0-9_-]+$/);
  return link.slice(link.indexOf('#'));
}

/**
 * Red creates a game by link (Red moves first), Yellow opens it; both are returned once Red is
 * to move. `red` is Red's device, already showing the lobby (default: a new one).
 */
export async function pair(
  suite: DeviceSuite,
  game: FriendGame = {},
  red?: TestPage,
): Promise<{ red: TestPage; yellow: TestPage }> {
  const redDevice = red ?? (await suite.device('#online'));
  const hash = await createFriendGame(redDevice.page, { ...game, side: '1' });
  const yellow = await suite.device(hash);
  await expect.poll(() => status(redDevice.page), { timeout: 15_000 }).toBe('Your turn');
  await expect.poll(() => status(yellow.page), { timeout: 15_000 }).toBe("Opponent's turn");
  return { red: redDevice, yellow };
}
