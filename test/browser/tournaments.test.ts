import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe.js';
import { startHarness, type Harness, type TestPage } from './harness.js';
import { noHorizontalScroll } from './helpers.js';

/**
 * Tournaments in real browsers: a player makes a private arena from the form (starting now),
 * two named players join it in their own browser contexts, are paired, play a game through and
 * a spectator sees the standings move without reloading; the Tournaments page is driven by the
 * keyboard (a refused setting said in words) and checked by axe, with screenshots at a phone's
 * and a desktop's size. The server runs its default schedule, so the list is not empty.
 */
let harness: Harness;
const pages: TestPage[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  for (const p of pages) await p.context.close();
  await harness.close();
});

async function visitor(viewport = { width: 1280, height: 900 }): Promise<TestPage> {
  const p = await harness.newPage({ reducedMotion: 'reduce', viewport });
  pages.push(p);
  return p;
}

async function newPlayer(name: string, viewport?: { width: number; height: number }) {
  const p = await visitor(viewport);
  await p.page.goto(harness.url + '#online');
  await p.page.fill('#online-name', name);
  await p.page.click('text=Choose name');
  await p.page.locator(`text=Playing as ${name}`).waitFor({ timeout: 15_000 });
  return p;
}

/** The points in the standings' row of `name` ('' while the row is not there). */
const pointsOf = (page: Page, name: string): Promise<string> =>
  page
    .locator('#tournament-standings tbody tr', { hasText: name })
    .locator('.tournament-score')
    .textContent({ timeout: 1000 })
    .then(
      (t) => t ?? '',
      () => '',
    );

const gameId = (page: Page): string | undefined => /#play=([\w-]+)/.exec(page.url())?.[1];

describe('tournaments in the browser', () => {
  it('two players join an arena, are paired, play a game through, and the standings move', async () => {
    const ada = await newPlayer('Arena Ada');
    const bob = await newPlayer('Arena Bob');

    // Ada makes a private arena starting now, on the small board so a game is short.
    await ada.page.click('#online-tournaments');
    await ada.page.locator('#tournament-create-title').waitFor();
    await ada.page.selectOption('#tournament-kind', 'arena');
    await ada.page.fill('#tournament-name', 'Browser arena');
    await ada.page.selectOption('#tournament-board', '5x4c3');
    await ada.page.selectOption('#tournament-clock', '1+0');
    await ada.page.fill('#tournament-minutes', '5');
    await ada.page.selectOption('#tournament-start', '0');
    await ada.page.click('text=Create tournament');
    const link = await ada.page.inputValue('#tournament-link', { timeout: 15_000 });
    expect(link).toMatch(/#tournament=[\w-]+$/);
    await ada.page.click('#tournament-open');

    // A visitor without a name watches: told to pick one, no Join button.
    const watcher = await visitor();
    await watcher.page.goto(link);
    await expect
      .poll(() => watcher.page.textContent('#tournament-note'), { timeout: 15_000 })
      .toContain('Pick a name');
    expect(await watcher.page.isVisible('#tournament-action')).toBe(false);

    await ada.page.locator('#tournament-action', { hasText: 'Join' }).click();
    await bob.page.goto(link);
    await bob.page.locator('#tournament-action', { hasText: 'Join' }).click();
    // Both in: the spectator's standings fill in without a reload.
    await expect.poll(() => pointsOf(watcher.page, 'Arena Bob'), { timeout: 15_000 }).toBe('0');
    expect(await pointsOf(watcher.page, 'Arena Ada')).toBe('0');

    // Paired: each player's page opens the game by itself.
    await expect.poll(() => gameId(ada.page), { timeout: 20_000 }).toBeDefined();
    await expect.poll(() => gameId(bob.page), { timeout: 20_000 }).toBe(gameId(ada.page));
    const first = gameId(ada.page)!;
    // The spectator's list of games being played links to it (click to watch).
    await expect
      .poll(() => watcher.page.locator(`.tournament-games a[href="#play=${first}"]`).count(), {
        timeout: 15_000,
      })
      .toBe(1);

    // Click to watch: the game, read-only, with a way back to the tournament.
    await watcher.page.click(`.tournament-games a[href="#play=${first}"]`);
    await expect
      .poll(() => watcher.page.textContent('#online-status'), { timeout: 15_000 })
      .toContain('(watching)');
    await watcher.page.click('#online-tournament');
    await watcher.page.locator('#tournament-standings').waitFor({ timeout: 15_000 });

    // Red plays column 1 three times, Yellow column 2 twice: Red wins (connect 3).
    const red = (await ada.page.textContent('.online-player.p1 .online-name'))?.includes('(you)')
      ? ada
      : bob;
    const yellow = red === ada ? bob : ada;
    const drop = async (p: TestPage, column: number, discs: number): Promise<void> => {
      await expect
        .poll(() => p.page.textContent('#online-status'), { timeout: 15_000 })
        .toContain('Your turn');
      await p.page.locator(`#online-board .column[data-col="${String(column)}"]`).click();
      await expect
        .poll(() => p.page.locator('#online-board .cell:not([data-cell="empty"])').count(), {
          timeout: 15_000,
        })
        .toBe(discs);
    };
    await drop(red, 1, 1);
    await drop(yellow, 2, 2);
    await drop(red, 1, 3);
    await drop(yellow, 2, 4);
    await drop(red, 1, 5);
    await expect
      .poll(() => red.page.textContent('#online-status'), { timeout: 15_000 })
      .toMatch(/^You win/);
    const winner = red === ada ? 'Arena Ada' : 'Arena Bob';
    const loser = red === ada ? 'Arena Bob' : 'Arena Ada';

    // The spectator sees the standings move: 2 points for the win, live.
    await expect.poll(() => pointsOf(watcher.page, winner), { timeout: 20_000 }).toBe('2');
    expect(await pointsOf(watcher.page, loser)).toBe('0');
    await expect
      .poll(() => watcher.page.locator(`.tournament-games a[href="#replay=${first}"]`).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await watcher.screenshot('tournament-standings-1280x900');
    await watcher.page.setViewportSize({ width: 360, height: 740 });
    await noHorizontalScroll(watcher.page);
    await watcher.page.locator('#tournament-standings').scrollIntoViewIfNeeded();
    await watcher.screenshot('tournament-standings-360x740');
    // Live standings, games and the name card of a visitor without a name: axe finds nothing.
    expect(await axeViolations(watcher.page), 'live tournament page').toEqual([]);

    // An arena pairs them again within seconds: the next game opens by itself.
    await expect.poll(() => gameId(red.page), { timeout: 20_000 }).not.toBe(first);
    expect(await red.page.textContent('#online-tournament')).toBe('Back to the tournament');
    await red.page.click('#online-tournament');
    await expect.poll(() => pointsOf(red.page, winner), { timeout: 15_000 }).toBe('2');
    await expect
      .poll(() => red.page.textContent('#tournament-your-game'), { timeout: 15_000 })
      .toContain('Your game is on');
    // Pause: the score stays, the button offers to join again.
    await red.page.click('#tournament-action');
    await expect
      .poll(() => red.page.textContent('#tournament-action'), { timeout: 15_000 })
      .toBe('Join again');
    expect(await pointsOf(red.page, winner)).toBe('2');
    for (const p of [ada, bob, watcher]) expect(p.errors).toEqual([]);
  });

  it('the form makes a PopOut tournament on another board, and a Five-in-a-Row one on its own', async () => {
    const p = await newPlayer('Family Maker');
    await p.page.click('#online-tournaments');
    await p.page.locator('#tournament-create-title').waitFor();
    const make = async (game: string, board: string | null, title: string): Promise<string> => {
      await p.page.fill('#tournament-name', title);
      await p.page.selectOption('#tournament-game', game);
      if (board === null) {
        // Five-in-a-Row has one board: the board menu is not offered.
        expect(await p.page.isVisible('#tournament-board')).toBe(false);
      } else {
        await p.page.selectOption('#tournament-board', board);
      }
      await p.page.click('text=Create tournament');
      await expect
        .poll(() => p.page.textContent('#tournament-created'), { timeout: 15_000 })
        .toContain(title);
      await p.page.click('#tournament-open');
      await p.page.locator('#tournament-title').waitFor({ timeout: 15_000 });
      await expect.poll(() => p.page.textContent('#tournament-title')).toContain(title);
      await expect.poll(() => p.page.textContent('#tournament-meta')).toContain(' · ');
      const meta = (await p.page.textContent('#tournament-meta')) ?? '';
      await p.page.goBack();
      await p.page.locator('#tournament-create-title').waitFor();
      return meta;
    };
    expect(await make('popout', '8x7c4', 'Pops on eight')).toContain('PopOut 8×7, connect 4');
    expect(await make('five', null, 'Five friends')).toContain('Five-in-a-Row 9×6');
    expect(p.errors).toEqual([]);
  });

  it('the Tournaments page works by keyboard, says a refusal in words, and passes axe', async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 900 },
    ]) {
      const size = `${String(viewport.width)}x${String(viewport.height)}`;
      const p = await newPlayer(`Keys ${size}`, viewport);
      await p.page.goto(harness.url + '#tournaments');
      // The default schedule's hourly arena is listed.
      await p.page
        .locator('#tournaments-upcoming ~ ul a, #tournaments-running ~ ul a')
        .first()
        .waitFor({
          timeout: 15_000,
        });
      await noHorizontalScroll(p.page);

      // Tab from the page's top reaches every control of the form, in order.
      await p.page.locator('#tournament-kind').focus();
      const order: string[] = [];
      for (let i = 0; i < 9; i++) {
        order.push(
          await p.page.evaluate(
            () => document.activeElement?.id || document.activeElement?.textContent || '',
          ),
        );
        await p.page.keyboard.press('Tab');
      }
      expect(order).toEqual([
        'tournament-kind',
        'tournament-name',
        'tournament-game',
        'tournament-board',
        'tournament-clock',
        'tournament-minutes',
        'tournament-start',
        'tournament-create-submit',
        // The status and error lines take no focus: Tab leaves the form.
        order[8],
      ]);
      // A name too short, sent with Enter: refused, in words, beside the form.
      await p.page.locator('#tournament-name').focus();
      await p.page.keyboard.type('ab');
      await p.page.keyboard.press('Enter');
      await expect
        .poll(() => p.page.textContent('#tournament-create-error'), { timeout: 15_000 })
        .toMatch(/^The name must be 3 to 60/);
      expect(await p.page.getAttribute('#tournament-name', 'aria-invalid')).toBe('true');
      expect(await axeViolations(p.page), `tournaments at ${size}`).toEqual([]);
      await p.screenshot(`tournaments-${size}`);

      // A scheduled tournament's own page, opened with the keyboard from the list.
      await p.page.locator('.tournament-list a').first().focus();
      await p.page.keyboard.press('Enter');
      await p.page.locator('#tournament-title').waitFor();
      await expect
        .poll(() => p.page.textContent('#tournament-countdown'))
        .toMatch(/Starts in|Ends in/);
      await expect.poll(() => p.page.textContent('#tournament-action')).toBe('Join');
      await noHorizontalScroll(p.page);
      expect(await axeViolations(p.page), `tournament page at ${size}`).toEqual([]);
      await p.screenshot(`tournament-page-${size}`);
      expect(p.errors).toEqual([]);
    }
  });

  it('an unnamed visitor is told before filling the form that creating needs a name', async () => {
    const p = await visitor();
    await p.page.goto(harness.url + '#tournaments');
    const note = p.page.locator('#tournament-create-needs-name');
    // Up front, not after a submit: the form says so and its button cannot be pressed.
    await expect.poll(() => note.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await note.textContent()).toBe('Pick a name first: tournaments are for named players.');
    expect(await p.page.isDisabled('#tournament-create-submit')).toBe(true);
    // Once named (on this page's own name card), the form is open.
    await p.page.fill('#online-name', 'Late Namer');
    await p.page.click('text=Choose name');
    await expect.poll(() => note.isVisible(), { timeout: 15_000 }).toBe(false);
    expect(await p.page.isDisabled('#tournament-create-submit')).toBe(false);
    expect(p.errors).toEqual([]);
  });
});
