import {
  GamePosition,
  drop,
  variantToString,
  type Move,
  type Player,
  type Position,
  type Square,
} from '../../core/index.js';
import { COLOUR } from '../state/colours.js';
import { hintLabel, type Hint } from '../state/hints.js';
import { h } from '../dom.js';

/**
 * The board view: draws a position, animates drops, reports column choices. It holds no game
 * rules and no game state beyond what it shows, so local play, analysis and online games all
 * drive it the same way (like lichess' chessground):
 *
 *   const board = createBoard(element, { onSelect: (column) => game.drop(column) });
 *   await board.set({ position, interactive: true });   // animates a newly added last move
 *
 * Accessibility: every column is a button named "Column N, …"; the cells form a table whose
 * cells are named "Column N, row R: Red" (row 1 at the bottom). Announcements are the host's job.
 *
 * Any member of the family shows: a `GamePosition` of PopOut adds a pop button under each column
 * whose bottom disc the side to move may pop (`onPop`), and a popped column falls by one; the
 * set-up columns of Five-in-a-Row are marked and named as taking no drops.
 */
export interface BoardState {
  readonly position: Position | GamePosition;
  /** Whether the person at this device may drop now (clicks are ignored otherwise). */
  readonly interactive: boolean;
  /** Per-column scores for the side to move, or null to hide them. */
  readonly hints?: readonly Hint[] | null;
  /** PopOut: each column's pop score for the side to move (`null` where there is none). */
  readonly popHints?: readonly (Hint | null)[] | null;
  /** Shown while the hints are still being computed or are only estimates. */
  readonly hintsPending?: boolean;
  /**
   * Empty cells to point at (a puzzle's "this is the threat you allowed"): ringed, and named in
   * their labels with `marksLabel`.
   */
  readonly marks?: readonly Square[];
  readonly marksLabel?: string;
}

export interface BoardConfig {
  /** A column was chosen (click, tap, Enter/Space on a focused column). 0-based. */
  readonly onSelect?: (column: number) => void;
  /** A column's pop button was pressed (PopOut). 0-based. */
  readonly onPop?: (column: number) => void;
  /**
   * A column was chosen while the board takes no moves (not this person's turn, or the game is
   * over): the host says why, so a tap is never dropped without a word.
   */
  readonly onRefused?: (column: number) => void;
  /** Names of the two sides for accessible labels; default Red and Yellow. */
  readonly names?: Readonly<Record<Player, string>>;
  /** Skip animations (default: follows `prefers-reduced-motion`). */
  readonly reducedMotion?: () => boolean;
}

export interface BoardApi {
  /** Shows a state; resolves once a drop animation (if any) has finished. */
  set(state: BoardState): Promise<void>;
  /** The column the keyboard cursor is on. */
  readonly selected: number;
  /** Moves the keyboard cursor by `delta` columns (wrapping) and focuses it. */
  moveSelection(delta: number): void;
  /** Puts the cursor (and the preview) on a column and focuses it. */
  select(column: number): void;
  /** True while a disc is falling. */
  readonly animating: boolean;
  /** Lands a falling disc at once (new input never waits for an animation). */
  finishAnimation(): void;
  /** Briefly shakes a column (for a full-column message). */
  nudge(column: number): void;
  readonly element: HTMLElement;
  destroy(): void;
}

/** A click on a column: when (event time, ms) and its `detail` (0 from the keyboard). */
export interface Tap {
  readonly column: number;
  readonly at: number;
  readonly detail: number;
}

/**
 * A double tap or double click is one move: its second tap comes within this long on the same
 * column. Deliberate taps come slower (seven taps 300 ms apart are seven moves), and the time
 * a disc takes to fall (up to about 400 ms) has nothing to do with it.
 */
export const DOUBLE_TAP_MS = 250;

/**
 * Whether `tap` is the second half of a double tap whose first half (`last`) played: the browser
 * counts it as a repeated click (`detail` > 1) and it comes quickly on the same column. A
 * keyboard activation (detail 0) and a click the browser counts as new (detail 1) are always
 * deliberate.
 */
export function isDoubleTap(last: Tap | undefined, tap: Tap): boolean {
  if (tap.detail <= 1 || last === undefined) return false;
  return last.column === tap.column && tap.at - last.at < DOUBLE_TAP_MS;
}

/** The moves of either kind of position, as family moves. */
export function movesOf(position: Position | GamePosition): readonly Move[] {
  return position instanceof GamePosition ? position.moves : position.moves.map(drop);
}

const moveKey = (move: Move): string =>
  move.kind === 'pop' ? `p${move.column}` : `${move.column}`;

/** Whether the side to move may pop its disc from the bottom of `column` now. */
export function canPopAt(position: Position | GamePosition, column: number): boolean {
  return (
    position instanceof GamePosition &&
    !position.isOver &&
    position.canPlay({ kind: 'pop', column })
  );
}

/** The columns filled before the first move that never change (Five-in-a-Row's outer ones). */
function presetColumns(position: Position | GamePosition): ReadonlySet<number> {
  if (!(position instanceof GamePosition) || position.ruleset.pops) return new Set();
  const { width, height } = position.variant;
  const setup = position.ruleset.setup;
  const all = Array.from({ length: width }, (_, column) => column);
  return new Set(all.filter((column) => setup[column * height + height - 1] !== 0));
}

const systemReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

const gameOf = (position: Position | GamePosition): string =>
  position instanceof GamePosition ? position.ruleset.game : 'classic';

export function createBoard(host: HTMLElement, config: BoardConfig = {}): BoardApi {
  const names = config.names ?? COLOUR;
  const reducedMotion = config.reducedMotion ?? systemReducedMotion;
  const root = h('div', { class: 'board' });
  host.replaceChildren(root);

  let width = 0;
  let height = 0;
  let shown: { moves: readonly string[]; key: string } | undefined;
  let cells: HTMLElement[] = []; // index column * height + row
  let columns: HTMLButtonElement[] = [];
  /** The pop buttons under the columns (PopOut only; empty otherwise). */
  let pops: HTMLButtonElement[] = [];
  let presets: ReadonlySet<number> = new Set();
  let hintRow: HTMLElement | undefined;
  let table: HTMLElement | undefined;
  let state: BoardState | undefined;
  let selected = 0;
  let hover: number | null = null;
  let animating = false;
  /** The running drop animation, its column, and whether a tap on that column dropped it. */
  let falling: { animation: Animation; column: number; others?: Animation[] } | undefined;
  /** The last tap or click that played, for the double-tap rule (`isDoubleTap`). */
  let lastTap: Tap | undefined;

  const cellAt = (column: number, row: number): HTMLElement => cells[column * height + row]!;

  function build(position: Position | GamePosition): void {
    ({ width, height } = position.variant);
    root.style.setProperty('--cols', String(width));
    root.style.setProperty('--rows', String(height));
    root.dataset['variant'] = variantToString(position.variant);
    root.dataset['game'] = gameOf(position);
    presets = presetColumns(position);
    hintRow = h('div', { class: 'hint-row', 'aria-hidden': 'true' });
    const frame = h('div', { class: 'frame' });
    table = h('div', {
      class: 'cells',
      role: 'table',
      'aria-label': `Board, ${width} columns by ${height} rows`,
    });
    cells = new Array<HTMLElement>(width * height);
    for (let row = height - 1; row >= 0; row--) {
      const rowElement = h('div', { role: 'row', class: 'row' });
      for (let column = 0; column < width; column++) {
        const cell = h('div', {
          role: 'cell',
          class: 'cell',
          'data-col': String(column + 1),
          'data-row': String(row + 1),
        });
        rowElement.append(cell);
        cells[column * height + row] = cell;
      }
      table.append(rowElement);
    }
    const buttons = h('div', {
      class: 'columns',
      role: 'group',
      'aria-label': 'Columns: choose one to drop a disc',
    });
    columns = [];
    for (let column = 0; column < width; column++) {
      const button = h('button', {
        type: 'button',
        class: 'column',
        'data-col': String(column + 1),
        tabindex: column === selected ? '0' : '-1',
      });
      button.addEventListener('click', (event) => {
        // performance.now(), not event.timeStamp: the same clock, and one a test can drive.
        const tap = { column, at: performance.now(), detail: event.detail };
        if (isDoubleTap(lastTap, tap)) return;
        if (tap.detail > 0) lastTap = tap;
        selected = column;
        choose(column);
      });
      button.addEventListener('pointerenter', (event) => {
        if (event.pointerType === 'mouse') setHover(column);
      });
      button.addEventListener('pointerleave', () => {
        setHover(null);
      });
      button.addEventListener('focus', () => {
        selected = column;
        updateTabStops();
        setHover(column);
      });
      button.addEventListener('blur', () => {
        setHover(null);
      });
      columns.push(button);
      buttons.append(button);
      hintRow.append(h('span', { class: 'hint' }));
    }
    frame.append(table, buttons);
    pops = [];
    const withPops = position instanceof GamePosition && position.ruleset.pops;
    root.classList.toggle('with-pops', withPops);
    if (withPops) {
      const popRow = h('div', {
        class: 'pop-row',
        role: 'group',
        'aria-label': 'Pops: take your disc out of the bottom of a column',
      });
      for (let column = 0; column < width; column++) {
        const button = h(
          'button',
          { type: 'button', class: 'pop', 'data-col': String(column + 1), hidden: '' },
          'Pop',
        );
        button.addEventListener('click', () => {
          choosePop(column);
        });
        pops.push(button);
        const badge = h('span', { class: 'pop-hint', 'aria-hidden': 'true' });
        popRow.append(h('span', { class: 'pop-slot' }, button, badge));
      }
      root.replaceChildren(hintRow, frame, popRow);
    } else {
      root.replaceChildren(hintRow, frame);
    }
    shown = undefined;
    selected = Math.min(selected, width - 1);
  }

  function choose(column: number): void {
    if (!state) return;
    if (!state.interactive) {
      config.onRefused?.(column);
      return;
    }
    finishAnimation();
    config.onSelect?.(column);
  }

  function choosePop(column: number): void {
    if (!state?.interactive || !canPopAt(state.position, column)) return;
    finishAnimation();
    selected = column;
    config.onPop?.(column);
  }

  function finishAnimation(): void {
    // finish() settles the animation's promise later; the board is ready for input now.
    falling?.animation.finish();
    endAnimation();
  }

  function endAnimation(): void {
    if (!falling) return;
    for (const animation of falling.others ?? []) animation.finish();
    falling = undefined;
    animating = false;
    root.classList.remove('animating');
    for (const disc of root.querySelectorAll('.disc.falling')) disc.classList.remove('falling');
    renderPreview();
  }

  function updateTabStops(): void {
    columns.forEach((button, column) => {
      button.tabIndex = column === selected ? 0 : -1;
    });
  }

  function setHover(column: number | null): void {
    hover = column;
    renderPreview();
  }

  function renderPreview(): void {
    for (const cell of cells) cell.classList.remove('preview', 'preview-1', 'preview-2');
    columns.forEach((button, column) => button.classList.toggle('hover', column === hover));
    if (hover === null || !state || !state.interactive || animating) return;
    const position = state.position;
    if (position.isOver || position.columnHeight(hover) >= height) return;
    const cell = cellAt(hover, position.columnHeight(hover));
    cell.classList.add('preview', `preview-${position.turn}`);
  }

  function discFor(player: Player): HTMLElement {
    return h('span', { class: `disc p${player}` });
  }

  function renderCells(
    position: Position | GamePosition,
    marks: readonly Square[],
    marksLabel: string,
  ): void {
    const marked = new Set(marks.map((s) => s.column * height + s.row));
    const outcome = position.outcome;
    const winning = new Set(
      outcome.kind === 'win' ? outcome.cells.map((s: Square) => s.column * height + s.row) : [],
    );
    const moves = movesOf(position);
    const last = moves[moves.length - 1];
    // A pop leaves no new disc: nothing is marked as the last one.
    const lastIndex =
      last === undefined || last.kind === 'pop'
        ? -1
        : last.column * height + position.columnHeight(last.column) - 1;
    for (let column = 0; column < width; column++) {
      for (let row = 0; row < height; row++) {
        const index = column * height + row;
        const cell = cellAt(column, row);
        const content = position.cell(column, row);
        const current = cell.firstElementChild as HTMLElement | null;
        if (content === 0) {
          current?.remove();
        } else if (!current?.classList.contains(`p${content}`)) {
          cell.replaceChildren(discFor(content));
        }
        cell.dataset['cell'] = content === 0 ? 'empty' : content === 1 ? 'red' : 'yellow';
        const isWin = winning.has(index);
        cell.classList.toggle('win', isWin);
        cell.classList.toggle('last', index === lastIndex);
        const isMarked = marked.has(index);
        cell.classList.toggle('marked', isMarked);
        const what = content === 0 ? 'empty' : names[content];
        cell.setAttribute(
          'aria-label',
          `Column ${column + 1}, row ${row + 1}: ${what}${isWin ? ', winning line' : ''}${isMarked ? `, ${marksLabel}` : ''}`,
        );
      }
    }
    root.classList.toggle('won', outcome.kind === 'win');
    root.classList.toggle('over', outcome.kind !== 'ongoing');
  }

  function renderColumns(current: BoardState): void {
    const position = current.position;
    const hints = current.hints ?? null;
    root.classList.toggle('with-hints', hints !== null);
    root.classList.toggle('hints-pending', current.hintsPending === true);
    root.classList.toggle('interactive', current.interactive);
    columns.forEach((button, column) => {
      const free = height - position.columnHeight(column);
      const hint = hints?.[column];
      const label = hint ? hintLabel(hint) : undefined;
      const parts = [`Column ${column + 1}`];
      const preset = presets.has(column);
      if (preset) parts.push('filled before the game, no drops');
      else if (free === 0) parts.push('full');
      else if (!position.isOver) parts.push(`lands in row ${height - free + 1}`);
      if (label && hint?.kind !== 'full') parts.push(label.long);
      button.setAttribute('aria-label', parts.join(', '));
      button.setAttribute(
        'aria-disabled',
        String(free === 0 || position.isOver || !current.interactive),
      );
      button.classList.toggle('full', free === 0);
      button.classList.toggle('preset', preset);
      const popButton = pops[column];
      if (popButton) {
        const may = current.interactive && canPopAt(position, column);
        popButton.hidden = !may;
        const colour = names[position.turn];
        const popHint = current.popHints?.[column];
        const popLabel = popHint ? hintLabel(popHint) : undefined;
        const said = popLabel && popHint?.kind !== 'unknown' ? `, ${popLabel.long}` : '';
        popButton.setAttribute(
          'aria-label',
          `Pop your ${colour} disc from column ${column + 1}${said}`,
        );
        popButton.title = `Pop: take the ${colour} disc out of the bottom of column ${column + 1}${said}`;
        // The score sits beside the button, not in it: the button's text stays its name.
        const badge = popButton.nextElementSibling as HTMLElement | null;
        if (badge) {
          badge.textContent = may && said ? (popLabel?.short ?? '') : '';
          badge.dataset['tone'] = popLabel?.tone ?? 'none';
        }
      }
      const hintElement = hintRow?.children[column] as HTMLElement | undefined;
      if (hintElement) {
        hintElement.textContent = label?.short ?? '';
        hintElement.dataset['tone'] = label?.tone ?? 'none';
        hintElement.title = label ? `Column ${column + 1}: ${label.long}` : '';
      }
    });
  }

  /** The position adds exactly one move to what is on screen. */
  function isNextMove(moves: readonly string[]): boolean {
    if (!shown || moves.length !== shown.moves.length + 1) return false;
    return shown.moves.every((move, index) => moves[index] === move);
  }

  /**
   * A popped column falls by one: every disc left in it slides down from the cell above. The
   * first animation is the one the board waits for; the others end with it.
   */
  async function animatePop(column: number): Promise<void> {
    const top = state?.position.columnHeight(column) ?? 0;
    const discs: HTMLElement[] = [];
    for (let row = 0; row < top; row++) {
      const disc = cellAt(column, row).firstElementChild as HTMLElement | null;
      if (disc && typeof disc.animate === 'function') discs.push(disc);
    }
    if (discs.length === 0) return;
    const pitch = cellAt(0, 0).getBoundingClientRect().height || 40;
    const frames = [
      { transform: `translateY(${-pitch}px)`, easing: 'cubic-bezier(0.5, 0, 1, 1)' },
      { transform: 'translateY(0)', offset: 0.8, easing: 'ease-out' },
      { transform: `translateY(${-pitch * 0.08}px)`, offset: 0.9, easing: 'ease-in' },
      { transform: 'translateY(0)' },
    ];
    animating = true;
    root.classList.add('animating');
    const animations = discs.map((disc) => {
      disc.classList.add('falling');
      return disc.animate(frames, { duration: 300 });
    });
    const [first, ...others] = animations;
    const current = { animation: first!, column, others };
    falling = current;
    renderPreview();
    try {
      await first!.finished;
    } catch {
      // Cancelled: nothing to finish.
    } finally {
      if (falling === current) endAnimation();
    }
  }

  async function animateDrop(column: number, row: number): Promise<void> {
    const disc = cellAt(column, row).firstElementChild as HTMLElement | null;
    if (!disc || typeof disc.animate !== 'function') return;
    const pitch = cellAt(0, 0).getBoundingClientRect().height || 40;
    const distance = (height - row) * pitch;
    const duration = 220 + 70 * Math.sqrt(height - row);
    animating = true;
    root.classList.add('animating');
    disc.classList.add('falling');
    const animation = disc.animate(
      [
        { transform: `translateY(${-distance}px)`, easing: 'cubic-bezier(0.5, 0, 1, 1)' },
        { transform: 'translateY(0)', offset: 0.72, easing: 'ease-out' },
        { transform: `translateY(${-pitch * 0.14}px)`, offset: 0.86, easing: 'ease-in' },
        { transform: 'translateY(0)' },
      ],
      { duration },
    );
    const current = { animation, column };
    falling = current;
    renderPreview();
    try {
      await animation.finished;
    } catch {
      // Cancelled (the disc was replaced): nothing to finish.
    } finally {
      // A newer drop may have taken over; only this one's own end is ended here.
      if (falling === current) endAnimation();
    }
  }

  async function set(next: BoardState): Promise<void> {
    const position = next.position;
    const key = `${gameOf(position)}/${variantToString(position.variant)}`;
    if (shown?.key !== key || root.dataset['variant'] === undefined) build(position);
    const moves = movesOf(position);
    const keys = moves.map(moveKey);
    const animate = isNextMove(keys) && !reducedMotion();
    // A new position lands whatever was falling at once (new hints for the same one do not).
    if (shown?.key !== key || shown.moves.join() !== keys.join()) finishAnimation();
    state = next;
    shown = { moves: keys, key };
    renderCells(position, next.marks ?? [], next.marksLabel ?? 'marked');
    renderColumns(next);
    renderPreview();
    leaveFullColumn();
    if (animate) {
      const last = moves[moves.length - 1]!;
      if (last.kind === 'pop') await animatePop(last.column);
      else await animateDrop(last.column, position.columnHeight(last.column) - 1);
    }
  }

  /** Nothing to do in the column: full, and no pop there for the side to move. */
  const isFull = (column: number): boolean =>
    state !== undefined &&
    state.position.columnHeight(column) >= height &&
    !canPopAt(state.position, column);

  /** The nearest column from `from` (then stepping by `step`) that still takes a disc. */
  function openColumn(from: number, step: number): number {
    for (let i = 0; i < width; i++) {
      const column = (((from + i * step) % width) + width) % width;
      if (!isFull(column)) return column;
    }
    return from;
  }

  /** The keyboard cursor never rests on a full column (nothing to do there) while play goes on. */
  function leaveFullColumn(): void {
    if (!state || state.position.isOver || !isFull(selected)) return;
    const focused = document.activeElement === columns[selected];
    const right = openColumn(selected, 1);
    const left = openColumn(selected, -1);
    const next =
      (right - selected + width) % width <= (selected - left + width) % width ? right : left;
    if (focused) {
      select(next);
    } else {
      selected = next;
      updateTabStops();
    }
  }

  function select(column: number): void {
    if (width === 0) return;
    selected = ((column % width) + width) % width;
    updateTabStops();
    columns[selected]?.focus();
    setHover(selected);
  }

  function nudge(column: number): void {
    if (column < 0 || column >= width) return;
    const button = columns[column];
    button?.classList.add('refused');
    setTimeout(() => button?.classList.remove('refused'), 700);
    if (reducedMotion()) return;
    for (let row = 0; row < height; row++) {
      const cell = cellAt(column, row);
      if (typeof cell.animate !== 'function') continue;
      cell.animate(
        [
          { transform: 'translateX(0)' },
          { transform: 'translateX(-3px)' },
          { transform: 'translateX(3px)' },
          { transform: 'translateX(0)' },
        ],
        { duration: 260 },
      );
    }
  }

  return {
    set,
    get selected() {
      return selected;
    },
    moveSelection(delta: number) {
      select(openColumn(selected + delta, delta < 0 ? -1 : 1));
    },
    select,
    get animating() {
      return animating;
    },
    finishAnimation,
    nudge,
    element: root,
    destroy() {
      root.remove();
    },
  };
}
