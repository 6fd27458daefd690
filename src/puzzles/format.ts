import { z } from 'zod';
import { C4Error, ErrorCode, err, ok, type Result } from '../core/index.js';
import type { Puzzle, PuzzleFile } from './types.js';

const MOVES = 'moves: column characters 1-9, a-c, a pop as p and a column';
const moves = z.string().regex(/^(p?[1-9a-c])+$/, MOVES);

const puzzleSchema = z
  .object({
    id: z.string().min(1),
    game: z.enum(['popout', 'five']).optional(),
    variant: z.string().regex(/^\d+x\d+c\d+$/, 'WxHcN'),
    start: z.string().regex(/^(p?[1-9a-c])*$/, MOVES),
    goal: z.enum(['win', 'draw']),
    steps: z
      .array(
        z.object({
          accept: moves,
          reply: z
            .string()
            .regex(/^p?[1-9a-c]$/, MOVES)
            .nullable(),
        }),
      )
      .min(1),
    distance: z.number().int().positive().nullable(),
    rating: z.number().int(),
  })
  .refine(
    (puzzle) =>
      puzzle.game === 'popout' ||
      ![puzzle.start, ...puzzle.steps.flatMap((s) => [s.accept, s.reply ?? ''])].some((m) =>
        m.includes('p'),
      ),
    { error: 'a pop (p) in a game without pops', path: ['steps'] },
  );

const fileSchema = z.object({
  format: z.literal('c4-puzzles'),
  version: z.literal(1),
  puzzles: z.array(puzzleSchema),
});

/** A puzzle file's text, parsed; the error names the first problem and where it is. */
export function parsePuzzleFile(text: string): Result<PuzzleFile, C4Error> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return err(new C4Error(ErrorCode.PuzzleInvalid, `not JSON: ${message}`));
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return err(
      new C4Error(ErrorCode.PuzzleInvalid, `${issue.path.join('.') || 'file'}: ${issue.message}`),
    );
  }
  // The schema's output drops `game` where absent, which is what a Puzzle says.
  return ok(parsed.data as PuzzleFile);
}

/** One puzzle per line, so a diff of a regenerated set reads puzzle by puzzle. */
export function serializePuzzleFile(puzzles: readonly Puzzle[]): string {
  const lines = puzzles.map((p) => JSON.stringify(p));
  return `{"format":"c4-puzzles","version":1,"puzzles":[\n${lines.join(',\n')}\n]}\n`;
}

/** A short stable id: FNV-1a of the start position's game string, in base 36. */
export function puzzleId(variant: string, start: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${variant}:${start}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}
