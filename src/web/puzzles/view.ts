import {
  GamePosition,
  Position,
  familyGameToString,
  parseMoves,
  parseVariant,
  sameMove,
  type Move,
  type Player,
} from '../../core/index.js';
import {
  dailyIndex,
  familyFailedWhy,
  familyPuzzlePosition,
  familySolvedWhy,
  familyStepMoves,
  lessonAfterRefutation,
  lessonAfterWrongMove,
  nextPuzzleIndex,
  puzzlePrompt,
  type Lesson,
  updateRating,
  utcDay,
  type MoveResult,
  type Puzzle,
} from '../../puzzles/index.js';
import { resultsFromAnalysis } from './family-why.js';
import { createBoard } from '../board/board.js';
import { SearchClient } from '../worker/client.js';
import { SETS, loadSet, type SetId } from './data.js';
import { loadProgress, saveProgress, type PuzzleProgress } from './store.js';
import { button, h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';
import { keyCommand } from '../ui/keyboard.js';

const NAMES = COLOUR;

/** The set the site's daily puzzle comes from. */
const DAILY_SET: SetId = '7x6c4';

type Phase = 'loading' | 'solving' | 'busy' | 'solved' | 'failed';

/** A wrong PopOut or Five-in-a-Row move's why: the position it was played in, and its words. */
interface FamilyWhy {
  readonly at: GamePosition;
  readonly why: (results: readonly MoveResult[] | null) => Lesson;
}

/** "column 4" or "a pop from column 4". */
const moveWords = (move: Move): string =>
  move.kind === 'pop' ? `a pop from column ${move.column + 1}` : `column ${move.column + 1}`;

/**
 * What a PopOut or Five-in-a-Row puzzle asks (the classic one's `puzzlePrompt` counts columns;
 * here a pop is a move too).
 */
function familyPrompt(puzzle: Puzzle, position: GamePosition, side: string): string {
  const open = position.legalMoves().length;
  if (puzzle.goal === 'win') {
    const distance = puzzle.distance !== null ? ` (a win in ${puzzle.distance})` : '';
    const pops = position.ruleset.pops ? ' A pop is a move too.' : '';
    return `${side} to move: find the winning move${distance}. Only one of the ${open} moves wins.${pops}`;
  }
  return `${side} to move: save the draw. Every move but one loses.`;
}

/**
 * The Puzzles page: one puzzle at a time on the shared board view. A correct column is
 * followed by the solver's defence (stored with the puzzle) until the puzzle ends; a wrong one
 * gets a clear message and the refutation (the Perfect level's reply, from the search worker).
 * Rating, streak and solved puzzles stay in this browser. `wanted` opens a puzzle by id.
 */
export function puzzlesView(wanted: string | null, now: () => number = Date.now): View {
  let progress: PuzzleProgress = loadProgress();
  let setId: SetId = '7x6c4';
  let puzzles: readonly Puzzle[] = [];
  let puzzle: Puzzle | null = null;
  let daily = false;
  let position: Position | GamePosition | null = null;
  let step = 0;
  let phase: Phase = 'loading';
  let rated = false;
  const search = new SearchClient();

  const root = h('section', { class: 'puzzles-view' });
  root.setAttribute('aria-labelledby', 'puzzles-title');
  const title = h('h2', {}, 'Puzzles');
  title.id = 'puzzles-title';
  title.tabIndex = -1;
  const stats = h('p', { class: 'puzzle-stats' });
  const controls = h('div', { class: 'puzzle-controls' });
  const setLabel = h('label', {}, 'Game and board ');
  const setSelect = h('select');
  for (const set of SETS) {
    const option = h('option', {}, set.label);
    option.value = set.id;
    setSelect.append(option);
  }
  setLabel.append(setSelect);
  const dailyButton = button('Daily puzzle', () => {
    void openDaily();
  });
  const nextButton = button('Next puzzle', () => {
    openNext();
  });
  const back = h('a', { class: 'button' }, 'Back to the game');
  back.href = '#';
  controls.append(setLabel, dailyButton, nextButton, back);

  const heading = h('h3', { class: 'puzzle-heading' });
  const prompt = h('p', { class: 'puzzle-prompt' });
  const feedback = h('p', { class: 'puzzle-feedback' });
  feedback.setAttribute('role', 'status');
  feedback.setAttribute('aria-live', 'polite');
  const boardHost = h('div', { class: 'board-host puzzle-board' });
  const board = createBoard(boardHost, {
    onSelect: (column) => {
      void choose({ kind: 'drop', column });
    },
    onPop: (column) => {
      void choose({ kind: 'pop', column });
    },
  });
  const after = h('div', { class: 'puzzle-after' });
  const retryButton = button('Try again', () => {
    if (puzzle) start(puzzle, daily);
  });
  const solutionButton = button('Show the solution', () => {
    void showSolution();
  });
  after.append(retryButton, solutionButton);
  const lesson = h('p', { class: 'puzzle-lesson' });
  // The puzzle first, its choices after it: on a phone the prompt, the board, the feedback and
  // Try again then fit one screen before any scrolling (the choices above pushed the board
  // half off it). The order read and tabbed through is the order shown.
  root.append(title, stats, heading, prompt, boardHost, feedback, lesson, after, controls);
  let marks: Lesson['marks'] = [];

  // Arrows and digits work anywhere on the page, as on the game board; nothing reaches the
  // game behind it.
  root.addEventListener('keydown', (event) => {
    event.stopPropagation();
    const target = event.target as HTMLElement;
    if (target.closest('select, input')) return;
    // PopOut's pop keys, as in the game: P or ↑ pops the column under the cursor, Shift+digit
    // a given column.
    const command = keyCommand({
      key: event.key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      shiftKey: event.shiftKey,
      target: 'other',
    });
    const pops = position instanceof GamePosition && position.ruleset.pops;
    if (pops && (command?.type === 'popSelected' || command?.type === 'popColumn')) {
      event.preventDefault();
      const column = command.type === 'popColumn' ? command.column : board.selected;
      void choose({ kind: 'pop', column });
      return;
    }
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      board.moveSelection(event.key === 'ArrowLeft' ? -1 : 1);
    } else if (/^[1-9]$/.test(event.key) && !target.closest('a, button:not(.column)')) {
      event.preventDefault();
      void choose({ kind: 'drop', column: Number(event.key) - 1 });
    } else if (event.key === 'ArrowDown' && target.classList.contains('column')) {
      event.preventDefault();
      void choose({ kind: 'drop', column: board.selected });
    }
  });
  setSelect.addEventListener('change', () => {
    setId = setSelect.value as SetId;
    void loadAndOpen(null);
  });

  function renderStats(): void {
    stats.textContent =
      `Rating ${progress.rating} · streak ${progress.streak} (best ${progress.bestStreak}) · ` +
      `${progress.solved} solved`;
  }

  function record(solved: boolean): number {
    if (!puzzle || rated) return 0;
    rated = true;
    const before = progress.rating;
    const streak = solved ? progress.streak + 1 : 0;
    progress = {
      rating: updateRating(before, puzzle.rating, solved),
      streak,
      bestStreak: Math.max(progress.bestStreak, streak),
      done: [...progress.done.filter((id) => id !== puzzle!.id), puzzle.id].slice(-5000),
      solved: progress.solved + (solved ? 1 : 0),
      dailyDay: daily ? utcDay(now()) : progress.dailyDay,
    };
    saveProgress(progress);
    renderStats();
    return progress.rating - before;
  }

  function mover(): Player {
    return position!.turn;
  }

  function setPhase(next: Phase): void {
    phase = next;
    after.hidden = next !== 'failed';
    if (next !== 'failed') teach(null);
    void board.set(boardState());
  }

  function boardState() {
    return {
      position: position!,
      interactive: phase === 'solving',
      hints: null,
      marks,
      marksLabel: 'threat',
    };
  }

  /** Shows why a move was wrong: in words under the feedback, and ringed on the board. */
  function teach(next: Lesson | null): void {
    marks = next?.marks ?? [];
    lesson.textContent = next?.text ?? '';
    lesson.hidden = next === null;
    if (next !== null) reveal();
  }

  /**
   * Brings the feedback, the why and Try again into view (on a phone the player scrolled down
   * to the board to play), moving the page no further than needed, so the board stays in view.
   */
  function reveal(): void {
    after.scrollIntoView({ block: 'nearest' });
  }

  function startPosition(p: Puzzle): Position | GamePosition {
    if (p.game !== undefined) {
      const family = familyPuzzlePosition(p);
      if (!family.ok) throw family.error;
      return family.value;
    }
    const variant = parseVariant(p.variant);
    if (!variant.ok) throw variant.error;
    const moves = parseMoves(p.start, variant.value);
    if (!moves.ok) throw moves.error;
    const built = Position.fromMoves(variant.value, moves.value);
    if (!built.ok) throw built.error;
    return built.value;
  }

  /** The moves a step's text names (`p54`: pop 5, drop 4), in the puzzle's game. */
  function movesOf(p: Puzzle, text: string): Move[] {
    if (p.game !== undefined) return familyStepMoves(p, text);
    // Classic steps are column characters (1-9, a-c): ASCII, one character each.
    return Array.from(text.match(/[1-9a-c]/g) ?? [], (c) => ({
      kind: 'drop' as const,
      column: parseInt(c, 36) - 1,
    }));
  }

  function canPlay(at: Position | GamePosition, move: Move): boolean {
    if (at instanceof GamePosition) return at.canPlay(move);
    return move.kind === 'drop' && at.canPlay(move.column);
  }

  /** Plays a legal move; whether the mover won with it. */
  function play(at: Position | GamePosition, move: Move): boolean {
    const mover = at.turn;
    if (at instanceof GamePosition) at.play(move);
    else at.play(move.column);
    const outcome = at.outcome;
    return outcome.kind === 'win' && outcome.winner === mover;
  }

  function start(p: Puzzle, isDaily: boolean): void {
    const built = startPosition(p);
    puzzle = p;
    daily = isDaily;
    position = built;
    step = 0;
    rated = progress.done.includes(p.id);
    search.cancel();
    heading.textContent = `${isDaily ? `Daily puzzle ${utcDay(now())}` : 'Puzzle'} · difficulty ${p.rating}`;
    const side = NAMES[mover()];
    prompt.textContent =
      position instanceof GamePosition
        ? familyPrompt(p, position, side)
        : puzzlePrompt(p, position, side);
    const width = p.variant.split('x')[0]!;
    feedback.textContent =
      position instanceof GamePosition && position.ruleset.pops
        ? `${side} to move. Choose a column (click, or the keys 1 to ${width}) or pop one of your discs (its Pop button, or P).`
        : `${side} to move. Choose a column (click, or the keys 1 to ${width}).`;
    history.replaceState(null, '', `#puzzles=${p.id}`);
    setPhase('solving');
    board.select(3);
  }

  async function choose(move: Move): Promise<void> {
    if (phase !== 'solving' || !puzzle || !position) return;
    if (!canPlay(position, move)) {
      board.nudge(move.column);
      return;
    }
    const current = puzzle.steps[step]!;
    const accepted = movesOf(puzzle, current.accept);
    const right = accepted.some((m) => sameMove(m, move));
    const side = NAMES[mover()];
    const named = moveWords(move);
    phase = 'busy';
    const before = position.clone();
    const won = play(position, move);
    await board.set({ position, interactive: false, hints: null });
    if (!right) {
      const delta = record(false);
      feedback.textContent =
        `${named[0]!.toUpperCase()}${named.slice(1)} is not it: it lets the ${puzzle.goal === 'win' ? 'win' : 'draw'} slip. ` +
        `Rating ${progress.rating} (${delta >= 0 ? '+' : ''}${delta}).`;
      setPhase('failed');
      if (before instanceof Position && position instanceof Position) {
        teach(lessonAfterWrongMove(before, position, NAMES));
      }
      // PopOut and Five-in-a-Row: what the move allows at once now, the solver's result of it
      // once the refutation is on the board.
      const familyWhy =
        before instanceof GamePosition
          ? {
              at: before,
              why: (results: readonly MoveResult[] | null) =>
                familyFailedWhy(puzzle!, before, move, results, NAMES),
            }
          : null;
      if (familyWhy) teach(familyWhy.why(null));
      reveal();
      void board.set(boardState());
      refute(familyWhy);
      return;
    }
    if (current.reply === null || accepted.length > 1) {
      const delta = record(true);
      const end = won ? `${side} wins` : 'Correct';
      // A classic puzzle's choices are columns; a family puzzle's include pops.
      const many = position instanceof GamePosition ? 'several moves' : 'several columns';
      const several = puzzle.goal === 'win' ? `${many} win` : `${many} hold the draw`;
      feedback.textContent =
        `${end}! Puzzle solved${accepted.length > 1 ? ` (from here ${several})` : ''}. ` +
        `Rating ${progress.rating} (${delta >= 0 ? '+' : ''}${delta}), streak ${progress.streak}.`;
      setPhase('solved');
      explainSolved(puzzle);
      nextButton.focus();
      return;
    }
    const reply = movesOf(puzzle, current.reply)[0]!;
    play(position, reply);
    await board.set({ position, interactive: false, hints: null });
    step++;
    const defends =
      reply.kind === 'pop'
        ? `pops column ${reply.column + 1}`
        : `defends in column ${reply.column + 1}`;
    feedback.textContent = `Correct. ${NAMES[position.turn === 1 ? 2 : 1]} ${defends}. ${NAMES[position.turn]} to move: keep going.`;
    setPhase('solving');
  }

  /**
   * The family solver's results for every move at `start` (the search worker's exact
   * analysis), handed to `show` unless the page moved on to another puzzle meanwhile.
   */
  function analyse(
    p: Puzzle,
    start: GamePosition,
    show: (results: readonly MoveResult[]) => void,
  ): void {
    const game = {
      ...start.variant,
      moves: [],
      family: familyGameToString(start, { alwaysPrefix: true }),
    };
    search.run({ type: 'analyze', game }, (reply) => {
      if (reply.type !== 'analysis' || !reply.final || puzzle !== p) return;
      show(resultsFromAnalysis(start, reply));
    });
  }

  /** Why the answer of a solved PopOut or Five-in-a-Row puzzle works (the classic's: none). */
  function explainSolved(p: Puzzle): void {
    if (p.game === undefined) return;
    const built = familyPuzzlePosition(p);
    if (!built.ok) return;
    const start = built.value;
    const answer = movesOf(p, p.steps[0]!.accept)[0]!;
    const why = (results: readonly MoveResult[] | null) =>
      familySolvedWhy(p, start, answer, results, NAMES);
    showWhy(why(null));
    analyse(p, start, (results) => {
      if (phase === 'solved') showWhy(why(results));
    });
  }

  /**
   * A family why once the board has moved on from the position it speaks of (the solution's
   * line or the refutation played): the words alone, no rings on cells that have changed.
   */
  function showWhy(next: Lesson): void {
    teach({ text: next.text, marks: [] });
    void board.set(boardState());
  }

  /** The opponent's best answer to the wrong column, played on the board. */
  function refute(familyWhy: FamilyWhy | null): void {
    // Then the family solver's result of the wrong move, for its why.
    const explain = (): void => {
      if (familyWhy && puzzle) {
        analyse(puzzle, familyWhy.at, (results) => {
          if (phase === 'failed') showWhy(familyWhy.why(results));
        });
      }
    };
    if (!position || !puzzle || position.isOver) {
      explain();
      return;
    }
    const snapshot = position.clone();
    const goal = puzzle.goal;
    const game =
      snapshot instanceof GamePosition
        ? {
            ...snapshot.variant,
            moves: [],
            family: familyGameToString(snapshot, { alwaysPrefix: true }),
          }
        : { ...snapshot.variant, moves: [...snapshot.moves] };
    search.run({ type: 'move', game, level: 'perfect', seed: 1 }, (reply) => {
      if (reply.type !== 'move' || (position !== null && position.ply !== snapshot.ply)) return;
      const who = NAMES[snapshot.turn];
      const move: Move = { kind: reply.kind ?? 'drop', column: reply.column };
      const won = play(position!, move);
      const answer =
        move.kind === 'pop'
          ? `pops column ${move.column + 1}`
          : `answers in column ${move.column + 1}`;
      feedback.textContent += ` The refutation: ${who} ${answer}${won ? ' and wins' : ''}.`;
      if (position instanceof Position) teach(lessonAfterRefutation(position, NAMES, goal));
      void board.set(boardState());
      explain();
    });
  }

  async function showSolution(): Promise<void> {
    if (!puzzle) return;
    const p = puzzle;
    start(p, daily);
    phase = 'busy';
    for (const s of p.steps) {
      play(position!, movesOf(p, s.accept)[0]!);
      await board.set({ position: position!, interactive: false, hints: null });
      if (s.reply === null) break;
      play(position!, movesOf(p, s.reply)[0]!);
      await board.set({ position: position!, interactive: false, hints: null });
    }
    const first = movesOf(p, p.steps[0]!.accept)[0]!;
    feedback.textContent = `The solution starts with ${moveWords(first)}.`;
    setPhase('solved');
    explainSolved(p);
  }

  /**
   * One daily puzzle for the whole site: the classic set's, picked by the UTC date alone, whatever
   * board the player has chosen.
   */
  async function openDaily(): Promise<void> {
    const classic = await loadSet(DAILY_SET);
    if (classic.length === 0) return;
    if (setId !== DAILY_SET) {
      setId = DAILY_SET;
      setSelect.value = setId;
      puzzles = classic;
    }
    start(classic[dailyIndex(utcDay(now()), classic.length)]!, true);
  }

  function openNext(): void {
    if (puzzles.length === 0) return;
    const done = new Set<number>();
    puzzles.forEach((p, i) => {
      if (progress.done.includes(p.id) || p.id === puzzle?.id) done.add(i);
    });
    const index = nextPuzzleIndex(
      puzzles.map((p) => p.rating),
      progress.rating,
      done,
    );
    if (index === null) {
      feedback.textContent = 'You have done every puzzle of this board. Well played!';
      return;
    }
    start(puzzles[index]!, false);
  }

  async function loadAndOpen(id: string | null): Promise<void> {
    phase = 'loading';
    feedback.textContent = 'Loading puzzles…';
    try {
      let found: Puzzle | undefined;
      if (id !== null) {
        for (const set of SETS) {
          found = (await loadSet(set.id)).find((p) => p.id === id);
          if (found) {
            setId = set.id;
            break;
          }
        }
      }
      setSelect.value = setId;
      puzzles = await loadSet(setId);
      if (found) start(found, false);
      else if (progress.dailyDay !== utcDay(now()) && setId === DAILY_SET) await openDaily();
      else openNext();
    } catch (error) {
      feedback.textContent = `The puzzles could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  renderStats();
  after.hidden = true;
  void loadAndOpen(wanted);
  queueMicrotask(() => {
    title.focus();
  });
  return {
    element: root,
    dispose() {
      search.cancel();
      board.destroy();
    },
  };
}
