import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/protocol/index.js';
import { OnlineClient } from '../../src/web/online/client.js';
import { sampleTournament } from '../support/tournament-fixture.js';
import { FakeSocket, SAMPLE_GAME } from './online-fixtures.js';

function connected(): { client: OnlineClient; sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  const client = new OnlineClient({
    url: 'ws://test/ws',
    socket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  return { client, sockets };
}

const GAME = SAMPLE_GAME;

describe('online client: what the server sends', () => {
  it('stops for good on another protocol version and answers waiting calls with incompatible', async () => {
    const { client, sockets } = connected();
    const statuses: string[] = [];
    client.on('status', (s) => statuses.push(s));
    const join = client.join('abcdefgh', undefined, true);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'hello', protocol: PROTOCOL_VERSION + 1, serverNow: 1 });
    expect(client.status).toBe('incompatible');
    expect(client.serverProtocol).toBe(PROTOCOL_VERSION + 1);
    expect(statuses.at(-1)).toBe('incompatible');
    expect(sockets[0]!.closed).toBe(true);
    expect(await join).toMatchObject({ type: 'error', code: 'incompatible' });
    // No reconnect into the same mismatch.
    expect(sockets).toHaveLength(1);
  });

  it('keeps going on the same version', () => {
    const { client, sockets } = connected();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'hello', protocol: PROTOCOL_VERSION, serverNow: 1 });
    expect(client.status).toBe('open');
    client.close();
  });

  it('drops frames that break the schemas, reporting them, and ignores unknown types', async () => {
    const { client, sockets } = connected();
    const socket = sockets[0]!;
    const errors: string[] = [];
    client.on('error', (e) => errors.push(e.code));
    const join = client.join('abcdefgh', undefined, true);
    socket.open();
    const request = socket.sent.find((m) => m['type'] === 'join')!;
    socket.receive({ type: 'joined', id: request['id'], gameId: 'abcdefgh', seat: null });
    socket.receive({ type: 'game', game: GAME, comesLater: true });
    expect(await join).toMatchObject({ type: 'joined' });
    expect(client.game).toEqual(GAME);
    socket.receive('{not json');
    socket.receive({ type: 'game', game: { id: 'abcdefgh', version: 'three' } });
    socket.receive({ type: 'fromTheFuture', anything: 1 });
    expect(errors).toEqual(['bad_server_message', 'bad_server_message']);
    expect(client.game).toEqual(GAME);
    client.close();
  });

  it('sends the casual choice with a seek, and again when it rejoins the queue', () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { client, sockets } = connected();
    sockets[0]!.open();
    void client.seek('7x6c4', null, 'seat-secret-0123456789abcdef', {
      computer: 'now',
      rated: false,
    });
    expect(sockets[0]!.sent.find((m) => m['type'] === 'seek')).toMatchObject({
      computer: 'now',
      rated: false,
    });
    // The connection drops before `matched`: the same seek, casual still, goes out again.
    sockets[0]!.onclose?.({});
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent.find((m) => m['type'] === 'seek')).toMatchObject({ rated: false });
    client.close();
  });

  it('watches a tournament again after a reconnect, and hands its snapshots and pairings on', async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { client, sockets } = connected();
    sockets[0]!.open();
    const seen: string[] = [];
    client.on('tournament', (t) => seen.push(`${t.id}:${String(t.players)}`));
    client.on('tournamentPairing', (p) => seen.push(`pairing ${p.gameId}`));
    const reply = client.watchTournament('tourney01');
    const watch = sockets[0]!.sent.find((m) => m['type'] === 'tournamentWatch')!;
    const tournament = sampleTournament({ players: 1, private: true });
    sockets[0]!.receive({ type: 'tournament', id: watch['id'], tournament });
    expect(await reply).toMatchObject({ type: 'tournament' });
    // A later push (no id), and another tournament's (not watched: ignored).
    sockets[0]!.receive({ type: 'tournament', tournament: { ...tournament, players: 2 } });
    sockets[0]!.receive({ type: 'tournament', tournament: { ...tournament, id: 'other0001' } });
    sockets[0]!.receive({
      type: 'tournamentPairing',
      tournamentId: 'tourney01',
      gameId: 'game00001',
      seat: 1,
      opponent: { playerId: 'bob00001', name: 'Bob', rating: 1500 },
      round: null,
    });
    expect(seen).toEqual(['tourney01:1', 'tourney01:2', 'pairing game00001']);
    sockets[0]!.onclose?.({});
    vi.advanceTimersByTime(5_000);
    sockets[1]!.open();
    expect(sockets[1]!.sent.find((m) => m['type'] === 'tournamentWatch')).toMatchObject({
      tournamentId: 'tourney01',
    });
    client.close();
  });

  it('joins its tournaments again after a reconnect (presence and pairings), not once withdrawn', async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { client, sockets } = connected();
    sockets[0]!.open();
    const join = {
      type: 'tournamentJoin',
      tournamentId: 'tourney01',
      player: 'identity-secret-0123456789',
      secret: 'seat-secret-0123456789abcdef',
    } as const;
    const joined = client.tournamentRequest(join);
    const sent = sockets[0]!.sent.find((m) => m['type'] === 'tournamentJoin')!;
    sockets[0]!.receive({ type: 'tournamentJoined', id: sent['id'], tournamentId: 'tourney01' });
    expect(await joined).toMatchObject({ type: 'tournamentJoined' });
    sockets[0]!.onclose?.({});
    vi.advanceTimersByTime(5_000);
    sockets[1]!.open();
    const again = sockets[1]!.sent.find((m) => m['type'] === 'tournamentJoin')!;
    expect(again).toMatchObject({ tournamentId: 'tourney01', secret: join.secret });
    sockets[1]!.receive({
      type: 'tournamentJoined',
      id: again['id'],
      tournamentId: 'tourney01',
      again: true,
    });

    const withdraw = client.tournamentRequest({
      type: 'tournamentWithdraw',
      tournamentId: 'tourney01',
      player: join.player,
    });
    const out = sockets[1]!.sent.find((m) => m['type'] === 'tournamentWithdraw')!;
    sockets[1]!.receive({ type: 'tournamentWithdrawn', id: out['id'], tournamentId: 'tourney01' });
    await withdraw;
    sockets[1]!.onclose?.({});
    vi.advanceTimersByTime(5_000);
    sockets[2]!.open();
    expect(sockets[2]!.sent.some((m) => m['type'] === 'tournamentJoin')).toBe(false);
    client.close();
  });
});
