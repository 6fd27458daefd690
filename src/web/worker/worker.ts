/// <reference lib="webworker" />
import { chooseMove, createRandom, parseLevel } from '../../ai/index.js';
import { Position, createVariant } from '../../core/index.js';
import { Solver, solverSupports, type AnalyzeResult } from '../../solver/index.js';
import { hintFromEvaluation, type Hint } from '../state/hints.js';
import type { GameRef, Reply, Request } from './protocol.js';

/**
 * The search worker: computer moves and column analysis, off the page's thread. A search is
 * cancelled by terminating the worker (the page starts a fresh one), so nothing here needs to
 * poll for messages mid-search.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: Reply): void => {
  scope.postMessage(reply);
};

/** 2^20 entries (12 MiB): plenty for interactive analysis, light on a phone. */
let solver: Solver | undefined;

function positionOf(game: GameRef): Position {
  const variant = createVariant(game);
  if (!variant.ok) throw variant.error;
  const position = Position.fromMoves(variant.value, game.moves);
  if (!position.ok) throw position.error;
  return position.value;
}

async function move(request: Extract<Request, { type: 'move' }>): Promise<void> {
  const position = positionOf(request.game);
  const level = parseLevel(request.level);
  const choice = await chooseMove(position, level.ok ? level.value : 'intermediate', {
    timeMs: request.timeMs,
    random: createRandom(request.seed),
  });
  post({ id: request.id, type: 'move', column: choice.column });
}

function toHints(result: AnalyzeResult, game: GameRef): Hint[] {
  return result.columns.map((evaluation) =>
    hintFromEvaluation(evaluation, game, game.moves.length, result.weak),
  );
}

async function analyzeGame(request: Extract<Request, { type: 'analyze' }>): Promise<void> {
  const { id, game } = request;
  const position = positionOf(game);
  if (!solverSupports(position.variant)) {
    // Too big to solve: a depth-limited search, labelled as an estimate.
    const choice = await chooseMove(position, 'strong', { timeMs: 1500 });
    const hints: Hint[] = Array.from({ length: game.width }, (_, column) =>
      position.canPlay(column) ? { kind: 'unknown' } : { kind: 'full' },
    );
    for (const assessed of choice.explanation.columns) {
      hints[assessed.column] = { kind: 'estimate', value: assessed.score };
    }
    post({ id, type: 'analysis', hints, final: true, exact: false });
    return;
  }
  solver ??= new Solver({ tableBits: 20 });
  // Win/draw/loss first (fast), then the exact distances.
  const input = { variant: position.variant, moves: game.moves };
  const weak = solver.analyze(input, { weak: true, timeLimitMs: 3000 });
  if (!weak.ok) throw weak.error;
  const weakHints = toHints(weak.value, game);
  post({ id, type: 'analysis', hints: weakHints, final: false, exact: true });
  const strong = solver.analyze(input, { timeLimitMs: 15000 });
  if (!strong.ok) throw strong.error;
  const strongHints = toHints(strong.value, game);
  const merged = strongHints.map((hint, column) =>
    hint.kind === 'win' || hint.kind === 'loss' || hint.kind === 'draw' || hint.kind === 'full'
      ? hint
      : (weakHints[column] ?? hint),
  );
  post({ id, type: 'analysis', hints: merged, final: true, exact: true });
}

scope.addEventListener('message', (event: MessageEvent<Request>) => {
  const request = event.data;
  const work = request.type === 'move' ? move(request) : analyzeGame(request);
  work.catch((error: unknown) => {
    post({
      id: request.id,
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  });
});
