import { nameKey } from './keys.js';
import { isReserved } from './reserved.js';

/**
 * Display names: what a player may be called. When two names are "the same" is `nameKey`'s
 * (./keys.ts), which names may not be taken at all `isReserved`'s (./reserved.ts).
 */

export { nameKey } from './keys.js';

export const NAME_MIN = 3;
export const NAME_MAX = 20;

export type NameProblem =
  'name_too_short' | 'name_too_long' | 'name_bad_characters' | 'name_reserved';

export type NameCheck =
  | { readonly ok: true; readonly name: string; readonly key: string }
  | { readonly ok: false; readonly problem: NameProblem; readonly message: string };

/** Letters and digits of any script, inner single spaces, `_`, `-` and `.`. */
const ALLOWED = /^[\p{L}\p{N}](?:[\p{L}\p{N}_.-]| (?! ))*$/u;
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
  if (isReserved(name)) {
    return {
      ok: false,
      problem: 'name_reserved',
      message: `"${name}" could be taken for the computer, the site or a seat colour`,
    };
  }
  return { ok: true, name, key };
}
