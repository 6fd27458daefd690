/**
 * The one DOM helper module of the web app: the element builders (`h`, and `svg` for SVG), the
 * page's voice (`announce`), clipboard copy, lookups by id, and the `View` every page mounts as.
 */

/** A page or part of one: its root element and a teardown that removes its listeners and timers. */
export interface View {
  readonly element: HTMLElement;
  dispose(): void;
}

type Attrs = Readonly<Record<string, string | boolean | undefined>>;
type Child = Node | string | null | undefined | false;

/** A new element with attributes (`class` for the class name) and children, so views read as markup. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** `h` for SVG (the review's graph): a new SVG element with attributes. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, string | number>> = {},
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  return element;
}

/** A plain button (never a form submit) that calls `onClick`. */
export const button = (text: string, onClick: () => void, attrs: Attrs = {}): HTMLButtonElement => {
  const b = h('button', { type: 'button', ...attrs }, text);
  b.addEventListener('click', onClick);
  return b;
};

/**
 * Says `text` in the page's one live region (`#announcer`), for every page: re-setting identical
 * text is not re-read, so it is cleared first and set on the next frame; '' only clears it (what
 * it last said belonged to the page being left).
 */
export function announce(text: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  region.textContent = '';
  if (text === '') return;
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

/** Copies text; where the Clipboard API is missing or refused, selects it in `input` for a manual copy. */
export async function copyText(text: string, input?: HTMLInputElement): Promise<boolean> {
  try {
    if (!window.isSecureContext || !('clipboard' in navigator)) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.focus();
    input.select();
    return false;
  }
}

/** The page's elements by id; a missing one is a build mistake, so it throws at start. */
export function byId(id: string): HTMLElement;
export function byId<T extends HTMLElement>(id: string, type: new () => T): T;
export function byId(id: string, type: new () => HTMLElement = HTMLElement): HTMLElement {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`missing #${id}`);
  return element;
}

/** "height must be…" → "Height must be….": core messages as sentences. */
export const sentence = (message: string): string =>
  message.charAt(0).toUpperCase() + message.slice(1) + '.';
