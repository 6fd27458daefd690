import { createBoard } from './board/board.js';
import {
  computerToMove,
  controllerOf,
  positionOf,
  reduce,
  type Action,
  type Env,
} from './state/game.js';
import { changeAnnouncement, problemText, statusText } from './state/text.js';
import type { GameState } from './state/types.js';
import { Analyst } from './local/analysis.js';
import { prefetchBook } from './local/book-prefetch.js';
import { realClock } from './local/clock.js';
import { ComputerPlayer, playersChanged } from './local/computer.js';
import { createControls } from './local/controls.js';
import { byId } from './dom.js';
import type { Host } from './local/host.js';
import { gameKeys } from './local/keys.js';
import { createSettings } from './local/settings.js';
import { createSharing, sharedGameStep } from './local/sharing.js';
import { renderStatus } from './local/status.js';
import { createStore } from './local/storage.js';
import { createTalk } from './local/talk.js';
import { createWatchControls } from './local/watch.js';
import type { LocalPage } from './routes.js';
import { SearchClient } from './worker/client.js';

/**
 * The local game page: owns the state and hands it to its parts (board, computer, analysis,
 * controls, settings, sharing, keys). All rules live in the headless reducer (`state/`); the
 * parts in `local/` each wire one area of the page to actions.
 */
const env: Env = { random: Math.random };

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

export function startApp(): LocalPage {
  const store = createStore(storage());
  let state: GameState = store.load();
  /** Whether the local game is the page on screen (the router says; see `setShown`). */
  let shown = false;
  const talk = createTalk(byId('notice'));
  const hintNote = byId('hint-note');

  const board = createBoard(byId('board'), {
    onSelect: (column) => {
      humanDrop(column);
    },
    onPop: (column) => {
      humanPop(column);
    },
    // A tap while the computer thinks is not kept for later: it is refused, and said so.
    onRefused: (column) => {
      humanDrop(column);
    },
  });
  const computer = new ComputerPlayer(new SearchClient(), realClock, Math.random, {
    onMove: (action) => {
      dispatch(action);
    },
    onError: (message) => {
      talk.notice(`The computer could not move: ${message}`);
      renderStatus(state, computer.thinking);
    },
  });
  const analyst = new Analyst(
    new SearchClient(),
    () => {
      void renderBoard();
      renderHintNote();
    },
    (message) => {
      talk.notice(`Analysis failed: ${message}`);
    },
    prefetchBook,
  );

  function dispatch(action: Action): boolean {
    const before = state;
    const step = reduce(state, action, env);
    if (step.problem) {
      talk.notice(problemText(step.problem, state));
      if (step.problem.code === 'column_full' || step.problem.code === 'cannot_pop') {
        board.nudge(step.problem.column);
      }
      return false;
    }
    if (step.state === before) return false;
    state = step.state;
    // Toggling hints must not restart the computer's search; anything about who plays does.
    if (playersChanged(before, state)) computer.stop();
    store.save(state);
    const said = changeAnnouncement(before, state, action);
    if (said !== null) talk.announce(said);
    void render();
    return true;
  }

  const host: Host = { state: () => state, dispatch, talk };
  const controls = createControls(host, () => {
    board.select(board.selected);
  });
  const settings = createSettings(host);
  const sharing = createSharing(host);
  const watch = createWatchControls((stop) => {
    if (stop) computer.stop();
    void render();
  });

  // Input is never dropped for an animation: the board lands a falling disc at once.
  function humanDrop(column: number): void {
    const position = positionOf(state);
    if (column < 0 || column >= position.variant.width) return;
    if (!position.isOver && controllerOf(state, position.turn) === 'computer') {
      talk.notice(problemText({ code: 'not_your_turn' }, state));
      return;
    }
    board.select(column);
    dispatch({ type: 'drop', column });
  }

  // A pop (PopOut): the pop button under a column, or the pop keys on the cursor's column.
  function humanPop(column: number): void {
    const position = positionOf(state);
    if (column < 0 || column >= position.variant.width) return;
    if (!position.isOver && controllerOf(state, position.turn) === 'computer') {
      talk.notice(problemText({ code: 'not_your_turn' }, state));
      return;
    }
    board.finishAnimation();
    board.select(column);
    dispatch({ type: 'pop', column });
  }

  function renderHintNote(): void {
    const note = analyst.note(state);
    hintNote.hidden = note === null;
    if (note !== null) hintNote.textContent = note;
    // The threads the exact hints were searched with, for tests and anyone checking a host's
    // isolation headers (the note says so in words when there are several).
    const set = analyst.hintsFor(state);
    if (!set || set.list.length === 0) delete hintNote.dataset['threads'];
    else hintNote.dataset['threads'] = String(set.threads);
  }

  async function renderBoard(): Promise<void> {
    const position = positionOf(state);
    await board.set({
      position,
      interactive: !position.isOver && controllerOf(state, position.turn) === 'human',
      hints: analyst.shown(state),
      popHints: analyst.popsShown(state),
      hintsPending: analyst.pending(state),
    });
  }

  let renderToken = 0;
  async function render(): Promise<void> {
    const token = ++renderToken;
    analyst.update(state);
    computer.prepare(state);
    renderStatus(state, computer.thinking);
    controls.render(state);
    settings.render(state);
    sharing.render(state);
    renderHintNote();
    watch.render(state, computer.thinking);
    await renderBoard();
    if (token !== renderToken) return;
    if (!shown || !computerToMove(state) || computer.thinking) return;
    const watching = state.settings.mode === 'watch';
    if (watching && !watch.state.mayMove()) return;
    if (computer.think(state, watching ? watch.state.delayMs : undefined)) {
      renderStatus(state, computer.thinking);
      watch.render(state, computer.thinking);
    }
  }

  const keys = gameKeys(host, board, humanDrop, humanPop);

  // A game in the link wins over the stored one (unless it is the same game); the address then
  // follows the game (see sharing.ts), so a reload never throws away moves played since. Other
  // fragments (online play's routes) are left alone.
  function takeSharedGame(live: boolean): void {
    const step = sharedGameStep(location.hash, state);
    if (step.kind === 'none') return;
    if (step.kind === 'broken') {
      history.replaceState(null, '', location.href.replace(/#.*$/, ''));
      talk.notice(`That link holds no valid game: ${step.message}.`);
    } else if (step.kind === 'load') {
      if (live) {
        dispatch(step.action);
      } else {
        state = reduce(state, step.action, env).state;
        store.save(state);
      }
    }
  }
  takeSharedGame(false);
  // A share link pasted into this tab's address bar only changes the fragment.
  window.addEventListener('hashchange', () => {
    takeSharedGame(true);
  });
  return {
    element: byId('board').closest('main') ?? byId('board'),
    setShown(next) {
      if (next === shown) return;
      shown = next;
      if (!next) {
        // Nothing plays on in a game nobody sees: keys off, the computer stops (it resumes when
        // the game shows again).
        keys.stop();
        computer.stop();
        return;
      }
      keys.start();
      void render();
      talk.announce(statusText(state, computer.thinking));
    },
  };
}
