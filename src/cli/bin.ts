#!/usr/bin/env node
import type { CliIO } from './command.js';
import { main } from './main.js';

const io: CliIO = {
  stdin: process.stdin,
  stdinIsTTY: process.stdin.isTTY,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
process.exitCode = await main(process.argv.slice(2), io);
