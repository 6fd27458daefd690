import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  movesOf,
  socketProtocolVersion,
  versionedSocketUrl,
} from '../../src/protocol/index.js';

describe('the protocol version on connect', () => {
  it.each([
    ['/ws', `/ws?v=${PROTOCOL_VERSION}`],
    ['wss://host/ws', `wss://host/ws?v=${PROTOCOL_VERSION}`],
    ['ws://host/ws?x=1', `ws://host/ws?x=1&v=${PROTOCOL_VERSION}`],
    ['ws://host/ws#frag', `ws://host/ws?v=${PROTOCOL_VERSION}`],
  ])('%s becomes %s, and the server reads the version back', (url, versioned) => {
    expect(versionedSocketUrl(url)).toBe(versioned);
    expect(socketProtocolVersion(versioned)).toBe(PROTOCOL_VERSION);
  });

  it.each([
    ['/ws', null],
    ['/ws?', null],
    ['/ws?v=', null],
    ['/ws?v=2', 2],
    ['/ws?v=3&v=3', null],
    ['/ws?v=three', null],
    ['/ws?v=1e3', null],
    ['/ws?vv=3', null],
    ['/ws?x=1&v=7', 7],
  ])('%s names version %s', (url, version) => {
    expect(socketProtocolVersion(url)).toBe(version);
  });
});

describe('moves with their kinds', () => {
  it('reads a snapshot’s moves and pops as the rules core’s moves', () => {
    expect(movesOf({ moves: [3, 4, 3], pops: [2] })).toEqual([
      { kind: 'drop', column: 3 },
      { kind: 'drop', column: 4 },
      { kind: 'pop', column: 3 },
    ]);
  });
});
