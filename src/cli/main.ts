import { UsageError, type CliIO } from './command.js';
import { commands as registry } from './commands.js';

const MOVES_NOTE = [
  'Moves are 1-based columns (1-9, then a b c for 10-12), e.g. 4453; a game string',
  'carries its variant: 7x7c5:4453. Variants are WxHcN, e.g. 7x6c4 (the default).',
  'PopOut and Five-in-a-Row: --game popout|five, or game strings popout:44p4 and five:55',
  '(p4 pops your disc from the bottom of column 4); rules in docs/family.md.',
];

const isHelp = (arg: string | undefined): boolean => arg === '--help' || arg === '-h';

/** One command's help: what it does and its usage, for `c4 solve --help` or `c4 help solve`. */
function commandHelp(command: { name: string; summary: string; usage: string }): string {
  return [
    `c4 ${command.name} — ${command.summary}`,
    '',
    `usage: ${command.usage}`,
    '',
    ...MOVES_NOTE,
  ].join('\n');
}

async function helpText(): Promise<string> {
  const commands = await Promise.all(registry.map((entry) => entry.load()));
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'c4 — Connect Four on any board',
    '',
    'usage: c4 <command> [options]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    ...commands.map((c) => `  ${c.usage}`),
    '',
    ...MOVES_NOTE,
  ].join('\n');
}

/** Runs one CLI invocation; exported so tests drive the CLI in-process. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' && args[0] !== undefined) return main([args[0], '--help'], io);
  if (name === undefined || name === 'help' || isHelp(name)) {
    io.out((await helpText()) + '\n');
    return name === undefined ? 2 : 0;
  }
  const entry = registry.find((c) => c.name === name);
  if (!entry) {
    io.err(
      `c4: unknown command ${JSON.stringify(name)} (try: ${registry.map((c) => c.name).join(', ')})\n`,
    );
    return 2;
  }
  const command = await entry.load();
  // Anywhere among the options, as a newcomer types it (`c4 solve --game five --help`).
  if (args.some(isHelp)) {
    io.out(commandHelp(command) + '\n');
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`c4 ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`c4 ${name}: internal error: ${message}\n`);
    return 1;
  }
}
