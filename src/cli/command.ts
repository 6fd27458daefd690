import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseVariant, type Variant } from '../core/index.js';

/** What a command may touch: injected so tests run commands in-process. */
export interface CliIO {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdinIsTTY: boolean;
  out(text: string): void;
  err(text: string): void;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  /** Returns the exit code. Throws UsageError for bad input (one line on stderr, exit 2). */
  run(args: readonly string[], io: CliIO): Promise<number>;
}

/** Bad input from the person at the terminal: reported as one line, exit code 2, no stack. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, with its errors turned into UsageErrors that name the command. */
export function parseCommandArgs<O extends Options>(
  command: string,
  args: readonly string[],
  options: O,
  allowPositionals = true,
): ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: boolean; strict: true }>
> {
  try {
    return parseArgs({ args: [...args], options, allowPositionals, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new UsageError(`${command}: ${message}`);
  }
}

export const variantOption = { variant: { type: 'string', short: 'v' } } as const;

export function variantFromFlag(
  command: string,
  flag: string | undefined,
  fallback: Variant,
): Variant {
  if (flag === undefined) return fallback;
  const parsed = parseVariant(flag);
  if (!parsed.ok) throw new UsageError(`${command}: --variant: ${parsed.error.message}`);
  return parsed.value;
}

/** A whole-number option within [min, max], or its fallback when absent; a UsageError otherwise. */
export function wholeFromFlag(
  command: string,
  name: string,
  flag: string | undefined,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (flag === undefined) return fallback;
  if (!/^\d+$/.test(flag) || Number(flag) < min || Number(flag) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`${command}: --${name} must be a whole number ${range}, got ${flag}`);
  }
  return Number(flag);
}
