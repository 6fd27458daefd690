import { createVariant } from '../../core/index.js';
import { h, sentence } from '../dom.js';
import { CUSTOM_OPTIONS, MENU_GROUPS } from '../state/presets.js';
import { choiceOf, customGameOf, gameChoice, type GameChoice } from './game-name.js';

/** The lobby's game and board: the local game's menu, custom boards included. */
export interface BoardPicker {
  readonly select: HTMLSelectElement;
  /** The size fields, shown while a custom board is chosen. */
  readonly custom: HTMLElement;
  /** The game to ask for, or why the custom size is not a board (the field is marked). */
  choice():
    | { readonly ok: true; readonly value: GameChoice }
    | { readonly ok: false; readonly message: string };
}

const sizeField = (id: string, value: number): HTMLInputElement => {
  const input = h('input', { id, type: 'number', inputmode: 'numeric', min: '3', max: '12' });
  input.value = String(value);
  return input;
};

/**
 * A board menu for a lobby form (`id` for the select, `id-width` … for the size fields; `errorId`
 * the element that says what is wrong with a size, for the marked field to point at). The
 * custom size is checked here with the engine's own rule, so a bad one is named at its field
 * before anything is sent; the server checks the game and board again (`bad_variant`).
 */
export function boardPicker(id: string, errorId: string): BoardPicker {
  const select = h(
    'select',
    { id },
    ...MENU_GROUPS.map((group) =>
      h(
        'optgroup',
        { label: group.label },
        ...group.presets.map((p) => h('option', { value: p.id }, p.label)),
        ...(group.custom
          ? [
              h(
                'option',
                { value: CUSTOM_OPTIONS[group.custom].id },
                CUSTOM_OPTIONS[group.custom].label,
              ),
            ]
          : []),
      ),
    ),
  );
  // Opened on the classic board's size, never on empty fields.
  const fields = {
    width: sizeField(`${id}-width`, 7),
    height: sizeField(`${id}-height`, 6),
    connect: sizeField(`${id}-connect`, 4),
  };
  const custom = h(
    'fieldset',
    { class: 'online-custom', hidden: true },
    h('legend', {}, 'Custom board'),
    h('label', {}, 'Width ', fields.width),
    h('label', {}, 'Height ', fields.height),
    h('label', {}, 'Connect ', fields.connect),
  );
  select.addEventListener('change', () => {
    custom.hidden = customGameOf(select.value) === undefined;
  });
  return {
    select,
    custom,
    choice() {
      const game = customGameOf(select.value);
      if (game === undefined) return { ok: true, value: gameChoice(select.value) };
      for (const input of Object.values(fields)) input.removeAttribute('aria-invalid');
      const made = createVariant({
        width: Number(fields.width.value),
        height: Number(fields.height.value),
        connect: Number(fields.connect.value),
      });
      if (made.ok) return { ok: true, value: choiceOf(game, made.value) };
      const field = fields[made.error.field ?? 'width'];
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', errorId);
      return { ok: false, message: sentence(made.error.message) };
    },
  };
}
