import { describe, expect, it } from 'vitest';
import { ProtocolErrorCode } from '../../src/protocol/index.js';
import { GAME_REFUSAL_CODES, refusalText } from '../../src/web/online/refusals.js';

describe('online refusals', () => {
  it('names every code a game command can be refused with, in words a player acts on', () => {
    const raw = 'RAW-SERVER-TEXT';
    for (const code of GAME_REFUSAL_CODES) {
      for (const command of ['move', 'resign', 'rematch', 'join'] as const) {
        const text = refusalText(command, { code, message: raw });
        expect(text, code).toMatch(/^[A-Z].*[.!]$/);
        // The page's own sentence, not the server's diagnostic.
        expect(text, code).not.toContain(raw);
        expect(text, code).not.toContain(code);
      }
    }
  });

  it('covers every protocol code the game commands can answer with', () => {
    const gameCodes = [
      ProtocolErrorCode.NotYourTurn,
      ProtocolErrorCode.StaleVersion,
      ProtocolErrorCode.IllegalMove,
      ProtocolErrorCode.GameOver,
      ProtocolErrorCode.GameNotStarted,
      ProtocolErrorCode.GameNotOver,
      ProtocolErrorCode.NotASeat,
      ProtocolErrorCode.NotJoined,
      ProtocolErrorCode.RateLimited,
      ProtocolErrorCode.Conflict,
      ProtocolErrorCode.NotFound,
      ProtocolErrorCode.ShuttingDown,
      ProtocolErrorCode.Internal,
    ];
    for (const code of gameCodes) expect(GAME_REFUSAL_CODES).toContain(code);
  });

  it('says which command failed, and what the server alone knows', () => {
    const table: [Parameters<typeof refusalText>, string][] = [
      [
        ['move', { code: 'illegal_move', message: 'column 1 is full' }],
        'That column is full: choose another.',
      ],
      [['move', { code: 'not_your_turn', message: '' }], 'Wait for your opponent to move.'],
      [
        ['move', { code: 'rate_limited', message: 'slow down' }],
        'Your move was not played: too many requests. Slow down a little and try again.',
      ],
      [
        ['resign', { code: 'conflict', message: 'busy' }],
        'Your resignation did not go through: the server was busy with this game. Try again.',
      ],
      [
        ['rematch', { code: 'game_not_over', message: '' }],
        'A rematch can be offered once this game is over.',
      ],
      [
        ['move', { code: 'game_over', message: 'your clock has run out' }],
        'Your move was not played: your clock has run out.',
      ],
      [['resign', { code: 'game_over', message: 'the game is over' }], 'The game is over.'],
      [
        ['move', { code: 'some_new_code', message: 'a reason from the future' }],
        'Your move was not played: a reason from the future.',
      ],
    ];
    for (const [args, text] of table) expect(refusalText(...args)).toBe(text);
  });
});
