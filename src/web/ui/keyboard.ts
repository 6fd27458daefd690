/** The game's keyboard commands, decided from a key event's fields (pure, so it is testable). */
export type KeyCommand =
  | { readonly type: 'move'; readonly delta: -1 | 1 }
  | { readonly type: 'dropSelected' }
  | { readonly type: 'dropColumn'; readonly column: number }
  /** PopOut: pop the disc at the bottom of the column under the cursor, or of a given one. */
  | { readonly type: 'popSelected' }
  | { readonly type: 'popColumn'; readonly column: number }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'newGame' }
  | { readonly type: 'hints' };

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey?: boolean;
  /** The physical key (`Digit3`), so Shift+3 is column 3 whatever the layout prints. */
  readonly code?: string;
  /** What has focus: a text field or select keeps its keys; a column button clicks natively. */
  readonly target: 'text' | 'column' | 'button' | 'other';
}

export function keyCommand(input: KeyInput): KeyCommand | undefined {
  if (input.ctrlKey || input.metaKey || input.altKey || input.target === 'text') return undefined;
  const key = input.key;
  // Shift with a column key pops that column (PopOut); the key it prints varies by layout.
  const digit = /^Digit([0-9])$/.exec(input.code ?? '');
  if (input.shiftKey === true && digit) {
    const n = Number(digit[1]);
    return { type: 'popColumn', column: n === 0 ? 9 : n - 1 };
  }
  switch (key) {
    case 'ArrowUp':
      return { type: 'popSelected' };
    case 'ArrowLeft':
      return { type: 'move', delta: -1 };
    case 'ArrowRight':
      return { type: 'move', delta: 1 };
    case 'ArrowDown':
      return { type: 'dropSelected' };
    case 'Enter':
    case ' ':
      // Buttons (columns included) activate themselves on Enter/Space.
      return input.target === 'other' ? { type: 'dropSelected' } : undefined;
  }
  if (/^[1-9]$/.test(key)) return { type: 'dropColumn', column: Number(key) - 1 };
  // Boards up to 12 wide: the keys after 9 on the number row, as on a game's hotbar.
  const beyondNine = ['0', '-', '='].indexOf(key);
  if (beyondNine >= 0) return { type: 'dropColumn', column: 9 + beyondNine };
  switch (key.toLowerCase()) {
    case 'a':
      return { type: 'move', delta: -1 };
    case 'd':
      return { type: 'move', delta: 1 };
    case 'u':
      return { type: 'undo' };
    case 'r':
      return { type: 'redo' };
    case 'n':
      return { type: 'newGame' };
    case 'h':
      return { type: 'hints' };
    case 'p':
      return { type: 'popSelected' };
  }
  return undefined;
}
