/**
 * Comparison keys of display names: when two names are "the same" (so one player cannot pose
 * as another by case, width, accents or look-alike letters).
 */

/** Combining marks left after decomposition: accents do not make a name different. */
const MARKS = /\p{M}/gu;

/**
 * Look-alikes that NFKC does not fold: Cyrillic and Greek letters drawn like Latin ones, and
 * digits drawn like letters. A small table after Unicode TR39's confusables, for the
 * characters names are made of.
 */
const CONFUSABLE: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'l',
  ї: 'l',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ү: 'y',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '5': 's',
  i: 'l',
  '|': 'l',
  _: '',
  '-': '',
  '.': '',
  ' ': '',
};

/**
 * The comparison key of a name: NFKC (full-width, ligatures, super/subscripts), lower case
 * (case folding), accents dropped, look-alikes mapped to one letter, separators removed,
 * and `rn` read as `m`. Two names with the same key are refused as the same name.
 */
export function nameKey(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '');
  let key = '';
  for (const ch of folded) key += CONFUSABLE[ch] ?? ch;
  return key.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** One character of a name's key, marked when it was written as a digit. */
export interface KeyChar {
  readonly ch: string;
  readonly digit: boolean;
}

/**
 * `nameKey` one character at a time (joined, the same string), each marked when it came from a
 * digit: "C0mputer" reads as "computer", and a digit may also be read as a digit and nothing
 * more ("Computer 1337" is "computer" plus a number). Used to spot reserved names.
 */
export function keyChars(name: string): KeyChar[] {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '');
  const chars: KeyChar[] = [];
  for (const raw of folded) {
    const ch = CONFUSABLE[raw] ?? raw;
    if (ch !== '') chars.push({ ch, digit: /\p{N}/u.test(raw) });
  }
  // The same left-to-right, non-overlapping merges as `nameKey`'s replacements.
  return merge(merge(chars, 'r', 'n', 'm'), 'v', 'v', 'w');
}

function merge(chars: readonly KeyChar[], a: string, b: string, into: string): KeyChar[] {
  const out: KeyChar[] = [];
  for (let i = 0; i < chars.length; i++) {
    const here = chars[i]!;
    if (here.ch === a && chars[i + 1]?.ch === b) {
      out.push({ ch: into, digit: false });
      i++;
    } else {
      out.push(here);
    }
  }
  return out;
}
