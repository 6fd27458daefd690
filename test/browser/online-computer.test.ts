import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { status } from './online-helpers.js';
import { deviceSuite } from './suite.js';

/**
 * Against the online computer, its disc is drawn only once the player's own disc has landed.
 * The page's drop animations are held by the test (Element.animate is wrapped before the page
 * loads): the player's disc is held in the air until the computer's answer has reached the page
 * over the WebSocket, then released; the order of what was drawn and landed is read from the
 * page. No time is waited: the test waits for the reply frame and for animation events.
 */
const suite = deviceSuite();

/**
 * Runs in the page before its scripts: logs discs drawn, falling, landed or cut short, and
 * counts the moves of the last game snapshot the page has handled.
 */
function recordDrops(): void {
  const w = window as unknown as {
    dropLog: string[];
    holdDrops: boolean;
    held: Animation[];
    handled: number;
  };
  w.dropLog = [];
  w.holdDrops = false;
  w.held = [];
  w.handled = 0;
  const Native = WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', (event: MessageEvent<string>) => {
        const message = JSON.parse(event.data) as { type: string; game?: { moves: number[] } };
        const moves = message.game?.moves.length;
        // A task later: once every handler of this message (the page's own) has run.
        if (message.type === 'game' && moves !== undefined) {
          setTimeout(() => {
            w.handled = moves;
          });
        }
      });
    }
  };
  const colour = (disc: Element): string => (disc.classList.contains('p1') ? 'red' : 'yellow');
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (this: Element, ...args: Parameters<typeof animate>) {
    const animation = animate.apply(this, args);
    if (this.classList.contains('disc')) {
      const who = colour(this);
      w.dropLog.push(`fall ${who}`);
      if (w.holdDrops) {
        animation.pause();
        w.held.push(animation);
      }
      const finish = animation.finish.bind(animation);
      // Landing a disc at once (the board's finishAnimation) cuts its fall short.
      animation.finish = () => {
        if (animation.playState !== 'finished') w.dropLog.push(`cut ${who}`);
        finish();
      };
      // The finished promise, not the finish event: the board waits on the promise, and this
      // handler, attached first, runs before the board's.
      animation.finished.then(
        () => w.dropLog.push(`landed ${who}`),
        () => w.dropLog.push(`cancelled ${who}`),
      );
    }
    return animation;
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && node.matches('#online-board .disc')) {
          w.dropLog.push(`drawn ${colour(node)}`);
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

const dropLog = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { dropLog: string[] }).dropLog.slice());

describe('the online computer', () => {
  it("draws its disc only after the player's own disc has landed", async () => {
    const me = await suite.device('#online', {
      reducedMotion: 'no-preference',
      beforeOpen: async ({ page }) => {
        await page.addInitScript(recordDrops);
      },
    });
    /** Moves in the latest game snapshot the page has handled. */
    const handled = (): Promise<number> =>
      me.page.evaluate(() => (window as unknown as { handled: number }).handled);
    await me.page.uncheck('#online-quick-rated');
    await me.page.click('text=Play the computer online');
    // Whoever starts, wait for my turn with nothing falling.
    await expect.poll(() => status(me.page), { timeout: 30_000 }).toBe('Your turn');
    await me.page.locator('#online-board .board:not(.animating)').waitFor();
    const before = await handled();
    const mine = before % 2 === 0 ? 'red' : 'yellow';
    const theirs = mine === 'red' ? 'yellow' : 'red';
    await me.page.evaluate(() => {
      const w = window as unknown as { dropLog: string[]; holdDrops: boolean };
      w.dropLog.length = 0;
      w.holdDrops = true;
    });

    const column = await me.page
      .locator('#online-board .column[aria-disabled="false"]')
      .first()
      .getAttribute('data-col');
    await me.page.locator(`#online-board .column[data-col="${column}"]`).click();
    // My disc is in the air (held) when the computer's answer arrives.
    await expect.poll(() => dropLog(me.page), { timeout: 15_000 }).toContain(`fall ${mine}`);
    await expect.poll(handled, { timeout: 30_000 }).toBe(before + 2);
    // (A disc starts falling as it is drawn; the observer hears of the drawing a moment later.)
    expect(await dropLog(me.page)).toEqual([`fall ${mine}`, `drawn ${mine}`]);

    // Released, my disc lands; then, and only then, the computer's disc is drawn and falls.
    await me.page.evaluate(() => {
      const w = window as unknown as { holdDrops: boolean; held: Animation[] };
      w.holdDrops = false;
      for (const animation of w.held) animation.play();
    });
    await expect.poll(() => dropLog(me.page), { timeout: 15_000 }).toContain(`landed ${theirs}`);
    expect(await dropLog(me.page)).toEqual([
      `fall ${mine}`,
      `drawn ${mine}`,
      `landed ${mine}`,
      `fall ${theirs}`,
      `drawn ${theirs}`,
      `landed ${theirs}`,
    ]);
    expect(me.errors).toEqual([]);
  });
});
