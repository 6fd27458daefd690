import type {
  TournamentDetail,
  TournamentPairing,
  TournamentStanding,
  TournamentSummary,
} from '../../../protocol/index.js';
import { COLOUR } from '../format.js';
import { gameText } from '../game-name.js';

/**
 * What the tournament pages show, as data (no DOM): the list's sections, the countdown, the
 * standings' rows, which buttons the viewer gets, the games, the podium and what a new pairing
 * says. The views only render it, so every rule here is unit-tested (test/web).
 */

export interface ListSections {
  readonly running: readonly TournamentSummary[];
  readonly upcoming: readonly TournamentSummary[];
  readonly finished: readonly TournamentSummary[];
}

/** Running first (ending soonest), then upcoming (starting soonest), then finished (latest first). */
export function sections(list: readonly TournamentSummary[]): ListSections {
  const by = (status: TournamentSummary['status']) => list.filter((t) => t.status === status);
  return {
    running: by('running').sort((a, b) => (a.endsAt ?? Infinity) - (b.endsAt ?? Infinity)),
    upcoming: by('upcoming').sort((a, b) => a.startsAt - b.startsAt),
    finished: by('finished').sort((a, b) => (b.endsAt ?? b.startsAt) - (a.endsAt ?? a.startsAt)),
  };
}

/** "3+2": minutes per side and seconds added per move, as players write a clock. */
export const clockText = (clock: { initialMs: number; incrementMs: number }): string =>
  `${String(clock.initialMs / 60_000)}+${String(clock.incrementMs / 1000)}`;

/** "Arena, 55 min" or "Swiss, 7 rounds". */
export function formatText(t: TournamentSummary): string {
  if (t.kind === 'swiss') return `Swiss, ${String(t.rounds ?? 0)} rounds`;
  const minutes = t.endsAt === null ? 0 : Math.round((t.endsAt - t.startsAt) / 60_000);
  return `Arena, ${lengthText(minutes)}`;
}

/** "55 min", "2 h", "1 h 30 min": an arena's length. */
export function lengthText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${String(m)} min`;
  return m === 0 ? `${String(h)} h` : `${String(h)} h ${String(m)} min`;
}

/** One line of the list: "Hourly blitz arena · Arena, 55 min · Classic 7×6, connect 4 · 3+2 · 4 players". */
export const summaryText = (t: TournamentSummary): string =>
  [
    formatText(t),
    gameText(t.game, t.variant),
    clockText(t.clock),
    `${String(t.players)} ${t.players === 1 ? 'player' : 'players'}`,
  ].join(' · ');

/** "2 h 05 min", "12:03", "0:09": long waits in hours, the last hour as a clock. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${String(days)} d ${String(hours)} h`;
  if (hours > 0) return `${String(hours)} h ${String(minutes).padStart(2, '0')} min`;
  return `${String(minutes)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Starts in 4:59", "Ends in 12:03", "Round 2 of 5", "Finished". */
export function countdownText(t: TournamentSummary, now: number): string {
  if (t.status === 'finished') return 'Finished';
  if (t.status === 'upcoming' || now < t.startsAt) {
    return now < t.startsAt ? `Starts in ${durationText(t.startsAt - now)}` : 'Starting…';
  }
  if (t.kind === 'swiss') {
    return t.round === 0 || t.round === null
      ? 'Pairing the first round…'
      : `Round ${String(t.round)} of ${String(t.rounds ?? 0)}`;
  }
  const left = (t.endsAt ?? now) - now;
  return left > 0 ? `Ends in ${durationText(left)}` : 'Time is up: the last games finish';
}

export interface StandingRow {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly score: string;
  readonly games: number;
  readonly onFire: boolean;
  /** "Paused" (arena) or "Withdrawn" (Swiss), else ''. */
  readonly state: string;
  /** The tiebreak in words: performance, or Buchholz and Sonneborn-Berger. */
  readonly tiebreak: string;
  readonly me: boolean;
}

/** Half points as "½": a Swiss score of 2.5 reads "2½". */
export const pointsText = (score: number): string => {
  const whole = Math.floor(score);
  const half = score - whole >= 0.5;
  return half ? `${whole === 0 ? '' : String(whole)}½` : String(whole);
};

export function standingRows(t: TournamentDetail, me: string | undefined): StandingRow[] {
  return t.standings.map((s: TournamentStanding) => ({
    rank: s.rank,
    playerId: s.playerId,
    name: s.name,
    score: pointsText(s.score),
    games: s.games,
    onFire: s.onFire === true,
    state: s.withdrawn ? (t.kind === 'arena' ? 'Paused' : 'Withdrawn') : '',
    tiebreak:
      t.kind === 'arena'
        ? s.performance === null || s.performance === undefined
          ? ''
          : `performance ${String(Math.round(s.performance))}`
        : `Buchholz ${pointsText(s.buchholz ?? 0)}, SB ${pointsText(s.sonnebornBerger ?? 0)}`,
    me: s.playerId === me,
  }));
}

/** Where the viewer stands, and the button they get. */
export type Participation =
  /** No name yet: told to pick one (tournaments are for named players). */
  | { readonly kind: 'unnamed' }
  | { readonly kind: 'closed'; readonly why: string }
  | { readonly kind: 'out'; readonly action: 'Join' | 'Join again' }
  | { readonly kind: 'in'; readonly action: 'Pause' | 'Withdraw' };

export function participation(t: TournamentDetail, me: string | undefined): Participation {
  if (t.status === 'finished') return { kind: 'closed', why: 'This tournament is over.' };
  if (me === undefined) return { kind: 'unnamed' };
  const mine = t.standings.find((s) => s.playerId === me);
  if (mine && !mine.withdrawn) {
    return { kind: 'in', action: t.kind === 'arena' ? 'Pause' : 'Withdraw' };
  }
  if (t.kind === 'swiss' && (t.round ?? 0) > 0) {
    return { kind: 'closed', why: 'This Swiss has begun: it takes no new players.' };
  }
  return { kind: 'out', action: mine ? 'Join again' : 'Join' };
}

/** What the button's press does, in words a screen reader hears after it. */
export const participationNote = (p: Participation, kind: 'arena' | 'swiss'): string => {
  switch (p.kind) {
    case 'unnamed':
      return 'Pick a name to take part: tournaments are for named players.';
    case 'closed':
      return p.why;
    case 'out':
      return p.action === 'Join again'
        ? kind === 'arena'
          ? 'You are paused: join again to be paired (your score stays).'
          : 'You have withdrawn: join again before the first round to play.'
        : 'Join to be paired as soon as the tournament runs.';
    case 'in':
      return kind === 'arena'
        ? 'You are in: you are paired whenever you are free. Pause to stop (your score stays).'
        : 'You are in: each round pairs you when it starts.';
  }
};

/** The viewer's game being played, if any (the page offers it; a new one opens by itself). */
export const openGameOf = (
  t: TournamentDetail,
  me: string | undefined,
): TournamentPairing | undefined =>
  me === undefined
    ? undefined
    : t.pairings.find(
        (p) =>
          p.outcome === null &&
          p.gameId !== null &&
          (p.first.playerId === me || p.second?.playerId === me),
      );

const OUTCOME: Readonly<Record<string, string>> = {
  first: '1–0',
  second: '0–1',
  draw: '½–½',
  first_forfeit: 'forfeit, 0–1',
  second_forfeit: 'forfeit, 1–0',
  double_forfeit: 'both forfeit',
  bye: 'bye',
  aborted: 'aborted',
};

/** "Ada – Bob, playing" or "Ada – Bob, 1–0" (first named moves first, Red). */
export function pairingText(p: TournamentPairing): string {
  const who = p.second === null ? p.first.name : `${p.first.name} – ${p.second.name}`;
  const result = p.outcome === null ? 'playing' : (OUTCOME[p.outcome] ?? p.outcome);
  return `${p.round === null ? '' : `Round ${String(p.round)}: `}${who}, ${result}`;
}

/** The games being played, then the finished ones (as the server orders them). */
export const gamesOf = (
  t: TournamentDetail,
): { playing: TournamentPairing[]; finished: TournamentPairing[] } => ({
  playing: t.pairings.filter((p) => p.outcome === null),
  finished: t.pairings.filter((p) => p.outcome !== null),
});

/** The first three at the end; empty while the tournament goes on. */
export const podium = (t: TournamentDetail): TournamentStanding[] =>
  t.status === 'finished' ? t.standings.filter((s) => s.games > 0).slice(0, 3) : [];

export const PLACE = ['1st', '2nd', '3rd'] as const;

/** What the player hears when a game is made for them. */
export function pairingAnnouncement(pairing: {
  readonly seat: 1 | 2;
  readonly opponent: { readonly name: string; readonly rating: number };
  readonly round: number | null;
}): string {
  const round = pairing.round === null ? '' : `Round ${String(pairing.round)}: `;
  const side =
    pairing.seat === 1 ? `${COLOUR[1]}, you move first` : `${COLOUR[2]}, you move second`;
  return `${round}your next game is against ${pairing.opponent.name} (${String(Math.round(pairing.opponent.rating))}). You play ${side}.`;
}
