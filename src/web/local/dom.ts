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
