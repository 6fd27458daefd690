import { z } from 'zod';
import { C4Error, ErrorCode, err, ok, type Result } from '../core/index.js';
import type { Puzzle, PuzzleFile } from './types.js';

const columns = z.string().regex(/^[1-9a-c]+$/, 'column characters 1-9, a-c');

const puzzleSchema = z.object({
  id: z.string().min(1),
  variant: z.string().regex(/^\d+x\d+c\d+$/, 'WxHcN'),
  start: z.string().regex(/^[1-9a-c]*$/, 'column characters 1-9, a-c'),
  goal: z.enum(['win', 'draw']),
  steps: z.array(z.object({ accept: columns, reply: columns.length(1).nullable() })).min(1),
  distance: z.number().int().positive().nullable(),
  rating: z.number().int(),
});

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
  return ok(parsed.data);
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
