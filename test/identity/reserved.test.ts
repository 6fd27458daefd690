import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkName, nameKey } from '../../src/identity/names.js';
import { keyChars } from '../../src/identity/keys.js';
import { isReserved } from '../../src/identity/reserved.js';

/**
 * Defect: "Computer Strong", "Computer Beginner", "The Computer" and "The Server" were
 * accepted. Every name a player could take for the computer (a level of it), the site or a
 * seat colour is refused, look-alikes included.
 */
describe('reserved names', () => {
  it.each([
    // The reported ones.
    'Computer Strong',
    'Computer Beginner',
    'The Computer',
    'The Server',
    // Every level, either order, as the computer's seat reads ("Computer (Strong)").
    'Computer Casual',
    'CPU Intermediate',
    'Intermediate Bot',
    'Computer Perfect',
    'Strong Computer',
    'Perfect Bot',
    'Bot Level 5',
    'Computer Lvl 3',
    // Look-alikes, case, separators and numbers.
    'C0MPUTER Str0ng',
    'Соmputеr',
    'ＣＯＭＰＵＴＥＲ',
    'Computer_Strong',
    'the.computer',
    'Computer 1337',
    'Computer2',
    'B0T',
    'Bot42',
    'RoBot',
    'CPU Strong',
    // The site and its staff.
    'Connect Four',
    'Connect 4',
    'ConnectFour Team',
    'The Site',
    'Admin',
    'Site Admin',
    'Moderator',
    'Official Server',
    'System',
    // Seat colours.
    'Red',
    'Yellow',
    'The Red',
  ])('refuses %j', (name) => {
    const check = checkName(name);
    expect(check.ok ? 'accepted' : check.problem).toBe('name_reserved');
  });

  it.each([
    'Strong',
    'Perfect 10',
    'The Beginner',
    'Fred',
    'Alfred',
    'Jared',
    'Abbott',
    'Redmond',
    'Yellowstone',
    'Computerfanatic',
    'Kai',
    'Aiko',
    'Observer',
    'Bothwell',
    'Ada Lovelace',
    'Connect Master',
  ])('accepts %j', (name) => {
    expect(checkName(name).ok).toBe(true);
  });

  it('reads a key exactly as nameKey does, digits marked', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 24 }), (raw) => {
        expect(
          keyChars(raw)
            .map((c) => c.ch)
            .join(''),
        ).toBe(nameKey(raw));
      }),
    );
    expect(keyChars('B0t1').map((c) => c.digit)).toEqual([false, true, false, true]);
  });

  it('adding digits to a reserved name keeps it reserved', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Computer Strong', 'The Server', 'Bot', 'Connect Four'),
        fc.stringMatching(/^[0-9]{1,4}$/),
        (name, digits) => {
          expect(isReserved(`${name} ${digits}`)).toBe(true);
          expect(isReserved(`${name}${digits}`)).toBe(true);
        },
      ),
    );
  });
});
