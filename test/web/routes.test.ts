import { describe, expect, it } from 'vitest';
import { pageRoute } from '../../src/web/routes.js';

describe('the route table', () => {
  it.each([
    ['', { page: 'local' }],
    ['#', { page: 'local' }],
    ['#board', { page: 'local' }],
    ['#g=7x6c4:4453&m=pvp', { page: 'local' }],
    ['#puzzles', { page: 'puzzles', id: null }],
    ['#puzzles=1bateos', { page: 'puzzles', id: '1bateos' }],
    ['#review=7x6c4:4455', { page: 'review', hash: '#review=7x6c4:4455' }],
    ['#online', { page: 'online', route: { kind: 'lobby' } }],
    ['#play=abcdEFGH12', { page: 'online', route: { kind: 'game', gameId: 'abcdEFGH12' } }],
    ['#replay=abcdEFGH12', { page: 'online', route: { kind: 'replay', gameId: 'abcdEFGH12' } }],
    ['#player=abcdEFGH12', { page: 'online', route: { kind: 'player', playerId: 'abcdEFGH12' } }],
    ['#leaderboard=connectN', { page: 'online', route: { kind: 'leaderboard', pool: 'connectN' } }],
  ] as const)('%s opens %o', (hash, route) => {
    expect(pageRoute(hash)).toEqual(route);
  });

  it.each([
    ['#play=bad', /names no online game: "bad" is not a valid id/],
    ['#player=x', /names no player: "x" is not a valid id/],
    ['#replay=', /cut short: it names no finished game/],
    ['#leaderboard=nowhere', /no leaderboard: "nowhere" is not one of classic, connect4, connectN/],
    ['#puzzles=BAD!', /names no puzzle/],
  ])('a broken link %s says why instead of opening the local game', (hash, why) => {
    const route = pageRoute(hash);
    expect(route.page).toBe('broken');
    if (route.page === 'broken') expect(route.message).toMatch(why);
  });
});
