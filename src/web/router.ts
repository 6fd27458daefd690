import { announce, h } from './dom.js';
import {
  pageRoute,
  type LocalPage,
  type PageKind,
  type PageModule,
  type PageView,
} from './routes.js';

type LazyKind = Exclude<PageKind, 'local' | 'broken'>;

/**
 * Each page is loaded on its first visit, so the first view of a local game does not pay for
 * online play, review or puzzles.
 */
const LOADERS: Readonly<Record<LazyKind, () => Promise<PageModule>>> = {
  online: () => import('./online/mount.js'),
  review: () => import('./review/mount.js'),
  puzzles: () => import('./puzzles/mount.js'),
};

/** The page hosts' ids and classes (their stylesheets address them). */
const HOSTS: Readonly<Record<Exclude<PageKind, 'local'>, string>> = {
  online: 'online',
  review: 'review-host',
  puzzles: 'puzzles-host',
  broken: 'broken-host',
};

function brokenPage(message: string): PageView {
  const back = h('a', { class: 'button', href: '#' }, 'Back to the game');
  const element = h(
    'section',
    { class: 'broken-link' },
    h('h2', {}, 'This link does not work'),
    h('p', { role: 'alert' }, message),
    back,
  );
  return { element, dispose: () => undefined };
}

/**
 * The one router: reads the address fragment, shows exactly one page and disposes the one it
 * leaves (its listeners, timers, workers and sockets' views). The header behaves the same from
 * every page: a mode button goes back to the local game in that mode.
 */
export function startRouter(local: LocalPage): void {
  let shown: { kind: PageKind; view?: PageView; host?: HTMLElement } = { kind: 'local' };
  let token = 0;

  function mark(kind: PageKind): void {
    const skip = document.querySelector('a.skip');
    if (skip) skip.textContent = kind === 'local' ? 'Skip to the board' : 'Skip to the content';
    for (const page of ['online', 'review', 'puzzles', 'broken'] as const) {
      document.body.classList.toggle(`${page}-active`, kind === page);
    }
    document.body.dataset['page'] = kind;
    // The tournament pages are online pages with a header link of their own.
    const tournaments = kind === 'online' && /^#tournaments?\b/.test(location.hash);
    const links: [string, boolean][] = [
      ['.online-link', kind === 'online' && !tournaments],
      ['.page-link:not(.tournaments-link)', kind === 'puzzles'],
      ['.tournaments-link', tournaments],
    ];
    for (const [selector, current] of links) {
      const link = document.querySelector(selector);
      if (current) link?.setAttribute('aria-current', 'page');
      else link?.removeAttribute('aria-current');
    }
  }

  function leave(): void {
    shown.view?.dispose();
    shown.host?.remove();
    shown = { kind: 'local' };
  }

  function show(kind: Exclude<PageKind, 'local'>, mount: (host: HTMLElement) => PageView): void {
    const host = h('main', { id: kind, class: HOSTS[kind] });
    local.element.after(host);
    const view = mount(host);
    if (view.element.parentElement !== host) host.replaceChildren(view.element);
    shown = { kind, view, host };
  }

  async function route(): Promise<void> {
    const mine = ++token;
    const next = pageRoute(location.hash);
    if (shown.kind === next.page && shown.view?.update?.(next) === true) return;
    // What the live region last said belonged to the page being left.
    if (shown.kind !== 'local' || next.page !== 'local') announce('');
    leave();
    mark(next.page);
    local.setShown(next.page === 'local');
    local.element.hidden = next.page !== 'local';
    if (next.page === 'local') return;
    if (next.page === 'broken') {
      show('broken', () => brokenPage(next.message));
      return;
    }
    const module = await LOADERS[next.page]();
    // Another route came while the page loaded: that one wins.
    if (mine !== token) return;
    show(next.page, (host) => module.mountPage(host, next));
  }

  const go = (): void => {
    void route();
  };
  // The skip link's `#board` is the local game's address: followed on another page, it would
  // replace that page with the game. It moves the focus to the shown page's content instead.
  document.querySelector('a.skip')?.addEventListener('click', (event) => {
    event.preventDefault();
    const target = shown.host ?? document.getElementById('board');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
    target.scrollIntoView({ block: 'start' });
  });
  window.addEventListener('hashchange', go);
  // A mode in the header is the local game's: from any other page it goes back to it.
  // The address, not the page on screen, decides: a click while a page's module is still
  // loading must still lead back (that page would otherwise mount after the click).
  document.getElementById('modes')?.addEventListener('click', () => {
    if (pageRoute(location.hash).page === 'local') return;
    history.pushState(null, '', location.href.replace(/#.*$/, ''));
    go();
  });
  go();
}
