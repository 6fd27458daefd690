// A computer player's thread: the same chooseMove as the web worker and the CLI, off the
// server's event loop. One request at a time; the pool never sends a second before the answer.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import {
  chooseMove,
  createPerfectContext,
  type LevelId,
  type PerfectContext,
} from '../../ai/index.js';
import { chooseFamilyMove, type FamilyPerfectContext } from '../../ai/family/index.js';
import { Position, parseRuleset, parseVariant } from '../../core/index.js';
import { encodeMove, familyPosition } from '../game/family.js';
import { parseBook } from '../../solver/index.js';
import { POPOUT_BOOK_FILE, parsePopoutBook } from '../../solver/family/popout-book.js';
import type { ThinkReply, ThinkRequest } from './messages.js';

/**
 * Perfect's solver (its table stays warm between this thread's moves) with the committed 7x6
 * book, from src/ or dist/ (both keep it at solver/book/ beside this tree).
 */
function perfectWithBook(): PerfectContext {
  for (const rel of ['../../solver/book/7x6.book', '../../../src/solver/book/7x6.book']) {
    const file = fileURLToPath(new URL(rel, import.meta.url));
    if (!existsSync(file)) continue;
    const parsed = parseBook(new Uint8Array(readFileSync(file)), (data) => crc32(data));
    return createPerfectContext(parsed.ok ? parsed.value : undefined);
  }
  return createPerfectContext();
}
const perfect = perfectWithBook();

/** The family's Perfect with PopOut 7x6's opening book, found the same way. */
function familyPerfectWithBook(): FamilyPerfectContext {
  for (const dir of ['../../solver/book/', '../../../src/solver/book/']) {
    const file = fileURLToPath(new URL(dir + POPOUT_BOOK_FILE, import.meta.url));
    if (!existsSync(file)) continue;
    const parsed = parsePopoutBook(new Uint8Array(readFileSync(file)));
    return parsed.ok ? { popoutBook: parsed.value } : {};
  }
  return {};
}
const familyPerfect = familyPerfectWithBook();

/**
 * The lowest CPU priority for this thread (on Linux a thread's nice value is its own, so the
 * server's event loop keeps its priority): the computer thinks with the CPU that human games
 * leave over, and its wall-clock budget makes it move on time, only less deeply, under load.
 */
export const BOT_NICE = 19;
try {
  setPriority(BOT_NICE);
} catch {
  // Not permitted here: the computer thinks at normal priority.
}

/**
 * Better still on Linux: the SCHED_IDLE policy, under which this thread runs only on a core
 * that nothing else wants and is preempted at once when a human game's work wakes up (a nice-19
 * thread still gets a small share and a scheduling slice). Node has no call for it, so
 * util-linux's `chrt` sets it on this thread's id; without `chrt` nice 19 stays.
 */
function idlePolicy(): void {
  if (process.platform !== 'linux') return;
  try {
    const thread = readlinkSync('/proc/thread-self').split('/').pop();
    if (thread && /^\d+$/.test(thread)) {
      execFileSync('chrt', ['--idle', '--pid', '0', thread], { stdio: 'ignore', timeout: 2000 });
    }
  } catch {
    // No chrt, or not permitted: nice 19 it is.
  }
}
if (process.env['BOT_SCHED_IDLE'] !== '0') idlePolicy();

/** PopOut and Five-in-a-Row: the family's levels over the rules' position. */
function thinkFamily(request: ThinkRequest): ThinkReply {
  const position = familyPosition(request);
  if (!position.ok) return { id: request.id, error: position.error.message };
  try {
    const move = chooseFamilyMove(position.value, request.level as LevelId, {
      perfect: familyPerfect,
      ...(request.timeMs !== undefined ? { timeMs: request.timeMs } : {}),
    });
    return { id: request.id, column: encodeMove(move) };
  } catch (error) {
    return { id: request.id, error: String(error) };
  }
}

async function think(request: ThinkRequest): Promise<ThinkReply> {
  const ruleset = parseRuleset(request.game);
  if (ruleset.ok && ruleset.value.game !== 'classic') return thinkFamily(request);
  const variant = parseVariant(request.variant);
  if (!variant.ok) return { id: request.id, error: variant.error.message };
  const position = Position.fromMoves(variant.value, request.moves);
  if (!position.ok) return { id: request.id, error: position.error.message };
  try {
    const choice = await chooseMove(position.value, request.level as LevelId, {
      ...(request.timeMs !== undefined ? { timeMs: request.timeMs } : {}),
      perfect,
    });
    return { id: request.id, column: choice.column };
  } catch (error) {
    return { id: request.id, error: String(error) };
  }
}

parentPort?.on('message', (request: ThinkRequest) => {
  void think(request).then((reply) => parentPort?.postMessage(reply));
});
