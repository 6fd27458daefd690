import { describe, expect, it } from 'vitest';
import { browserSuite } from './suite.js';
import { openGame } from './helpers.js';

/**
 * The local game as a player found it: on 5x4 connect 3 or 12x12 connect 8 the title and heading
 * said "Connect Four" and nothing said "three in a row"; the Custom board form stayed open,
 * empty, under a preset.
 */
const suite = browserSuite();

describe('the local game says its goal', () => {
  it.each([
    ['5x4c3', 'Connect Three', 'three in a row'],
    ['12x12c8', 'Connect Eight', 'eight in a row'],
    ['7x6c4', 'Connect Four', 'four in a row'],
  ])('on %s: %s, %s', async (variant, name, goal) => {
    const { page } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=${variant}:&m=pvp`);
    expect((await page.textContent('header h1'))?.trim()).toBe(name);
    expect(await page.title()).toContain(name);
    expect(await page.textContent('#goal')).toContain(goal);
  });
});

describe('the Custom board form', () => {
  it('is closed under a preset and filled when open', async () => {
    const { page } = await suite.newPage();
    await openGame(page, `${suite.harness.url}#g=7x6c4:&m=pvp`);
    await page.selectOption('#preset', 'custom');
    expect(await page.isVisible('#custom')).toBe(true);
    expect(await page.inputValue('#cw')).toBe('7');
    // A preset chosen after it: the form closes.
    await page.selectOption('#preset', '5x4c3');
    await expect.poll(() => page.locator('.board .column').count()).toBe(5);
    expect(await page.isVisible('#custom')).toBe(false);
    // A custom board from a link: the form shows that board, not empty fields.
    await openGame(page, `${suite.harness.url}#g=6x5c3:&m=pvp`);
    await page.reload();
    await page.locator('.board .column').first().waitFor();
    expect(await page.inputValue('#preset')).toBe('custom');
    expect(await page.isVisible('#custom')).toBe(true);
    expect(await page.inputValue('#cw')).toBe('6');
    expect(await page.inputValue('#ch')).toBe('5');
    expect(await page.inputValue('#cn')).toBe('3');
    // Then a preset: closed again, the select and the form agree.
    await page.selectOption('#preset', '7x6c4');
    await expect.poll(() => page.locator('.board .column').count()).toBe(7);
    expect(await page.isVisible('#custom')).toBe(false);
  });
});
