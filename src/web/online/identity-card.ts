import { h } from '../dom.js';
import { failed, ratingText, type PlayersApi } from './identity.js';
import { nameErrorText } from './name-errors.js';
import type { PublicPlayer } from '../../protocol/index.js';

/**
 * The lobby's "who am I" card: pick a display name on the first visit (no account: the
 * browser keeps the identity), later the name and ratings, a link to the player page, and a
 * code to move the identity to another device.
 */
export function identityCard(
  players: PlayersApi,
  onPlayer: (player: PublicPlayer | undefined) => void,
): HTMLElement {
  const card = h('section', { class: 'card online-card', 'aria-labelledby': 'online-me-title' });
  const show = (player: PublicPlayer): void => {
    onPlayer(player);
    const classic = player.ratings.find((r) => r.pool === 'classic');
    const transfer = h('button', { type: 'button' }, 'Use on another device');
    const code = h('p', { class: 'about', role: 'status' });
    transfer.addEventListener('click', () => {
      void players.transferCode().then((answer) => {
        code.textContent = failed(answer)
          ? answer.error.message
          : `Enter ${answer.code} on the other device within 15 minutes.`;
      });
    });
    card.replaceChildren(
      h('h2', { id: 'online-me-title' }, `Playing as ${player.name}`),
      h(
        'p',
        { class: 'about online-rating' },
        `Rating (classic): ${ratingText(classic?.rating ?? 1500, classic?.provisional ?? true)}`,
      ),
      h(
        'p',
        {},
        h('a', { href: `#player=${player.id}` }, 'My page'),
        ' · ',
        h('a', { href: '#leaderboard' }, 'Leaderboard'),
      ),
      transfer,
      code,
    );
  };
  const ask = (): void => {
    onPlayer(undefined);
    const input = h('input', {
      id: 'online-name',
      type: 'text',
      maxlength: '20',
      autocomplete: 'nickname',
      required: true,
    });
    const error = h('p', { class: 'error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'primary' }, 'Choose name');
    const codeInput = h('input', {
      id: 'online-code',
      type: 'text',
      placeholder: 'ABCD-EFGH-JKLM',
    });
    const redeem = h('button', { type: 'button' }, 'Use code');
    const form = h(
      'form',
      {},
      h('label', { for: 'online-name' }, 'Your name (shown to opponents)'),
      input,
      submit,
      error,
      // Its own line: beside the button it broke mid-phrase ("Or a code from / another device").
      h('label', { for: 'online-code', class: 'own-line' }, 'Or a code from another device'),
      codeInput,
      redeem,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submit.disabled = true;
      void players.create(input.value).then((answer) => {
        submit.disabled = false;
        if (failed(answer)) error.textContent = nameErrorText('create', answer.error);
        else show(answer);
      });
    });
    redeem.addEventListener('click', () => {
      void players.redeem(codeInput.value.trim().toUpperCase()).then((answer) => {
        if (failed(answer)) error.textContent = answer.error.message;
        else show(answer);
      });
    });
    card.replaceChildren(
      h('h2', { id: 'online-me-title' }, 'Pick a name'),
      h(
        'p',
        { class: 'about' },
        'No account needed: this browser remembers you. Named players get a rating.',
      ),
      form,
    );
  };
  const me = players.me();
  if (me) {
    void me.then((answer) => {
      if (failed(answer)) ask();
      else show(answer);
    });
  } else {
    ask();
  }
  return card;
}
