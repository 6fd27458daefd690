import { START_RATING } from '../../puzzles/index.js';

/** What the Puzzles page remembers in this browser (local storage; nothing leaves it). */
export interface PuzzleProgress {
  readonly rating: number;
  readonly streak: number;
  readonly bestStreak: number;
  /** Ids of puzzles already rated (solved or failed at the first try). */
  readonly done: readonly string[];
  readonly solved: number;
  /** The last daily puzzle finished: its UTC day. */
  readonly dailyDay: string | null;
}

const KEY = 'c4.puzzles.v1';
const EMPTY: PuzzleProgress = {
  rating: START_RATING,
  streak: 0,
  bestStreak: 0,
  done: [],
  solved: 0,
  dailyDay: null,
};

const whole = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : fallback;

/** The stored progress; anything unreadable starts afresh rather than breaking the page. */
export function loadProgress(storage: Pick<Storage, 'getItem'> = localStorage): PuzzleProgress {
  try {
    const raw: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return EMPTY;
    const r = raw as Record<string, unknown>;
    return {
      rating: whole(r['rating'], START_RATING),
      streak: whole(r['streak'], 0),
      bestStreak: whole(r['bestStreak'], 0),
      done: Array.isArray(r['done'])
        ? r['done'].filter((x): x is string => typeof x === 'string')
        : [],
      solved: whole(r['solved'], 0),
      dailyDay: typeof r['dailyDay'] === 'string' ? r['dailyDay'] : null,
    };
  } catch {
    return EMPTY;
  }
}

export function saveProgress(
  progress: PuzzleProgress,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify(progress));
  } catch {
    // Private mode or a full quota: the page still works, it just forgets.
  }
}
