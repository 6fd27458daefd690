import { describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import type { TestPage } from './harness.js';
import { chooseName, discs, drop, pair, resign, status } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * Every refused online command tells the player why, at the board (visible text and the live
 * region): a full column and a move out of turn through the real server; a rate limit, a stale
 * version and refused resign and rematch commands injected into the page's WebSocket (the
 * server's answers are otherwise passed through untouched), since a player cannot provoke
 * those at will.
 */
const suite = deviceSuite();

/** Refusals to answer in the server's place: the next client message of `type` gets `code`. */
type Refusal = { type: string; code: string; message: string };

/** Routes the page's WebSocket through the test, answering `refusals` in the server's place. */
const refusing =
  (refusals: Refusal[]) =>
  async ({ page }: TestPage): Promise<void> => {
    await page.routeWebSocket(/\/ws(\?|$)/, (ws: WebSocketRoute) => {
      const server = ws.connectToServer();
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as { type: string; id?: string };
        const i = refusals.findIndex((r) => r.type === message.type);
        if (i >= 0 && message.id !== undefined) {
          const { code, message: text } = refusals.splice(i, 1)[0]!;
          ws.send(JSON.stringify({ type: 'error', id: message.id, code, message: text }));
          return;
        }
        server.send(raw);
      });
      server.onMessage((raw) => {
        ws.send(raw);
      });
    });
  };

const replayDiscs = (page: Page): Promise<number> =>
  page.locator('#replay-board .cell:not([data-cell="empty"])').count();
const notice = async (page: Page): Promise<string> =>
  (await page.textContent('#online-notice')) ?? '';

/** The player is told `text` at the board, and a screen reader hears it. */
async function told(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => notice(page), { timeout: 15_000 }).toMatch(text);
  await expect.poll(() => page.textContent('#announcer'), { timeout: 15_000 }).toMatch(text);
  expect(await page.isVisible('#online-notice')).toBe(true);
}

/** Red (whose page answers `redRefusals` in the server's place) and Yellow, Red to move. */
async function pairPages(redRefusals?: Refusal[]): Promise<{ red: Page; yellow: Page }> {
  const red = redRefusals
    ? await suite.device('#online', { beforeOpen: refusing(redRefusals) })
    : undefined;
  const pages = await pair(suite, {}, red);
  return { red: pages.red.page, yellow: pages.yellow.page };
}

describe('online refusals are explained at the board', () => {
  it('a move out of turn and a move into a full column say why', async () => {
    const { red, yellow } = await pairPages();
    await drop(red, 4, 1, [yellow]);
    // Yellow's turn: Red's click on any column is refused, and Red is told so each time.
    // The column is aria-disabled (not Red's turn), which Playwright treats as not clickable;
    // a player's mouse clicks it all the same, so the click is forced (a real mouse click).
    await red.locator('#online-board .column[data-col="3"]').click({ force: true });
    await told(red, 'Wait for your opponent to move.');
    expect(await discs(red)).toBe(1);
    // Column 1 filled alternately (no four), then Yellow, to move, clicks it: the server refuses.
    let total = 1;
    for (const page of [yellow, red, yellow, red, yellow, red]) {
      await drop(page, 1, ++total, [page === red ? yellow : red]);
    }
    await expect.poll(() => status(yellow)).toBe('Your turn');
    await yellow.locator('#online-board .column[data-col="1"]').click({ force: true });
    await told(yellow, 'That column is full: choose another.');
    expect(await discs(yellow)).toBe(7);
    expect(await status(yellow)).toBe('Your turn');
  });

  it('a rate limit, a stale version and refused resign and rematch commands say why', async () => {
    const refusals: Refusal[] = [
      { type: 'move', code: 'rate_limited', message: 'too many messages' },
    ];
    const { red, yellow } = await pairPages(refusals);
    await red.locator('#online-board .column[data-col="4"]').click();
    await told(red, /^Your move was not played: too many requests/);
    expect(await discs(red)).toBe(0);

    refusals.push({ type: 'move', code: 'stale_version', message: 'the game moved on' });
    await red.locator('#online-board .column[data-col="4"]').click();
    await told(red, /^The game moved on before your move arrived/);

    // The refusal's text is said again when the same refusal comes again.
    refusals.push({ type: 'move', code: 'rate_limited', message: 'too many messages' });
    await red.evaluate(() => {
      document.getElementById('announcer')!.textContent = '';
    });
    await red.locator('#online-board .column[data-col="4"]').click();
    await told(red, /^Your move was not played: too many requests/);

    await drop(red, 4, 1, [yellow]);

    refusals.push({ type: 'resign', code: 'conflict', message: 'the game is too busy; try again' });
    await resign(red);
    await told(red, /^Your resignation did not go through: the server was busy/);
    expect(await status(red)).toBe("Opponent's turn");

    await resign(red);
    await expect.poll(() => status(red), { timeout: 15_000 }).toBe('You lose: Red resigned');

    refusals.push({ type: 'rematch', code: 'rate_limited', message: 'too many messages' });
    await red.click('#online-rematch');
    await told(red, /^The rematch was not offered: too many requests/);
  });

  it('a rematch offer is said at the board; the replay steps with ←/→, Home/End', async () => {
    const { red, yellow } = await pairPages();
    await drop(red, 4, 1, [yellow]);
    await drop(yellow, 4, 2, [red]);
    await drop(red, 3, 3, [yellow]);
    await resign(red);
    await expect.poll(() => status(red), { timeout: 15_000 }).toBe('You lose: Red resigned');
    // Yellow offers a rematch: both are told in words at the board.
    await yellow.click('#online-rematch');
    await told(yellow, 'Rematch offered: waiting for your opponent to accept.');
    await told(
      red,
      'Your opponent (Yellow) offers a rematch: press Accept the rematch to play again.',
    );
    expect(await red.textContent('#online-rematch')).toBe('Accept the rematch');
    const link = await red.getAttribute('a[href^="#replay="]', 'href');
    await red.goto(suite.harness.url + (link ?? ''));
    const counter = (): Promise<string | null> => red.textContent('.replay-counter');
    await expect.poll(counter, { timeout: 15_000 }).toBe('Move 3 of 3');
    await red.keyboard.press('ArrowLeft');
    await expect.poll(counter).toBe('Move 2 of 3');
    expect(await replayDiscs(red)).toBe(2);
    await red.keyboard.press('ArrowLeft');
    await red.keyboard.press('ArrowRight');
    await expect.poll(counter).toBe('Move 2 of 3');
    await red.keyboard.press('Home');
    await expect.poll(counter).toBe('Move 0 of 3');
    await red.keyboard.press('End');
    await expect.poll(counter).toBe('Move 3 of 3');
  });

  it('a name that cannot change yet says so on the page, before "Change name" is pressed', async () => {
    // This server keeps the default: a name changes at most once a day, creation included.
    const me = await suite.device('#online');
    await chooseName(me.page, 'Fresh Name');
    await me.page.click('text=My page');
    const open = me.page.locator('#online-rename-open');
    await open.waitFor();
    expect(await open.isDisabled()).toBe(true);
    expect(await me.page.textContent('#online-rename-when')).toMatch(
      /^Your name can be changed again from .+\.$/,
    );
    expect(await open.getAttribute('aria-describedby')).toBe('online-rename-when');
    expect(me.errors).toEqual([]);
  });
});
