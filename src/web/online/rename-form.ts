import type { PublicPlayer } from '../../protocol/index.js';
import { h } from '../dom.js';
import { failed, type PlayersApi } from './identity.js';
import { nameErrorText } from './name-errors.js';

/**
 * "Change name" on the player's own page: a button that opens a small form. The server judges
 * the name (rules, look-alikes, how often): its refusal is shown under the field, tied to it
 * with aria-describedby, and focus goes back to the field so it can be corrected at once; on
 * success focus returns to the button and a status line says the new name. While the server
 * would refuse any new name (too soon after the last change, `renameAt`), the button is off and
 * says from when it works, rather than opening a form only to refuse it.
 */
export function renameForm(
  players: PlayersApi,
  currentName: string,
  onRenamed: (player: PublicPlayer) => void,
  renameAt?: number,
  now: number = Date.now(),
): HTMLElement {
  let current = currentName;
  const open = h(
    'button',
    {
      type: 'button',
      id: 'online-rename-open',
      'aria-expanded': 'false',
      'aria-controls': 'online-rename-form',
    },
    'Change name',
  );
  const done = h('p', { class: 'about', id: 'online-rename-done', role: 'status' });
  if (renameAt !== undefined && renameAt > now) {
    const when = new Date(renameAt).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    open.disabled = true;
    open.setAttribute('aria-describedby', 'online-rename-when');
    return h(
      'div',
      { class: 'online-rename' },
      open,
      h(
        'p',
        { class: 'about', id: 'online-rename-when' },
        `Your name can be changed again from ${when}.`,
      ),
    );
  }
  const input = h('input', {
    id: 'online-rename-name',
    type: 'text',
    maxlength: '20',
    autocomplete: 'nickname',
    required: true,
    'aria-describedby': 'online-rename-hint online-rename-error',
  });
  const error = h('p', { class: 'error', id: 'online-rename-error', role: 'alert' });
  const save = h('button', { type: 'submit', class: 'primary' }, 'Save name');
  const cancel = h('button', { type: 'button' }, 'Cancel');
  const form = h(
    'form',
    { id: 'online-rename-form', class: 'online-rename-form', hidden: true },
    h('label', { for: 'online-rename-name' }, 'New name'),
    input,
    h(
      'p',
      { class: 'about', id: 'online-rename-hint' },
      '3 to 20 characters: letters, digits, single spaces, "_", "-" or ".". ' +
        'A name can only be changed now and then.',
    ),
    error,
    h('div', { class: 'row-buttons' }, save, cancel),
  );

  const clearError = (): void => {
    error.textContent = '';
    input.removeAttribute('aria-invalid');
  };
  const close = (): void => {
    form.hidden = true;
    open.setAttribute('aria-expanded', 'false');
    clearError();
    open.focus();
  };
  open.addEventListener('click', () => {
    if (!form.hidden) {
      close();
      return;
    }
    form.hidden = false;
    open.setAttribute('aria-expanded', 'true');
    done.textContent = '';
    input.value = current;
    input.focus();
    input.select();
  });
  cancel.addEventListener('click', close);
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name === current) {
      close();
      return;
    }
    save.disabled = true;
    form.setAttribute('aria-busy', 'true');
    void players.rename(name).then((answer) => {
      save.disabled = false;
      form.removeAttribute('aria-busy');
      if (failed(answer)) {
        error.textContent = nameErrorText('rename', answer.error);
        input.setAttribute('aria-invalid', 'true');
        input.focus();
        input.select();
        return;
      }
      current = answer.name;
      onRenamed(answer);
      close();
      done.textContent = `Your name is now ${answer.name}.`;
    });
  });
  input.addEventListener('input', clearError);

  return h('div', { class: 'online-rename' }, open, form, done);
}
