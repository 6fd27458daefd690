import { describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { browserSuite } from './suite.js';
import { openGame } from './helpers.js';

/**
 * Against the computer the move list holds plain entries (no buttons), and after a dozen moves
 * it scrolls: keyboard users must be able to reach and scroll it (axe rated this serious).
 */
const suite = browserSuite();

describe('the move list', () => {
  it('scrolls and can be reached from the keyboard, with no axe violation', async () => {
    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 900 },
    ]) {
      const { page } = await suite.newPage({ viewport });
      await openGame(page, `${suite.harness.url}#g=7x6c4:444444333333222222666666777777&m=cpu`);
      const list = page.locator('#move-list');
      await expect.poll(() => list.locator('li').count()).toBe(30);
      const scrolls = await list.evaluate((el) => el.scrollHeight > el.clientHeight);
      expect(scrolls).toBe(true);
      expect(await list.getAttribute('tabindex')).toBe('0');
      expect(await axeViolations(page), `${viewport.width}x${viewport.height}`).toEqual([]);
    }
  });
});
