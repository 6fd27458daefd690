import { C4Error, ErrorCode } from '../errors.js';
import { completesLineAt, linesThrough, unionOfLines, type Grid } from '../lines.js';
import { err, ok, type Result } from '../result.js';
import {
  otherPlayer,
  playerToMove,
  type Cell,
  type Outcome,
  type Player,
  type Square,
} from '../types.js';
import type { Variant } from '../variant.js';
import { drop, pop, type Move } from './move.js';
import { playColumns, type Ruleset } from './rules.js';

/** Why a game was drawn: the family has three ways. */
export type DrawReason = 'board_full' | 'repetition' | 'no_legal_move';

/** An `Outcome` whose draws say why; assignable to `Outcome`, so board views take either. */
export type GameOutcome =
  | { readonly kind: 'ongoing' }
  | { readonly kind: 'draw'; readonly reason: DrawReason }
  | Extract<Outcome, { kind: 'win' }>;

const ONGOING: GameOutcome = Object.freeze({ kind: 'ongoing' });
const drawn = (reason: DrawReason): GameOutcome => Object.freeze({ kind: 'draw', reason });

export const PLAYER_COLOURS: Readonly<Record<Player, string>> = { 1: 'Red', 2: 'Yellow' };

/** Moves are stored as numbers: a drop is its column, a pop its column plus this. */
const POP = 64;

/**
 * A game of any family member in progress. Mutable for search like the classic `Position`, with
 * `play`/`undo` the only changes, so the invariants (gravity, alternation, pops of one's own
 * bottom disc, no move after the end) always hold. It carries the occurrence count of every
 * position so far, because PopOut's repetition draw depends on the history, not only the board.
 * The classic `Position` stays the fast engine of the classic game; this one is the rules.
 */
export class GamePosition {
  readonly ruleset: Ruleset;
  private readonly cells: Uint8Array;
  private readonly columnHeights: Uint8Array;
  private readonly history: number[];
  /** The key of the position after each move (index 0: the start), when repetition matters. */
  private readonly keys: (number | string)[];
  /** Each column's code (see `key`), kept up to date so a key costs one sum. */
  private readonly codes: Int32Array;
  private readonly keyColumns: readonly number[];
  /** Each key column's weight in a numeric key; empty when the key is a string. */
  private readonly scales: readonly number[];
  private currentOutcome: GameOutcome;

  private constructor(ruleset: Ruleset, source?: GamePosition) {
    this.ruleset = ruleset;
    const { width, height } = ruleset.variant;
    this.keyColumns = source?.keyColumns ?? playColumns(ruleset);
    const bits = height + 1;
    this.scales =
      source?.scales ??
      (this.keyColumns.length * bits + 1 <= 53
        ? this.keyColumns.map((_, index) => 2 * 2 ** (bits * index))
        : []);
    this.cells = source ? source.cells.slice() : Uint8Array.from(ruleset.setup);
    this.columnHeights = source ? source.columnHeights.slice() : this.heightsFromCells();
    this.codes = source ? source.codes.slice() : new Int32Array(width);
    if (!source) for (let column = 0; column < width; column++) this.recode(column);
    this.history = source ? source.history.slice() : [];
    this.keys = source ? source.keys.slice() : [];
    this.currentOutcome = source ? source.currentOutcome : ONGOING;
    if (!source && ruleset.repetitionDraw > 0) this.record();
  }

  static start(ruleset: Ruleset): GamePosition {
    return new GamePosition(ruleset);
  }

  /** Replays moves from the set-up; the error names the first move that could not be played. */
  static fromMoves(ruleset: Ruleset, moves: readonly Move[]): Result<GamePosition, C4Error> {
    const position = GamePosition.start(ruleset);
    for (const [index, move] of moves.entries()) {
      const played = position.play(move);
      if (!played.ok) {
        return err(new C4Error(played.error.code, `move ${index + 1}: ${played.error.message}`));
      }
    }
    return ok(position);
  }

  get variant(): Variant {
    return this.ruleset.variant;
  }

  get turn(): Player {
    return playerToMove(this.history.length);
  }

  get ply(): number {
    return this.history.length;
  }

  get moves(): Move[] {
    return this.history.map((code) => (code >= POP ? pop(code - POP) : drop(code)));
  }

  get heights(): readonly number[] {
    return Array.from(this.columnHeights);
  }

  get outcome(): GameOutcome {
    return this.currentOutcome;
  }

  get isOver(): boolean {
    return this.currentOutcome.kind !== 'ongoing';
  }

  columnHeight(column: number): number {
    return this.columnHeights[column] ?? 0;
  }

  cell(column: number, row: number): Cell {
    const { width, height } = this.ruleset.variant;
    if (column < 0 || column >= width || row < 0 || row >= height) return 0;
    return this.cells[column * height + row] as Cell;
  }

  /** How often the current position (board and side to move) has occurred, this time included. */
  get repetitions(): number {
    if (this.ruleset.repetitionDraw === 0) return 1;
    return this.occurrencesOfLast();
  }

  canPlay(move: Move): boolean {
    const { width, height } = this.ruleset.variant;
    const { column } = move;
    if (this.isOver || !Number.isInteger(column) || column < 0 || column >= width) return false;
    if (move.kind === 'drop') return this.columnHeights[column]! < height;
    return this.ruleset.pops && this.cells[column * height] === this.turn;
  }

  /** Drops left to right, then pops left to right. */
  legalMoves(): Move[] {
    if (this.isOver) return [];
    const moves: Move[] = [];
    const { width, height } = this.ruleset.variant;
    for (let column = 0; column < width; column++) {
      if (this.columnHeights[column]! < height) moves.push(drop(column));
    }
    if (this.ruleset.pops) {
      for (let column = 0; column < width; column++) {
        if (this.cells[column * height] === this.turn) moves.push(pop(column));
      }
    }
    return moves;
  }

  /** Plays a move for the side to move; on error nothing changes. */
  play(move: Move): Result<GameOutcome, C4Error> {
    // Errors are built only for refused moves: an Error's stack trace costs more than a move.
    if (!this.canPlay(move)) return err(this.refusal(move));
    if (move.kind === 'drop') this.applyDrop(move.column);
    else this.applyPop(move.column);
    return ok(this.currentOutcome);
  }

  /** Takes back the last move and returns it. */
  undo(): Result<Move, C4Error> {
    const code = this.history.pop();
    if (code === undefined)
      return err(new C4Error(ErrorCode.NothingToUndo, 'there is no move to undo'));
    if (this.ruleset.repetitionDraw > 0) this.keys.pop();
    const { height } = this.ruleset.variant;
    const mover = this.turn;
    if (code >= POP) {
      const column = code - POP;
      const base = column * height;
      for (let row = this.columnHeights[column]!; row > 0; row--) {
        this.cells[base + row] = this.cells[base + row - 1]!;
      }
      this.cells[base] = mover;
      this.columnHeights[column]!++;
      this.recode(column);
    } else {
      this.columnHeights[code]!--;
      this.cells[code * height + this.columnHeights[code]!] = 0;
      this.recode(code);
    }
    // A move is only ever played on an ongoing game, so the game before it was ongoing.
    this.currentOutcome = ONGOING;
    return ok(code >= POP ? pop(code - POP) : drop(code));
  }

  clone(): GamePosition {
    return new GamePosition(this.ruleset, this);
  }

  /**
   * The position as a value: the board's changeable columns and the side to move. A number while
   * it fits a double's 53 exact bits (PopOut and Five-in-a-Row on their own boards), else a string.
   * Each column is coded in height+1 bits: a sentinel 1 above its discs and a 1 per Red disc.
   */
  key(): number | string {
    // With the repetition rule on, the current key is already recorded.
    if (this.ruleset.repetitionDraw > 0) return this.keys[this.keys.length - 1]!;
    return this.computeKey();
  }

  private computeKey(): number | string {
    const scales = this.scales;
    if (scales.length > 0) {
      let key = this.turn - 1;
      for (let index = 0; index < scales.length; index++) {
        key += this.codes[this.keyColumns[index]!]! * scales[index]!;
      }
      return key;
    }
    return `${this.keyColumns.map((c) => this.codes[c]).join(',')}/${this.turn}`;
  }

  private recode(column: number): void {
    const { height } = this.ruleset.variant;
    const top = this.columnHeights[column]!;
    let code = 1 << top;
    for (let row = 0; row < top; row++) {
      if (this.cells[column * height + row] === 1) code |= 1 << row;
    }
    this.codes[column] = code;
  }

  private heightsFromCells(): Uint8Array {
    const { width, height } = this.ruleset.variant;
    const heights = new Uint8Array(width);
    for (let column = 0; column < width; column++) {
      let top = 0;
      while (top < height && this.cells[column * height + top] !== 0) top++;
      heights[column] = top;
    }
    return heights;
  }

  private applyDrop(column: number): void {
    const { height, connect } = this.ruleset.variant;
    const mover = this.turn;
    const row = this.columnHeights[column]!;
    this.cells[column * height + row] = mover;
    this.columnHeights[column] = row + 1;
    this.recode(column);
    this.history.push(column);
    if (this.completesLine(column, row)) {
      this.win(mover, linesThrough(this.grid, connect, column, row));
      this.afterMove(false);
    } else {
      this.afterMove(true);
    }
  }

  /**
   * The column falls by one, which can complete lines for both players through any of its cells;
   * by the published solutions' convention the popper wins if it has one, else the opponent does.
   */
  private applyPop(column: number): void {
    const { height, connect } = this.ruleset.variant;
    const mover = this.turn;
    const base = column * height;
    const top = this.columnHeights[column]!;
    for (let row = 0; row < top - 1; row++) this.cells[base + row] = this.cells[base + row + 1]!;
    this.cells[base + top - 1] = 0;
    this.columnHeights[column] = top - 1;
    this.recode(column);
    this.history.push(column + POP);
    const lines: Record<Player, Square[][]> = { 1: [], 2: [] };
    const seen = new Set<string>();
    for (let row = 0; row < top - 1; row++) {
      if (!this.completesLine(column, row)) continue;
      const owner = this.cells[base + row] as Player;
      // A line through several cells of the column is found once per cell: keep it once.
      for (const line of linesThrough(this.grid, connect, column, row)) {
        const id = line.map((s) => `${s.column},${s.row}`).join(';');
        if (seen.has(id)) continue;
        seen.add(id);
        lines[owner].push(line);
      }
    }
    const opponent = otherPlayer(mover);
    if (lines[mover].length > 0) this.win(mover, lines[mover]);
    else if (lines[opponent].length > 0) this.win(opponent, lines[opponent]);
    this.afterMove(!this.isOver);
  }

  private win(winner: Player, lines: Square[][]): void {
    this.currentOutcome = Object.freeze({ kind: 'win', winner, lines, cells: unionOfLines(lines) });
  }

  /** Records the new position for the repetition rule, then applies the drawing rules. */
  private afterMove(stillGoing: boolean): void {
    const limit = this.ruleset.repetitionDraw;
    let count = 0;
    if (limit > 0) count = this.record();
    if (!stillGoing) return;
    if (limit > 0 && count >= limit) this.currentOutcome = drawn('repetition');
    else if (!this.hasMove()) {
      this.currentOutcome = drawn(this.ruleset.pops ? 'no_legal_move' : 'board_full');
    }
  }

  private record(): number {
    this.keys.push(this.computeKey());
    return this.occurrencesOfLast();
  }

  /**
   * Scans the history for the last key: a game's history is short next to the cost of a hash
   * map of doubles on every move, and positions repeat only with the same side to move.
   */
  private occurrencesOfLast(): number {
    const keys = this.keys;
    const key = keys[keys.length - 1];
    let count = 0;
    for (let index = keys.length - 1; index >= 0; index -= 2) if (keys[index] === key) count++;
    return count;
  }

  private hasMove(): boolean {
    const { width, height } = this.ruleset.variant;
    for (let column = 0; column < width; column++) {
      if (this.columnHeights[column]! < height) return true;
    }
    if (!this.ruleset.pops) return false;
    const turn = this.turn;
    for (let column = 0; column < width; column++) {
      if (this.cells[column * height] === turn) return true;
    }
    return false;
  }

  /** The allocation-free line test; `linesThrough` builds the lines only when there is one. */
  private completesLine(column: number, row: number): boolean {
    return completesLineAt(this.cells, this.ruleset.variant, column, row);
  }

  private get grid(): Grid {
    return {
      width: this.ruleset.variant.width,
      height: this.ruleset.variant.height,
      cell: (c, r) => this.cell(c, r),
    };
  }

  /** Why `canPlay(move)` is false. */
  private refusal(move: Move): C4Error {
    const { width, height } = this.ruleset.variant;
    const { column } = move;
    if (!Number.isInteger(column) || column < 0 || column >= width) {
      return new C4Error(
        ErrorCode.ColumnOutOfRange,
        `column ${Number.isInteger(column) ? column + 1 : String(column)} does not exist (columns are 1 to ${width})`,
      );
    }
    const what = move.kind === 'pop' ? `a pop from column ${column + 1}` : `column ${column + 1}`;
    if (this.isOver) {
      return new C4Error(ErrorCode.GameOver, `the game is over; ${what} cannot be played`);
    }
    if (move.kind === 'drop') {
      if (this.columnHeights[column]! >= height) {
        const preset = !this.ruleset.pops && this.ruleset.setup[column * height + height - 1] !== 0;
        const why = preset ? ' (it is filled before the first move)' : '';
        return new C4Error(ErrorCode.ColumnFull, `column ${column + 1} is full${why}`);
      }
    }
    if (!this.ruleset.pops) {
      return new C4Error(
        ErrorCode.PopNotAllowed,
        `${what} is not a move in this game: only PopOut has pops`,
      );
    }
    const bottom = this.cells[column * height] as Cell;
    const why = bottom === 0 ? 'it is empty' : `its bottom disc is ${PLAYER_COLOURS[bottom]}`;
    return new C4Error(
      ErrorCode.PopIllegal,
      `column ${column + 1} has no ${PLAYER_COLOURS[this.turn]} disc at the bottom (${why})`,
    );
  }
}
