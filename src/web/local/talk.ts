import { announce } from '../dom.js';

/**
 * The two ways the page speaks: a visible notice that fades after a while (role=status), and
 * the screen-reader live region.
 */
export interface Talk {
  notice(text: string): void;
  announce(text: string): void;
}

const NOTICE_MS = 4000;

export function createTalk(noticeElement: HTMLElement): Talk {
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    notice(text) {
      noticeElement.textContent = text;
      clearTimeout(noticeTimer);
      noticeTimer = setTimeout(() => {
        noticeElement.textContent = '';
      }, NOTICE_MS);
    },
    // The page's one live region, shared by every page (src/web/dom.ts).
    announce,
  };
}
