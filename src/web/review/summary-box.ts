import type { Player } from '../../core/index.js';
import { MOVE_CLASSES, type PlayerSummary } from '../../review/index.js';
import { h } from '../dom.js';
import { COLOUR } from '../state/colours.js';
import { accuracyText, movesOf, verdictText, type DecisiveVerdict } from './progress.js';

export interface SummaryBox {
  readonly element: HTMLElement;
  update(summary: PlayerSummary, verdict: DecisiveVerdict, finished: boolean): void;
}

/**
 * A player's summary: accuracy, first decisive mistake, the count of each judgement. Built once
 * and changed in place, like the table. With `jump`, a proven first decisive mistake is a link to
 * its move (never a provisional one: see progress.ts).
 */
export function summaryBox(
  player: Player,
  moves: number,
  jump?: (ply: number) => void,
): SummaryBox {
  const accuracy = h('p', { class: 'review-accuracy' });
  const verdictNode = h('span', { class: 'review-verdict' });
  let target = 0;
  const link = h('button', { type: 'button', class: 'link' });
  link.addEventListener('click', () => {
    jump?.(target);
  });
  const decisive = h('p', {}, 'First decisive mistake: ', verdictNode);
  const counts = h('p');
  const element = h(
    'section',
    { class: `player-summary p${player}` },
    h('h3', {}, COLOUR[player]),
    accuracy,
    decisive,
    counts,
  );
  return {
    element,
    update(p, verdict, finished) {
      accuracy.textContent = `${accuracyText(p, movesOf(player, moves))}.`;
      element.dataset['verdict'] = verdict.kind;
      if (jump && verdict.kind === 'move') {
        target = verdict.ply + 1;
        link.textContent = verdictText(verdict);
        link.setAttribute(
          'aria-label',
          `Show ${COLOUR[player]}'s first decisive mistake, move ${target}`,
        );
        if (link.parentNode !== decisive) verdictNode.replaceWith(link);
      } else {
        verdictNode.textContent = verdictText(verdict);
        if (verdictNode.parentNode !== decisive) link.replaceWith(verdictNode);
      }
      // While the worker runs, an open move is not judged yet rather than "not solved".
      counts.textContent = MOVE_CLASSES.map(
        (c) =>
          `${p.counts[c.id]} ${c.id === 'unsolved' && !finished ? 'not judged yet' : c.label.toLowerCase()}`,
      ).join(' · ');
    },
  };
}
