import { copyText, h } from '../../dom.js';
import { PRESETS } from '../../state/presets.js';
import type { OnlineClient } from '../client.js';
import { identitySecret } from '../identity.js';
import { routeHash, routeLink } from '../routes.js';
import { SETTINGS_LIMITS as L } from '../../../tournament/settings.js';
import { START_CHOICES, TOURNAMENT_CLOCKS, settingsOf, tournamentRefusalText } from './words.js';

function select(
  id: string,
  options: readonly { readonly value: string; readonly label: string }[],
  selected?: string,
): HTMLSelectElement {
  const element = h('select', { id });
  for (const o of options) {
    element.append(h('option', { value: o.value, selected: o.value === selected }, o.label));
  }
  return element;
}

const field = (id: string, label: string, control: HTMLElement, hidden = false): HTMLElement =>
  h('div', { class: 'tournament-field', hidden }, h('label', { for: id }, label), control);

/**
 * "Create a private tournament": arena or Swiss, game and board, clock, length or rounds, start. The
 * server judges the settings; a refusal is said in words under the form (and read out, the
 * field's input marked invalid), and a created tournament gives its link to send, with a copy
 * button. Only named players may create: `named()` says whether this browser is one, and
 * `refresh()` (called when that changes) says so above the form and keeps its button off, so
 * an unnamed visitor learns it before filling the form in, not on submit.
 */
export function createForm(
  client: OnlineClient,
  named: () => boolean,
): { readonly element: HTMLElement; refresh(): void } {
  const kind = select('tournament-kind', [
    { value: 'arena', label: 'Arena' },
    { value: 'swiss', label: 'Swiss' },
  ]);
  const name = h('input', {
    id: 'tournament-name',
    type: 'text',
    maxlength: String(L.nameLength.max),
    required: true,
    'aria-describedby': 'tournament-create-error',
  });
  // The game, then its board: PopOut is played on every board, Five-in-a-Row on its own only.
  const game = select('tournament-game', [
    { value: 'classic', label: 'Connect Four' },
    { value: 'popout', label: 'PopOut' },
    { value: 'five', label: 'Five-in-a-Row (9×6)' },
  ]);
  const board = select(
    'tournament-board',
    PRESETS.map((p) => ({ value: p.id, label: p.label })),
  );
  const boardField = field('tournament-board', 'Board', board);
  const clock = select(
    'tournament-clock',
    TOURNAMENT_CLOCKS.map((c) => {
      const [m, s] = c.split('+');
      return { value: c, label: `${m!} min + ${s!} s per move` };
    }),
    '3+2',
  );
  const minutes = h('input', {
    id: 'tournament-minutes',
    type: 'number',
    inputmode: 'numeric',
    value: '30',
    'aria-describedby': 'tournament-create-error',
  });
  const rounds = h('input', {
    id: 'tournament-rounds',
    type: 'number',
    inputmode: 'numeric',
    value: '5',
    'aria-describedby': 'tournament-create-error',
  });
  const start = select(
    'tournament-start',
    START_CHOICES.map((c) => ({ value: String(c.minutes), label: c.label })),
    '5',
  );
  const minutesField = field('tournament-minutes', 'Length (minutes)', minutes);
  const roundsField = field('tournament-rounds', 'Rounds', rounds, true);
  const error = h('p', { class: 'error', id: 'tournament-create-error', role: 'alert' });
  const result = h('div', { class: 'tournament-created', id: 'tournament-created' });
  const submit = h(
    'button',
    { type: 'submit', class: 'primary', id: 'tournament-create-submit' },
    'Create tournament',
  );
  const needsName = h(
    'p',
    { class: 'about', id: 'tournament-create-needs-name' },
    tournamentRefusalText({ code: 'identity_required', message: '' }),
  );
  const form = h(
    'form',
    {
      class: 'card online-card tournament-create',
      'aria-labelledby': 'tournament-create-title',
      novalidate: true,
    },
    h('h2', { id: 'tournament-create-title' }, 'Create a private tournament'),
    h('p', { class: 'about' }, 'Only people you send its link to can find it.'),
    needsName,
    field('tournament-kind', 'Kind', kind),
    field('tournament-name', 'Name', name),
    field('tournament-game', 'Game', game),
    boardField,
    field('tournament-clock', 'Clock', clock),
    minutesField,
    roundsField,
    field('tournament-start', 'Starts', start),
    submit,
    error,
    result,
  );
  game.addEventListener('change', () => {
    boardField.hidden = game.value === 'five';
  });
  kind.addEventListener('change', () => {
    minutesField.hidden = kind.value !== 'arena';
    roundsField.hidden = kind.value !== 'swiss';
  });

  const invalid = (code: string | undefined): void => {
    const at: Readonly<Record<string, HTMLElement>> = {
      tournament_bad_name: name,
      tournament_bad_duration: minutes,
      tournament_bad_rounds: rounds,
    };
    for (const input of [name, minutes, rounds]) input.removeAttribute('aria-invalid');
    const wrong = code === undefined ? undefined : at[code];
    if (wrong) {
      wrong.setAttribute('aria-invalid', 'true');
      wrong.focus();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    result.replaceChildren();
    const player = identitySecret();
    if (!named() || player === undefined) {
      error.textContent = tournamentRefusalText({ code: 'identity_required', message: '' });
      return;
    }
    const settings = settingsOf(
      {
        kind: kind.value,
        name: name.value,
        game: game.value,
        variant: board.value,
        clock: clock.value,
        minutes: minutes.value,
        rounds: rounds.value,
        startIn: start.value,
      },
      client.serverNow(),
    );
    sending = true;
    refresh();
    error.textContent = '';
    void client
      .tournamentRequest({ type: 'tournamentCreate', player, settings })
      .then((reply) => {
        if (reply.type === 'error') {
          error.textContent = tournamentRefusalText(reply);
          invalid(reply.code);
          return;
        }
        if (reply.type !== 'tournamentCreated') return;
        invalid(undefined);
        shareLink(result, reply.tournamentId, settings.name);
      })
      .finally(() => {
        sending = false;
        refresh();
      });
  });
  /** Whether a request is on its way (the button stays off until it is answered). */
  let sending = false;
  const refresh = (): void => {
    needsName.hidden = named();
    submit.disabled = sending || !named();
  };
  refresh();
  return { element: form, refresh };
}

/** The made tournament's link: to copy and send, and to open. */
function shareLink(host: HTMLElement, tournamentId: string, title: string): void {
  const route = { kind: 'tournament', tournamentId } as const;
  const link = routeLink(route, location.href);
  const input = h('input', {
    id: 'tournament-link',
    type: 'text',
    readonly: true,
    value: link,
    'aria-label': 'Tournament link',
  });
  const said = h('p', { class: 'about', role: 'status' });
  const copy = h('button', { type: 'button', id: 'tournament-copy' }, 'Copy link');
  copy.addEventListener('click', () => {
    void copyText(link, input).then((copied) => {
      said.textContent = copied ? 'Link copied.' : 'Select the link and copy it.';
    });
  });
  host.replaceChildren(
    h('p', { role: 'status' }, `“${title}” is made. Send this link to the players:`),
    h('div', { class: 'row-input' }, input, copy),
    said,
    h('a', { href: routeHash(route), id: 'tournament-open' }, 'Open the tournament'),
  );
  copy.focus();
}
