/**
 * The two ways the page speaks: a visible notice that fades after a while (role=status), and
 * the screen-reader live region.
 */
export interface Talk {
  notice(text: string): void;
  announce(text: string): void;
}

const NOTICE_MS = 4000;

export function createTalk(noticeElement: HTMLElement, announcer: HTMLElement): Talk {
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    notice(text) {
      noticeElement.textContent = text;
      clearTimeout(noticeTimer);
      noticeTimer = setTimeout(() => {
        noticeElement.textContent = '';
      }, NOTICE_MS);
    },
    announce(text) {
      // Re-setting identical text is not re-read; clear first, then set on the next frame.
      announcer.textContent = '';
      requestAnimationFrame(() => {
        announcer.textContent = text;
      });
    },
  };
}
