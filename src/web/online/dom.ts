/** A tiny element builder so the views read as markup. */
type Attrs = Readonly<Record<string, string | boolean | undefined>>;
type Child = Node | string | null | undefined | false;

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

/**
 * Says `text` in the page's one live region (`#announcer`, shared with the local game), so a
 * screen reader hears the online game and never the local game's last sentence.
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

/** Copies text; where the Clipboard API is refused, selects it in `input` for a manual copy. */
export async function copyText(text: string, input?: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.focus();
    input.select();
    return false;
  }
}
