/** What the pages opened from the menu (review, puzzles) give the app: their root and a teardown. */
export interface View {
  readonly element: HTMLElement;
  dispose(): void;
}

/** A new element with an optional class and text. */
export const make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string } = {},
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (props.className !== undefined) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  return node;
};

/** A plain button (never a form submit) that calls `onClick`. */
export const button = (text: string, onClick: () => void): HTMLButtonElement => {
  const b = make('button', { text });
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
};
