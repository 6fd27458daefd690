import type { View } from './dom.js';
import { brokenOnlineLink, parseRoute, type OnlineRoute } from './online/routes.js';

/**
 * The route table: which page an address fragment opens. Everything else (no fragment, a
 * share link `#g=…`, the skip link `#board`) is the local game.
 */
export type PageRoute =
  | { readonly page: 'local' }
  | { readonly page: 'online'; readonly route: OnlineRoute }
  | { readonly page: 'review'; readonly hash: string }
  | { readonly page: 'puzzles'; readonly id: string | null }
  /** A link to a page whose target cannot be right: said so, never the local game instead. */
  | { readonly page: 'broken'; readonly message: string };

export type PageKind = PageRoute['page'];

const PUZZLES = /^#puzzles(?:=([0-9a-z]+))?$/;

export function pageRoute(hash: string): PageRoute {
  if (/^#review=/.test(hash)) return { page: 'review', hash };
  if (/^#puzzles\b/.test(hash)) {
    const match = PUZZLES.exec(hash);
    return match
      ? { page: 'puzzles', id: match[1] ?? null }
      : {
          page: 'broken',
          message: 'That link names no puzzle: puzzle ids are letters and digits.',
        };
  }
  const online = parseRoute(hash);
  if (online) return { page: 'online', route: online };
  const broken = brokenOnlineLink(hash);
  if (broken !== undefined) return { page: 'broken', message: broken };
  return { page: 'local' };
}

/** A page other than the local game, as its lazily loaded module mounts it. */
export interface PageView extends View {
  /** Takes a new route of the same page in place (true), or asks to be mounted afresh (false). */
  update?(route: PageRoute): boolean;
}

/** What a page module exports: mounting renders into `host`; `dispose` undoes all of it. */
export interface PageModule {
  mountPage(host: HTMLElement, route: PageRoute): PageView;
}

/** The local game: it is never disposed (its game, score and settings live on), only shown. */
export interface LocalPage {
  readonly element: HTMLElement;
  /** While hidden its keys are off and its computer players stop; showing again resumes them. */
  setShown(shown: boolean): void;
}
