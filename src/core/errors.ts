/**
 * Stable error codes: callers (CLI, server, UI) switch on these, never on message text.
 * Adding a code is fine; renaming one is a breaking change.
 */
export const ErrorCode = {
  VariantOutOfRange: 'variant_out_of_range',
  VariantSyntax: 'variant_syntax',
  ColumnOutOfRange: 'column_out_of_range',
  ColumnFull: 'column_full',
  GameOver: 'game_over',
  NothingToUndo: 'nothing_to_undo',
  MoveSyntax: 'move_syntax',
  IllegalMove: 'illegal_move',
  DiagramSyntax: 'diagram_syntax',
  DiagramImpossible: 'diagram_impossible',
  UnknownLevel: 'unknown_level',
  SolverUnsupported: 'solver_unsupported',
  BookInvalid: 'book_invalid',
  /** A winning strategy was asked for a side that does not win. */
  NotWon: 'not_won',
  /** A puzzle file or puzzle that does not parse or does not hold. */
  PuzzleInvalid: 'puzzle_invalid',
  /** A game name that is not one of the family's (classic, popout, five). */
  UnknownGame: 'unknown_game',
  /** A board the chosen game is not played on (Five-in-a-Row is 9x6 only). */
  GameBoard: 'game_board',
  /** A pop in a game that has none (the classic game, Five-in-a-Row). */
  PopNotAllowed: 'pop_not_allowed',
  /** A pop from a column whose bottom disc is not the mover's. */
  PopIllegal: 'pop_illegal',
  /** A game string of another game or board than the one asked for (`c4 solve --game five`). */
  GameMismatch: 'game_mismatch',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The one error type of the core: a stable code plus a message a person can act on. */
export class C4Error extends Error {
  override readonly name = 'C4Error';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}
