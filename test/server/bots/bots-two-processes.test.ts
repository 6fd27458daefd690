import { expect, it } from 'vitest';
import { newSecret } from '../helpers.js';
import { computerSeek, createPlayer, readPlayerPage, type Msg } from '../lobby.js';
import { describeTwoProcesses } from '../two-processes.js';

/**
 * A computer game across two processes sharing the database and Redis: started on one, it goes
 * on from the other after the first dies, and its rated end counts once.
 */
describeTwoProcesses(
  'computer games on two processes',
  'bots/bots-two-processes.test.ts',
  {},
  ({ servers, clients }) => {
    it('a computer game started on one process goes on from the other, rated once', async () => {
      const [a, b] = await Promise.all(servers.map((s) => s.start()));
      const { secret: identity, player: me } = await createPlayer(a!, 'Two Process');
      const seat = newSecret();
      const onA = await clients.connect(a!);
      const matched = (await onA.request(computerSeek(seat, identity))) as Msg<'matched'>;
      expect(matched.type).toBe('matched');
      const { gameId } = matched;
      await onA.request({ type: 'join', gameId, secret: seat });
      let game = await onA.gameAt(0);
      if (game.turn === matched.seat) {
        await onA.request({ type: 'move', gameId, column: 3, version: game.version });
      }
      // The computer answers on A.
      game = await onA.gameAt(matched.seat === 1 ? 2 : 1, 20_000);
      expect(game.turn).toBe(matched.seat);
      await servers[0].kill('SIGKILL');

      // On B: the human moves, and B (where the human now is) plays the computer's reply.
      const onB = await clients.connect(b!);
      await onB.request({ type: 'join', gameId, secret: seat, player: identity });
      const before = (await onB.gameAt(game.version)).version;
      expect((await onB.request({ type: 'move', gameId, column: 0, version: before })).type).toBe(
        'ack',
      );
      const answered = await onB.gameAt(before + 2, 20_000);
      expect(answered.moves).toHaveLength(before + 2);
      expect(answered.turn).toBe(matched.seat);

      expect((await onB.request({ type: 'resign', gameId })).type).toBe('ack');
      const page = await readPlayerPage(b!, me.id);
      expect(page.player.ratings).toEqual([
        expect.objectContaining({ pool: 'classic', games: 1, losses: 1 }),
      ]);
      expect(page.history['classic']).toHaveLength(1);
    }, 90_000);
  },
);
