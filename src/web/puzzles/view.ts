import { Position, columnToChar, parseMoves, parseVariant, type Player } from '../../core/index.js';
import {
  dailyIndex,
  lessonAfterRefutation,
  lessonAfterWrongMove,
  nextPuzzleIndex,
  puzzlePrompt,
  type Lesson,
  updateRating,
  utcDay,
  type Puzzle,
} from '../../puzzles/index.js';
import { createBoard } from '../board/board.js';
import { SearchClient } from '../worker/client.js';
import { SETS, loadSet, type SetId } from './data.js';
import { loadProgress, saveProgress, type PuzzleProgress } from './store.js';
import { button, h, type View } from '../dom.js';
import { COLOUR } from '../state/colours.js';

const NAMES = COLOUR;

/** The set the site's daily puzzle comes from. */
const DAILY_SET: SetId = '7x6c4';

type Phase = 'loading' | 'solving' | 'busy' | 'solved' | 'failed';

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
  let position: Position | null = null;
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
  const setLabel = h('label', {}, 'Board ');
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
      void choose(column);
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
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      board.moveSelection(event.key === 'ArrowLeft' ? -1 : 1);
    } else if (/^[1-9]$/.test(event.key) && !target.closest('a, button:not(.column)')) {
      event.preventDefault();
      void choose(Number(event.key) - 1);
    } else if (event.key === 'ArrowDown' && target.classList.contains('column')) {
      event.preventDefault();
      void choose(board.selected);
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

  function start(p: Puzzle, isDaily: boolean): void {
    const variant = parseVariant(p.variant);
    if (!variant.ok) throw variant.error;
    const moves = parseMoves(p.start, variant.value);
    if (!moves.ok) throw moves.error;
    const built = Position.fromMoves(variant.value, moves.value);
    if (!built.ok) throw built.error;
    puzzle = p;
    daily = isDaily;
    position = built.value;
    step = 0;
    rated = progress.done.includes(p.id);
    search.cancel();
    heading.textContent = `${isDaily ? `Daily puzzle ${utcDay(now())}` : 'Puzzle'} · difficulty ${p.rating}`;
    const side = NAMES[mover()];
    prompt.textContent = puzzlePrompt(p, position, side);
    feedback.textContent = `${side} to move. Choose a column (click, or the keys 1 to ${p.variant.split('x')[0]}).`;
    history.replaceState(null, '', `#puzzles=${p.id}`);
    setPhase('solving');
    board.select(3);
  }

  async function choose(column: number): Promise<void> {
    if (phase !== 'solving' || !puzzle || !position) return;
    if (!position.canPlay(column)) {
      board.nudge(column);
      return;
    }
    const current = puzzle.steps[step]!;
    const right = current.accept.includes(columnToChar(column));
    const side = NAMES[mover()];
    phase = 'busy';
    const before = position.clone();
    const played = position.play(column);
    if (!played.ok) return;
    await board.set({ position, interactive: false, hints: null });
    if (!right) {
      const delta = record(false);
      feedback.textContent =
        `Column ${column + 1} is not it: it lets the ${puzzle.goal === 'win' ? 'win' : 'draw'} slip. ` +
        `Rating ${progress.rating} (${delta >= 0 ? '+' : ''}${delta}).`;
      setPhase('failed');
      teach(lessonAfterWrongMove(before, position, NAMES));
      reveal();
      void board.set(boardState());
      refute();
      return;
    }
    if (current.reply === null || current.accept.length > 1) {
      const delta = record(true);
      const end = played.value.kind === 'win' ? `${side} wins` : 'Correct';
      feedback.textContent =
        `${end}! Puzzle solved${current.accept.length > 1 ? (puzzle.goal === 'win' ? ' (from here several columns win)' : ' (from here several columns hold the draw)') : ''}. ` +
        `Rating ${progress.rating} (${delta >= 0 ? '+' : ''}${delta}), streak ${progress.streak}.`;
      setPhase('solved');
      nextButton.focus();
      return;
    }
    const reply = parseInt(current.reply, 36) - 1;
    position.play(reply);
    await board.set({ position, interactive: false, hints: null });
    step++;
    feedback.textContent = `Correct. ${NAMES[position.turn === 1 ? 2 : 1]} defends in column ${reply + 1}. ${NAMES[position.turn]} to move: keep going.`;
    setPhase('solving');
  }

  /** The opponent's best answer to the wrong column, played on the board. */
  function refute(): void {
    if (!position || !puzzle || position.isOver) return;
    const snapshot = position.clone();
    const goal = puzzle.goal;
    search.run(
      {
        type: 'move',
        game: { ...snapshot.variant, moves: [...snapshot.moves] },
        level: 'perfect',
        seed: 1,
      },
      (reply) => {
        if (reply.type !== 'move' || (position !== null && position.ply !== snapshot.ply)) return;
        const who = NAMES[snapshot.turn];
        position!.play(reply.column);
        feedback.textContent += ` The refutation: ${who} answers in column ${reply.column + 1}${position!.outcome.kind === 'win' ? ' and wins' : ''}.`;
        teach(lessonAfterRefutation(position!, NAMES, goal));
        void board.set(boardState());
      },
    );
  }

  async function showSolution(): Promise<void> {
    if (!puzzle) return;
    const p = puzzle;
    start(p, daily);
    phase = 'busy';
    for (const s of p.steps) {
      const column = parseInt(s.accept[0]!, 36) - 1;
      position!.play(column);
      await board.set({ position: position!, interactive: false, hints: null });
      if (s.reply === null) break;
      position!.play(parseInt(s.reply, 36) - 1);
      await board.set({ position: position!, interactive: false, hints: null });
    }
    const first = p.steps[0]!.accept;
    feedback.textContent = `The solution starts in column ${first}.`;
    setPhase('solved');
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
