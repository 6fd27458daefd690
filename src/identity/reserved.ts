import { BOT_LEVELS } from '../rating/bots.js';
import { keyChars, nameKey, type KeyChar } from './keys.js';

/**
 * Names a player could mistake for the computer, one of its levels, the site or a seat
 * colour: "Computer", "B0T", "Computer Strong", "The Computer", "The Server", "Connect 4".
 */

/** Words that pass for the computer (shown as "Computer (Strong)"), the site or a seat. */
const IMPOSTOR_WORDS = [
  'computer',
  'bot',
  'robot',
  'cpu',
  'server',
  'system',
  'site',
  'website',
  'admin',
  'administrator',
  'moderator',
  'connect four',
  'connect 4',
  'red',
  'yellow',
];

/**
 * Words harmless alone ("Strong", "The Perfect") that make an impostor word's name read as a
 * computer level or an official account when added to it ("Computer Strong", "The Server").
 */
const QUALIFIERS = [
  'the',
  'a',
  'an',
  'mr',
  'level',
  'lvl',
  'official',
  'team',
  'staff',
  ...BOT_LEVELS,
];

const keys = (words: readonly string[]): string[] => words.map(nameKey);
const IMPOSTOR_KEYS = keys(IMPOSTOR_WORDS);
const QUALIFIER_KEYS = keys(QUALIFIERS);

/** Letters (not digits) that may trail a reserved name: "Bot42" and "Botx" pass for "Bot". */
const TRAILING = 2;

const startsWith = (chars: readonly KeyChar[], at: number, word: string): boolean =>
  Array.from(word).every((ch, i) => chars[at + i]?.ch === ch);

/**
 * Whether the name's key is made of impostor words (at least one) and qualifiers, read with
 * look-alikes folded (`nameKey`), with any digits anywhere and up to `TRAILING` other
 * characters at the end. Read from the start only: "Fred" and "Alfred" are not "red".
 */
export function isReserved(name: string): boolean {
  const chars = keyChars(name);
  // reached[i][impostor]: the first i characters read as words, with an impostor word or not.
  const reached = chars.map(() => [false, false]);
  reached.push([false, false]);
  reached[0]![0] = true;
  for (let i = 0; i < chars.length; i++) {
    for (const seen of [0, 1] as const) {
      if (!reached[i]![seen]) continue;
      if (chars[i]!.digit) reached[i + 1]![seen] = true;
      for (const word of IMPOSTOR_KEYS) {
        if (startsWith(chars, i, word)) reached[i + word.length]![1] = true;
      }
      for (const word of QUALIFIER_KEYS) {
        if (startsWith(chars, i, word)) reached[i + word.length]![seen] = true;
      }
    }
  }
  return reached.some(
    (state, i) => state[1] === true && chars.slice(i).filter((c) => !c.digit).length <= TRAILING,
  );
}
