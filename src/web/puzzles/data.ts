import { parsePuzzleFile, type Puzzle } from '../../puzzles/index.js';

/** The shipped puzzle sets, fetched as static files (cached by the service worker: offline). */
export const SETS = [
  {
    id: '7x6c4',
    label: 'Classic 7×6',
    url: new URL('../../puzzles/sets/7x6c4.json', import.meta.url),
  },
  {
    id: '7x7c5',
    label: '7×7 connect 5',
    url: new URL('../../puzzles/sets/7x7c5.json', import.meta.url),
  },
  {
    id: 'popout',
    label: 'PopOut 7×6',
    url: new URL('../../puzzles/sets/popout.json', import.meta.url),
  },
  {
    id: 'five',
    label: 'Five-in-a-Row 9×6',
    url: new URL('../../puzzles/sets/five.json', import.meta.url),
  },
] as const;

export type SetId = (typeof SETS)[number]['id'];

const cache = new Map<SetId, Promise<readonly Puzzle[]>>();

export function loadSet(id: SetId): Promise<readonly Puzzle[]> {
  let loading = cache.get(id);
  if (!loading) {
    const set = SETS.find((s) => s.id === id)!;
    loading = fetch(set.url)
      .then((response) => {
        if (!response.ok) throw new Error(`${set.label} puzzles: HTTP ${response.status}`);
        return response.text();
      })
      .then((text) => {
        const parsed = parsePuzzleFile(text);
        if (!parsed.ok) throw parsed.error;
        return parsed.value.puzzles;
      });
    loading.catch(() => cache.delete(id));
    cache.set(id, loading);
  }
  return loading;
}
