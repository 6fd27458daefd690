import { FAMILY_LEVELS } from '../../ai/family/index.js';
import { LEVELS, levelLabel, type LevelId } from '../../ai/index.js';
import {
  createVariant,
  type Variant,
  type VariantError,
  type VariantField,
} from '../../core/index.js';
import { CUSTOM_OPTIONS, MENU_GROUPS, MENU_PRESETS, gamePresetOf } from '../state/presets.js';
import { rulesText, titleOf } from '../state/rules-text.js';
import { startRuleLabel } from '../state/text.js';
import { MODES, type GameState, type Mode, type StartRule } from '../state/types.js';
import { byId, h, sentence } from '../dom.js';
import type { Host } from './host.js';

/** The mode switch and the setup card: levels, who starts, the board. */
export interface SettingsPanel {
  render(state: GameState): void;
}

/** The custom board field a variant error is about (width when it names none). */
export function fieldOfVariantError(error: VariantError): VariantField {
  return error.field ?? 'width';
}

/** The level shown for a stored id; one saved by an older version may be gone. */
export const knownLevel = (value: string): string =>
  LEVELS.some((level) => level.id === value) ? value : 'intermediate';

/** The mode one arrow key away in the radio group (wrapping). */
export function nextMode(mode: Mode, key: 'ArrowLeft' | 'ArrowRight'): Mode {
  const index = MODES.indexOf(mode);
  return MODES[(index + (key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length]!;
}

/** The menu's "PopOut, custom…": the Custom board form, applied as a PopOut game. */
const CUSTOM_POPOUT = CUSTOM_OPTIONS.popout.id;

export function createSettings(host: Host): SettingsPanel {
  const el = {
    modes: byId('modes'),
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
    goal: byId('goal'),
    name: byId('game-name'),
  };
  /** The player chose "Custom…" and has not applied it or chosen a preset since. */
  let customChosen = false;
  /** The game the Custom board form applies: Connect Four's "Custom…" or PopOut's. */
  let customGame: 'classic' | 'popout' = 'classic';

  /** Opens the Custom board form on `variant`'s size, never on empty fields. */
  function openCustom(variant: Variant): void {
    if (el.custom.hidden) {
      el.customW.value = String(variant.width);
      el.customH.value = String(variant.height);
      el.customN.value = String(variant.connect);
    }
    el.custom.hidden = false;
  }
  const settings = (): GameState['settings'] => host.state().settings;

  // The game is chosen where the board is (MENU_GROUPS, as the online lobby offers them); the
  // Connect Four and PopOut groups end with their custom board (the form below).
  const option = (preset: { id: string; label: string }): HTMLOptionElement =>
    h('option', { value: preset.id }, preset.label);
  el.preset.append(
    ...MENU_GROUPS.map((group) =>
      h(
        'optgroup',
        { label: group.label },
        ...group.presets.map(option),
        ...(group.custom ? [option(CUSTOM_OPTIONS[group.custom])] : []),
      ),
    ),
  );

  el.modes.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-mode]');
    const mode = MODES.find((m) => m === button?.dataset['mode']);
    if (mode && mode !== settings().mode) host.dispatch({ type: 'settings', patch: { mode } });
  });
  el.modes.addEventListener('keydown', (event) => {
    // Radio group: arrows move the choice (and stop here, not on the board).
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    event.stopPropagation();
    const mode = nextMode(settings().mode, event.key);
    host.dispatch({ type: 'settings', patch: { mode } });
    el.modes.querySelector<HTMLButtonElement>(`[data-mode="${mode}"]`)?.focus();
  });
  el.level.addEventListener('change', () => {
    host.dispatch({ type: 'settings', patch: { level: el.level.value } });
  });
  const watchLevels = (): void => {
    host.dispatch({
      type: 'settings',
      patch: { watchLevels: [el.levelA.value, el.levelB.value] },
    });
  };
  el.levelA.addEventListener('change', watchLevels);
  el.levelB.addEventListener('change', watchLevels);
  el.start.addEventListener('change', () => {
    const start = el.start.value as StartRule;
    host.dispatch({ type: 'settings', patch: { start } });
    if (host.state().moves.length > 0) host.talk.notice('Applies from the next round.');
  });
  el.preset.addEventListener('change', () => {
    const preset = MENU_PRESETS.find((p) => p.id === el.preset.value);
    if (preset) {
      customChosen = false;
      el.custom.hidden = true;
      el.customError.textContent = '';
      const changed = host.dispatch({
        type: 'settings',
        patch: { game: preset.game, variant: preset.variant },
      });
      if (changed && preset.game !== 'classic') {
        host.talk.announce(
          `New game of ${preset.label}. ${rulesText(preset.game, preset.variant)[0] ?? ''}`,
        );
      }
      return;
    }
    customChosen = true;
    customGame = el.preset.value === CUSTOM_POPOUT ? 'popout' : 'classic';
    openCustom(settings().variant);
    el.customW.focus();
  });
  el.custom.addEventListener('submit', (event) => {
    event.preventDefault();
    const made = createVariant({
      width: Number(el.customW.value),
      height: Number(el.customH.value),
      connect: Number(el.customN.value),
    });
    const fields = { width: el.customW, height: el.customH, connect: el.customN };
    for (const input of Object.values(fields)) input.removeAttribute('aria-invalid');
    if (!made.ok) {
      el.customError.textContent = sentence(made.error.message);
      const field = fields[fieldOfVariantError(made.error)];
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', 'custom-error');
      return;
    }
    el.customError.textContent = '';
    customChosen = false;
    applyVariant(made.value);
  });

  function applyVariant(variant: Variant): void {
    host.dispatch({ type: 'settings', patch: { game: customGame, variant } });
    host.talk.announce(
      `New ${customGame === 'popout' ? 'PopOut game on a ' : ''}${variant.width} by ${variant.height} board, connect ${variant.connect}.`,
    );
  }

  function fillLevels(select: HTMLSelectElement, value: string, variant: Variant): void {
    if (select.options.length === 0) {
      for (const level of LEVELS) {
        select.append(h('option', { value: level.id, title: level.description }));
      }
    }
    for (const option of select.options) {
      option.textContent = levelLabel(option.value as LevelId, variant);
    }
    select.value = knownLevel(value);
  }

  return {
    render(state) {
      const { mode, variant, game } = state.settings;
      for (const button of el.modes.querySelectorAll<HTMLButtonElement>('[data-mode]')) {
        const on = button.dataset['mode'] === mode;
        button.setAttribute('aria-checked', String(on));
        button.tabIndex = on ? 0 : -1;
      }
      document.body.dataset['mode'] = mode;
      el.levelField.hidden = mode !== 'cpu';
      el.watchField.hidden = mode !== 'watch';
      el.startField.hidden = mode === 'analysis';
      fillLevels(el.level, state.settings.level, variant);
      // The family's levels have the same names, described for games with pops and set-ups.
      const levels = game === 'classic' ? LEVELS : FAMILY_LEVELS;
      el.levelAbout.textContent =
        levels.find((level) => level.id === state.settings.level)?.description ?? '';
      fillLevels(el.levelA, state.settings.watchLevels[0], variant);
      fillLevels(el.levelB, state.settings.watchLevels[1], variant);
      for (const option of el.start.options) {
        option.textContent = startRuleLabel(mode, option.value as StartRule);
      }
      el.start.value = state.settings.start;
      // The select and the form agree: a preset closes the form, a custom board (or the
      // player's "Custom…" not yet applied) shows it filled with the board's size.
      const preset = customChosen ? undefined : gamePresetOf(game, variant);
      if (!customChosen) customGame = game === 'popout' ? 'popout' : 'classic';
      el.preset.value = preset
        ? preset.id
        : customGame === 'popout'
          ? CUSTOM_POPOUT
          : CUSTOM_OPTIONS.classic.id;
      if (preset) el.custom.hidden = true;
      else openCustom(variant);
      const name = titleOf(game, variant);
      el.name.textContent = name;
      // The rules in a few lines under the menu, for whichever game is chosen.
      el.goal.replaceChildren(
        ...rulesText(game, variant).map((line) => h('span', { class: 'rule-line' }, line)),
      );
      document.body.dataset['game'] = game;
      document.title = `${name} · ${variant.width}×${variant.height}`;
    },
  };
}
