import { describe, expect, it } from 'vitest';
import { familyReviewRoute, reviewRoute } from '../../src/web/review/routes.js';

describe('review links', () => {
  it('reads a PopOut game, and leaves classic games to the classic route', () => {
    const popout = familyReviewRoute('#review=popout:44p4');
    expect(popout?.ok && popout.value.ruleset.game).toBe('popout');
    expect(familyReviewRoute('#review=7x6c4:4453')).toBeUndefined();
    expect(reviewRoute('#review=7x6c4:4453')?.ok).toBe(true);
  });

  it("names a family game's bad move by the family's rules, not the classic parser's", () => {
    // Found in a browser: a PopOut link with a move after the win said
    // 'variant must look like WxHcN (e.g. 7x6c4), got "popout"'.
    const over = familyReviewRoute('#review=popout:44332215');
    expect(over?.ok).toBe(false);
    if (over?.ok !== false) return;
    expect(over.error.message).toMatch(/move 8/);
    expect(over.error.message).not.toMatch(/WxHcN/);
    const pop = familyReviewRoute('#review=popout:p4');
    expect(pop?.ok === false && pop.error.message).toMatch(/column 4 has no Red disc/);
  });
});
