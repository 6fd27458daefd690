// The registry of `c4` commands: one line each.
import type { Command } from './command.js';
import { perft } from './perft.js';
import { play } from './play.js';
import { show } from './show.js';

export const commands: readonly Command[] = [show, perft, play];
