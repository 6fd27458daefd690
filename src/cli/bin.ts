#!/usr/bin/env node
import type { CliIO } from './command.js';
import { main } from './main.js';

// `c4 perft 12 | head` closes our stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const io: CliIO = {
  stdin: process.stdin,
  stdinIsTTY: process.stdin.isTTY,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
process.exitCode = await main(process.argv.slice(2), io);
