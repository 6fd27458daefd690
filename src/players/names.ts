/**
 * Display names: what a player may be called and when two names are "the same" (so one
 * player cannot pose as another by case, width, accents or look-alike letters).
 */

export const NAME_MIN = 3;
export const NAME_MAX = 20;

export type NameProblem =
  'name_too_short' | 'name_too_long' | 'name_bad_characters' | 'name_reserved';

export type NameCheck =
  | { readonly ok: true; readonly name: string; readonly key: string }
  | { readonly ok: false; readonly problem: NameProblem; readonly message: string };

/** Letters and digits of any script, inner single spaces, `_`, `-` and `.`. */
const ALLOWED = /^[\p{L}\p{N}](?:[\p{L}\p{N}_.-]| (?! ))*$/u;
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

/** Words no player may take: they would pass for the server or the computer. */
const RESERVED = ['computer', 'bot', 'admin', 'moderator', 'system', 'server', 'red', 'yellow'].map(
  nameKey,
);

/** Parses a requested name into its display form and comparison key, or says what is wrong. */
export function checkName(raw: string): NameCheck {
  const name = raw.normalize('NFC').trim();
  const length = Array.from(name).length;
  if (length < NAME_MIN) {
    return {
      ok: false,
      problem: 'name_too_short',
      message: `a name needs at least ${NAME_MIN} characters`,
    };
  }
  if (length > NAME_MAX) {
    return {
      ok: false,
      problem: 'name_too_long',
      message: `a name has at most ${NAME_MAX} characters`,
    };
  }
  if (!ALLOWED.test(name)) {
    return {
      ok: false,
      problem: 'name_bad_characters',
      message:
        'use letters, digits, single spaces, "_", "-" or "." (starting with a letter or digit)',
    };
  }
  const key = nameKey(name);
  // "Bot", "B0T", "bot42": a reserved word with at most two characters added.
  const reserved = RESERVED.some((r) => key.startsWith(r) && key.length <= r.length + 2);
  if (reserved) return { ok: false, problem: 'name_reserved', message: `"${name}" is reserved` };
  return { ok: true, name, key };
}
