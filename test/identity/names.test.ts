import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkName, nameKey } from '../../src/identity/names.js';

describe('display names', () => {
  it.each([
    ['Alice', 'Alice'],
    ['  Bob the Builder ', 'Bob the Builder'],
    ['Zoë_99', 'Zoë_99'],
    ['李小龙', '李小龙'],
  ])('accepts %j as %j', (raw, name) => {
    const check = checkName(raw);
    expect(check.ok && check.name).toBe(name);
  });

  it.each([
    ['ab', 'name_too_short'],
    ['   ', 'name_too_short'],
    ['x'.repeat(21), 'name_too_long'],
    ['bad\u0000name', 'name_bad_characters'],
    ['tab\there', 'name_bad_characters'],
    ['two  spaces', 'name_bad_characters'],
    ['_leading', 'name_bad_characters'],
    ['a\u202Egnp.exe', 'name_bad_characters'],
    ['emoji😀', 'name_bad_characters'],
    ['Computer', 'name_reserved'],
    ['B0T', 'name_reserved'],
  ])('refuses %j (%s)', (raw, problem) => {
    const check = checkName(raw);
    expect(check.ok ? 'accepted' : check.problem).toBe(problem);
  });

  it.each([
    ['Alice', 'ALICE'],
    ['Alice', 'Ａｌｉｃｅ'], // full width
    ['Alice', 'Alicé'],
    ['Alice', 'Аlice'], // Cyrillic А
    ['paypal', 'pаypаl'],
    ['Alice', 'Al1ce'],
    ['Modern', 'Modem'],
    ['john_doe', 'John.Doe'],
  ])('%j and %j are the same name', (a, b) => {
    expect(nameKey(a)).toBe(nameKey(b));
  });

  it('different names keep different keys', () => {
    expect(nameKey('Alice')).not.toBe(nameKey('Alicia'));
    expect(nameKey('Bob')).not.toBe(nameKey('Rob'));
  });

  it('any accepted name is trimmed, within limits, and its key is stable under re-checking', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (raw) => {
        const check = checkName(raw);
        if (!check.ok) return;
        expect(check.name).toBe(check.name.trim());
        expect(Array.from(check.name).length).toBeGreaterThanOrEqual(3);
        expect(Array.from(check.name).length).toBeLessThanOrEqual(20);
        expect(/\p{Cc}|\p{Cf}/u.test(check.name)).toBe(false);
        const again = checkName(check.name);
        expect(again.ok && again.key).toBe(check.key);
      }),
    );
  });
});
