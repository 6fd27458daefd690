import { LEVELS, levelLabel, type LevelId as AiLevelId } from '../ai/index.js';
import { createVariant, gameToString, type Player } from '../core/index.js';
import { createBoard, type BoardApi } from './board/board.js';
import {
  canJump,
  canRedo,
  canUndo,
  computerToMove,
  controllerOf,
  levelOf,
  positionOf,
  reduce,
  roundOf,
  type Action,
  type Env,
} from './state/game.js';
import type { Hint } from './state/hints.js';
import { deserialize, serialize } from './state/persist.js';
import { PRESETS, presetOf } from './state/presets.js';
import { parseShareFragment, parseSharedText, shareFragment } from './state/share.js';
import {
  COLOUR,
  moveAnnouncement,
  newGameText,
  problemText,
  sideNames,
  startRuleLabel,
  statusText,
} from './state/text.js';
import { MODES, type GameState, type Mode, type StartRule } from './state/types.js';
import { keyCommand, type KeyInput } from './ui/keyboard.js';
import { SearchClient } from './worker/client.js';
import type { GameRef } from './worker/protocol.js';

/**
 * The page controller: owns the state, feeds the board and panels, and talks to the search
 * workers. All rules live in the headless reducer; this file only wires events to actions.
 */
const STORAGE_KEY = 'connect-four.web.v1';
/** The computer answers no faster than this, so its move reads as a move, not a glitch. */
const MIN_THINK_MS: Readonly<Record<Mode, number>> = { cpu: 350, watch: 650, pvp: 0, analysis: 0 };

const env: Env = { random: Math.random };

function byId(id: string): HTMLElement;
function byId<T extends HTMLElement>(id: string, type: new () => T): T;
function byId(id: string, type: new () => HTMLElement = HTMLElement): HTMLElement {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`missing #${id}`);
  return element;
}

function loadStored(): GameState {
  try {
    return deserialize(localStorage.getItem(STORAGE_KEY));
  } catch {
    return deserialize(null);
  }
}

function save(state: GameState): void {
  try {
    localStorage.setItem(STORAGE_KEY, serialize(state));
  } catch {
    // Private mode or a full quota: the game still works, it just will not survive a reload.
  }
}

const gameRef = (state: GameState): GameRef => ({
  ...state.settings.variant,
  moves: state.moves,
});

export function startApp(): void {
  let state = loadStored();
  let thinking = false;
  let thinkTimer: ReturnType<typeof setTimeout> | undefined;
  let hints: {
    moves: readonly number[];
    list: readonly Hint[];
    final: boolean;
    exact: boolean;
  } | null = null;
  const hintCache = new Map<string, { list: readonly Hint[]; exact: boolean }>();
  const player = new SearchClient();
  const analyst = new SearchClient();

  const el = {
    status: byId('status'),
    again: byId('again', HTMLButtonElement),
    reviewLink: byId('review-link', HTMLAnchorElement),
    notice: byId('notice'),
    announcer: byId('announcer'),
    undo: byId('undo', HTMLButtonElement),
    redo: byId('redo', HTMLButtonElement),
    newGame: byId('new', HTMLButtonElement),
    hints: byId('hints', HTMLInputElement),
    hintNote: byId('hint-note'),
    modes: byId('modes'),
    nameA: byId('name-a'),
    nameB: byId('name-b'),
    scoreA: byId('score-a'),
    scoreB: byId('score-b'),
    draws: byId('score-draws'),
    round: byId('round'),
    reset: byId('reset', HTMLButtonElement),
    level: byId('level', HTMLSelectElement),
    levelAbout: byId('level-about'),
    levelField: byId('level-field'),
    watchField: byId('watch-field'),
    levelA: byId('level-a', HTMLSelectElement),
    levelB: byId('level-b', HTMLSelectElement),
    start: byId('start', HTMLSelectElement),
    startField: byId('start-field'),
    preset: byId('preset', HTMLSelectElement),
    custom: byId('custom', HTMLFormElement),
    customW: byId('cw', HTMLInputElement),
    customH: byId('ch', HTMLInputElement),
    customN: byId('cn', HTMLInputElement),
    customError: byId('custom-error'),
    moveList: byId('move-list'),
    share: byId('share', HTMLInputElement),
    copy: byId('copy', HTMLButtonElement),
    paste: byId('paste', HTMLFormElement),
    pasteInput: byId('paste-input', HTMLInputElement),
    pasteError: byId('paste-error'),
  };

  const board: BoardApi = createBoard(byId('board'), {
    onSelect: (column) => {
      humanDrop(column);
    },
  });

  // ---- talking ---------------------------------------------------------------------------
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  function notice(text: string): void {
    el.notice.textContent = text;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => {
      el.notice.textContent = '';
    }, 4000);
  }
  function announce(text: string): void {
    // Re-setting identical text is not re-read; clear first, then set on the next frame.
    el.announcer.textContent = '';
    requestAnimationFrame(() => {
      el.announcer.textContent = text;
    });
  }

  // ---- state changes ---------------------------------------------------------------------
  function dispatch(action: Action): boolean {
    const before = state;
    const step = reduce(state, action, env);
    if (step.problem) {
      notice(problemText(step.problem, state));
      if (step.problem.code === 'column_full') board.nudge(step.problem.column);
      return false;
    }
    if (step.state === before) return false;
    state = step.state;
    const movesChanged = state.moves !== before.moves;
    // Toggling hints must not restart the computer's search; anything about who plays does.
    const players = (s: GameState): string =>
      [s.settings.mode, s.settings.level, ...s.settings.watchLevels, s.aPlays].join();
    if (movesChanged || players(state) !== players(before)) stopThinking();
    save(state);
    describeChange(before, action);
    void render();
    return true;
  }

  function describeChange(before: GameState, action: Action): void {
    const added = state.moves.length === before.moves.length + 1;
    if ((action.type === 'drop' || action.type === 'computer') && added) {
      announce(moveAnnouncement(state));
    } else if (action.type === 'undo' || action.type === 'redo') {
      const n = Math.abs(state.moves.length - before.moves.length);
      const verb = action.type === 'undo' ? 'Took back' : 'Replayed';
      announce(`${verb} ${n} ${n === 1 ? 'move' : 'moves'}. ${statusText(state, false)}`);
    } else if (state.moves.length === 0 && (before.moves.length > 0 || action.type === 'newGame')) {
      announce(newGameText(state, roundOf(state)));
    } else if (action.type === 'load') {
      announce(`Position loaded: ${state.moves.length} moves. ${statusText(state, false)}`);
    }
  }

  function humanDrop(column: number): void {
    if (board.animating) return;
    const position = positionOf(state);
    if (column < 0 || column >= position.variant.width) return;
    if (!position.isOver && controllerOf(state, position.turn) === 'computer') {
      notice(problemText({ code: 'not_your_turn' }, state));
      return;
    }
    board.select(column);
    dispatch({ type: 'drop', column });
  }

  // ---- computer players ----------------------------------------------------------------------
  function stopThinking(): void {
    clearTimeout(thinkTimer);
    thinkTimer = undefined;
    player.cancel();
    thinking = false;
  }

  function maybeComputerMove(): void {
    if (thinking || !computerToMove(state)) return;
    const position = positionOf(state);
    const level = levelOf(state, position.turn) ?? 'intermediate';
    const asked = state.moves;
    const started = performance.now();
    thinking = true;
    renderStatus();
    player.run(
      {
        type: 'move',
        game: gameRef(state),
        level,
        timeMs: 2000,
        seed: Math.floor(Math.random() * 2 ** 32),
      },
      (reply) => {
        if (state.moves !== asked) return;
        if (reply.type === 'error') {
          thinking = false;
          notice(`The computer could not move: ${reply.message}`);
          renderStatus();
          return;
        }
        if (reply.type !== 'move') return;
        const wait = Math.max(0, MIN_THINK_MS[state.settings.mode] - (performance.now() - started));
        thinkTimer = setTimeout(() => {
          thinkTimer = undefined;
          if (state.moves !== asked) return;
          thinking = false;
          dispatch({ type: 'computer', column: reply.column, ply: asked.length });
        }, wait);
      },
    );
  }

  // ---- analysis ----------------------------------------------------------------------------
  const hintsWanted = (): boolean => {
    if (state.settings.mode === 'analysis') return true;
    if (!state.settings.hints) return false;
    const position = positionOf(state);
    return state.settings.mode !== 'cpu' || controllerOf(state, position.turn) === 'human';
  };

  function maybeAnalyze(): void {
    const position = positionOf(state);
    if (!hintsWanted() || position.isOver) {
      analyst.cancel();
      hints = null;
      return;
    }
    if (hints?.moves === state.moves) return;
    const key = `${position.variant.width}x${position.variant.height}c${position.variant.connect}:${state.moves.join(',')}`;
    const cached = hintCache.get(key);
    if (cached) {
      analyst.cancel();
      hints = { moves: state.moves, list: cached.list, final: true, exact: cached.exact };
      return;
    }
    const asked = state.moves;
    hints = { moves: asked, list: [], final: false, exact: true };
    analyst.run({ type: 'analyze', game: gameRef(state) }, (reply) => {
      if (state.moves !== asked) return;
      if (reply.type === 'error') {
        hints = { moves: asked, list: [], final: true, exact: false };
        notice(`Analysis failed: ${reply.message}`);
      } else if (reply.type === 'analysis') {
        hints = { moves: asked, list: reply.hints, final: reply.final, exact: reply.exact };
        if (reply.final) hintCache.set(key, { list: reply.hints, exact: reply.exact });
      }
      void renderBoard();
      renderHintNote();
    });
  }

  // ---- rendering -----------------------------------------------------------------------------
  function shownHints(): readonly Hint[] | null {
    // While hints are on, the row stays (empty on the computer's turn) so the board never jumps.
    const on = state.settings.mode === 'analysis' || state.settings.hints;
    if (!on) return null;
    if (!hintsWanted() || positionOf(state).isOver) return [];
    if (hints?.moves !== state.moves || hints.list.length === 0) {
      return Array.from({ length: state.settings.variant.width }, () => ({ kind: 'unknown' }));
    }
    return hints.list;
  }

  function renderHintNote(): void {
    const on = hintsWanted() && !positionOf(state).isOver;
    el.hintNote.hidden = !on;
    if (!on) return;
    const side = COLOUR[positionOf(state).turn];
    if (hints?.moves !== state.moves || hints.list.length === 0) {
      el.hintNote.textContent = `Analysing for ${side}…`;
    } else if (!hints.exact) {
      el.hintNote.textContent = `Estimates for ${side} (~): this board is too big to solve exactly.`;
    } else {
      const guessed = hints.list.some((h) => h.kind === 'estimate' || h.kind === 'unknown');
      el.hintNote.textContent =
        `For ${side}: W3 = win in 3 of your moves, D = draw, L5 = loss in 5` +
        (guessed ? '; ~ = an estimate (not solved yet).' : '.') +
        (hints.final ? '' : ' Still solving…');
    }
  }

  let renderToken = 0;
  async function renderBoard(): Promise<void> {
    const position = positionOf(state);
    const interactive = !position.isOver && controllerOf(state, position.turn) === 'human';
    const list = shownHints();
    await board.set({
      position,
      interactive,
      hints: list,
      hintsPending: list !== null && !(hints?.moves === state.moves && hints.final),
    });
  }

  function renderStatus(): void {
    const position = positionOf(state);
    const text = statusText(state, thinking);
    const turn: Player = position.outcome.kind === 'win' ? position.outcome.winner : position.turn;
    el.status.replaceChildren();
    if (position.outcome.kind !== 'draw') {
      const disc = document.createElement('span');
      disc.className = `status-disc p${turn}`;
      disc.setAttribute('aria-hidden', 'true');
      el.status.append(disc);
    }
    const span = document.createElement('span');
    span.className = 'status-text';
    span.textContent = text;
    el.status.append(span);
    el.status.classList.toggle('thinking', thinking);
    el.status.dataset['outcome'] = position.outcome.kind;
    el.again.hidden = !position.isOver;
    // The Review page (src/web/review) takes the whole game from its link.
    el.reviewLink.hidden = !position.isOver;
    el.reviewLink.href = `#review=${gameToString(position, { alwaysPrefix: true })}`;
    el.again.textContent = state.settings.mode === 'analysis' ? 'New board' : 'Play again';
  }

  function renderControls(): void {
    const mode = state.settings.mode;
    el.undo.disabled = !canUndo(state);
    el.redo.disabled = !canRedo(state);
    el.hints.checked = state.settings.hints || mode === 'analysis';
    el.hints.disabled = mode === 'analysis';
    for (const button of el.modes.querySelectorAll<HTMLButtonElement>('[data-mode]')) {
      const on = button.dataset['mode'] === mode;
      button.setAttribute('aria-checked', String(on));
      button.tabIndex = on ? 0 : -1;
    }
    document.body.dataset['mode'] = mode;
    // Scoreboard.
    const [a, b] = sideNames(mode);
    const score = state.scores[mode];
    el.nameA.textContent = `${a} (${COLOUR[state.aPlays]})`;
    el.nameB.textContent = `${b} (${COLOUR[state.aPlays === 1 ? 2 : 1]})`;
    el.scoreA.textContent = String(score.a);
    el.scoreB.textContent = String(score.b);
    el.draws.textContent = String(score.draws);
    el.round.textContent = String(roundOf(state));
    // Setup.
    el.levelField.hidden = mode !== 'cpu';
    el.watchField.hidden = mode !== 'watch';
    el.startField.hidden = mode === 'analysis';
    fillLevels(el.level, state.settings.level);
    el.levelAbout.textContent =
      LEVELS.find((level) => level.id === state.settings.level)?.description ?? '';
    fillLevels(el.levelA, state.settings.watchLevels[0]);
    fillLevels(el.levelB, state.settings.watchLevels[1]);
    for (const option of el.start.options) {
      option.textContent = startRuleLabel(mode, option.value as StartRule);
    }
    el.start.value = state.settings.start;
    const preset = presetOf(state.settings.variant);
    el.preset.value = preset ? preset.id : 'custom';
    if (!preset) el.custom.hidden = false;
    // Moves and share link.
    const position = positionOf(state);
    // Where a person plays both sides, each move (and each undone one still ahead) is a button
    // that jumps to the position after it.
    const jumpable = canJump(state);
    const shown = jumpable ? [...state.moves, ...state.redo] : position.moves;
    el.moveList.replaceChildren(
      ...shown.map((column, index) => {
        const item = document.createElement('li');
        const side = index % 2 === 0 ? 1 : 2;
        item.className = `p${side}${index >= position.moves.length ? ' ahead' : ''}`;
        const label = `${COLOUR[side]} column ${column + 1}`;
        if (!jumpable) {
          item.textContent = String(column + 1);
          item.setAttribute('aria-label', label);
          return item;
        }
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = String(column + 1);
        button.setAttribute('aria-label', `Move ${index + 1}: ${label}`);
        button.title = `Go to the position after move ${index + 1}`;
        if (index === position.moves.length - 1) button.setAttribute('aria-current', 'step');
        button.addEventListener('click', () => dispatch({ type: 'goto', ply: index + 1 }));
        item.append(button);
        return item;
      }),
    );
    el.share.value = shareUrl();
  }

  function fillLevels(select: HTMLSelectElement, value: string): void {
    if (select.options.length === 0) {
      for (const level of LEVELS) {
        const option = document.createElement('option');
        option.value = level.id;
        option.title = level.description;
        select.append(option);
      }
    }
    for (const option of select.options) {
      option.textContent = levelLabel(option.value as AiLevelId, state.settings.variant);
    }
    // A level saved by an older version may be gone: show (and the worker uses) the default.
    select.value = LEVELS.some((level) => level.id === value) ? value : 'intermediate';
  }

  function shareUrl(): string {
    const base = location.href.replace(/#.*$/, '');
    return base + shareFragment(positionOf(state), state.settings.mode);
  }

  async function render(): Promise<void> {
    const token = ++renderToken;
    maybeAnalyze();
    renderStatus();
    renderControls();
    renderHintNote();
    await renderBoard();
    if (token !== renderToken) return;
    maybeComputerMove();
  }

  // ---- wiring --------------------------------------------------------------------------------
  for (const preset of PRESETS) {
    const option = document.createElement('option');
    option.value = preset.id;
    option.textContent = preset.label;
    el.preset.append(option);
  }
  const customOption = document.createElement('option');
  customOption.value = 'custom';
  customOption.textContent = 'Custom…';
  el.preset.append(customOption);

  el.undo.addEventListener('click', () => dispatch({ type: 'undo' }));
  el.redo.addEventListener('click', () => dispatch({ type: 'redo' }));
  el.newGame.addEventListener('click', () => dispatch({ type: 'newGame' }));
  el.again.addEventListener('click', () => {
    dispatch({ type: 'newGame' });
    board.select(board.selected);
  });
  el.reset.addEventListener('click', () => {
    dispatch({ type: 'resetScores' });
    announce('Scores reset.');
  });
  el.hints.addEventListener('change', () => {
    dispatch({ type: 'settings', patch: { hints: el.hints.checked } });
  });
  el.modes.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-mode]');
    const mode = MODES.find((m) => m === button?.dataset['mode']);
    if (mode && mode !== state.settings.mode) {
      dispatch({ type: 'settings', patch: { mode } });
    }
  });
  el.modes.addEventListener('keydown', (event) => {
    // Radio group: arrows move the choice (and stop here, not on the board).
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const index = MODES.indexOf(state.settings.mode);
    const mode =
      MODES[(index + (event.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length]!;
    dispatch({ type: 'settings', patch: { mode } });
    el.modes.querySelector<HTMLButtonElement>(`[data-mode="${mode}"]`)?.focus();
  });
  el.level.addEventListener('change', () => {
    dispatch({ type: 'settings', patch: { level: el.level.value } });
  });
  const watchLevels = (): void => {
    dispatch({ type: 'settings', patch: { watchLevels: [el.levelA.value, el.levelB.value] } });
  };
  el.levelA.addEventListener('change', watchLevels);
  el.levelB.addEventListener('change', watchLevels);
  el.start.addEventListener('change', () => {
    const start = el.start.value as StartRule;
    dispatch({ type: 'settings', patch: { start } });
    if (state.moves.length > 0) notice('Applies from the next round.');
  });
  el.preset.addEventListener('change', () => {
    const preset = PRESETS.find((p) => p.id === el.preset.value);
    if (preset) {
      el.custom.hidden = true;
      dispatch({ type: 'settings', patch: { variant: preset.variant } });
      return;
    }
    const { width, height, connect } = state.settings.variant;
    el.customW.value = String(width);
    el.customH.value = String(height);
    el.customN.value = String(connect);
    el.custom.hidden = false;
    el.customW.focus();
  });
  el.custom.addEventListener('submit', (event) => {
    event.preventDefault();
    const made = createVariant({
      width: Number(el.customW.value),
      height: Number(el.customH.value),
      connect: Number(el.customN.value),
    });
    for (const input of [el.customW, el.customH, el.customN]) input.removeAttribute('aria-invalid');
    if (!made.ok) {
      const message = made.error.message;
      el.customError.textContent = message.charAt(0).toUpperCase() + message.slice(1) + '.';
      const field = /^height/.test(message)
        ? el.customH
        : /^connect/.test(message)
          ? el.customN
          : el.customW;
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', 'custom-error');
      return;
    }
    el.customError.textContent = '';
    dispatch({ type: 'settings', patch: { variant: made.value } });
    announce(
      `New ${made.value.width} by ${made.value.height} board, connect ${made.value.connect}.`,
    );
  });
  el.copy.addEventListener('click', () => {
    const text = shareUrl();
    const done = (): void => {
      notice('Link copied.');
    };
    if (window.isSecureContext && 'clipboard' in navigator) {
      navigator.clipboard.writeText(text).then(done, () => {
        el.share.select();
        notice('Select the link and copy it.');
      });
    } else {
      el.share.select();
      notice('Link selected: copy it with your keyboard or menu.');
    }
  });
  el.share.addEventListener('focus', () => {
    el.share.select();
  });
  el.paste.addEventListener('submit', (event) => {
    event.preventDefault();
    const parsed = parseSharedText(el.pasteInput.value, state.settings.variant);
    if (!parsed.ok) {
      const message = parsed.error.message;
      el.pasteError.textContent = message.charAt(0).toUpperCase() + message.slice(1) + '.';
      el.pasteInput.setAttribute('aria-invalid', 'true');
      return;
    }
    el.pasteError.textContent = '';
    el.pasteInput.removeAttribute('aria-invalid');
    el.pasteInput.value = '';
    dispatch({ type: 'load', ...parsed.value });
  });

  document.addEventListener('keydown', (event) => {
    const command = keyCommand(keyInput(event));
    if (!command) return;
    event.preventDefault();
    switch (command.type) {
      case 'move':
        board.moveSelection(command.delta);
        return;
      case 'dropSelected':
        humanDrop(board.selected);
        return;
      case 'dropColumn':
        if (command.column < state.settings.variant.width) humanDrop(command.column);
        return;
      case 'undo':
        dispatch({ type: 'undo' });
        return;
      case 'redo':
        dispatch({ type: 'redo' });
        return;
      case 'newGame':
        dispatch({ type: 'newGame' });
        return;
      case 'hints':
        if (state.settings.mode !== 'analysis') {
          dispatch({ type: 'settings', patch: { hints: !state.settings.hints } });
          announce(state.settings.hints ? 'Hints on.' : 'Hints off.');
        }
        return;
    }
  });

  // A game in the link wins over the stored one (unless it is the same game), then leaves the
  // address bar so a reload does not throw away moves played since. Other fragments (online
  // play's routes) are left alone.
  function takeSharedGame(live: boolean): void {
    const shared = parseShareFragment(location.hash);
    if (!shared) return;
    history.replaceState(null, '', location.href.replace(/#.*$/, ''));
    if (!shared.ok) {
      notice(`That link holds no valid game: ${shared.error.message}.`);
      return;
    }
    const same =
      presetKey(shared.value.variant) === presetKey(state.settings.variant) &&
      shared.value.moves.join() === state.moves.join() &&
      (shared.value.mode ?? state.settings.mode) === state.settings.mode;
    if (same) return;
    if (live) {
      dispatch({ type: 'load', ...shared.value });
      return;
    }
    state = reduce(state, { type: 'load', ...shared.value }, env).state;
    save(state);
  }
  takeSharedGame(false);
  // A share link pasted into this tab's address bar only changes the fragment.
  window.addEventListener('hashchange', () => {
    takeSharedGame(true);
  });
  void render();
  announce(statusText(state, false));
}

const presetKey = (v: { width: number; height: number; connect: number }): string =>
  `${v.width}x${v.height}c${v.connect}`;

function keyInput(event: KeyboardEvent): KeyInput {
  const target = event.target instanceof HTMLElement ? event.target : null;
  let kind: KeyInput['target'] = 'other';
  if (target) {
    if (
      target instanceof HTMLInputElement ||
      target instanceof HTMLSelectElement ||
      target instanceof HTMLTextAreaElement ||
      target.isContentEditable
    ) {
      kind = target instanceof HTMLInputElement && target.type === 'checkbox' ? 'button' : 'text';
    } else if (target.classList.contains('column')) {
      kind = 'column';
    } else if (
      target instanceof HTMLButtonElement ||
      target instanceof HTMLAnchorElement ||
      target.tagName === 'SUMMARY'
    ) {
      kind = 'button';
    }
  }
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    target: kind,
  };
}
