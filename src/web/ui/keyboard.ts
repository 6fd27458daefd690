/** The game's keyboard commands, decided from a key event's fields (pure, so it is testable). */
export type KeyCommand =
  | { readonly type: 'move'; readonly delta: -1 | 1 }
  | { readonly type: 'dropSelected' }
  | { readonly type: 'dropColumn'; readonly column: number }
  | { readonly type: 'undo' }
  | { readonly type: 'redo' }
  | { readonly type: 'newGame' }
  | { readonly type: 'hints' };

export interface KeyInput {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** What has focus: a text field or select keeps its keys; a column button clicks natively. */
  readonly target: 'text' | 'column' | 'button' | 'other';
}

export function keyCommand(input: KeyInput): KeyCommand | undefined {
  if (input.ctrlKey || input.metaKey || input.altKey || input.target === 'text') return undefined;
  const key = input.key;
  switch (key) {
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
  }
  return undefined;
}
