import { Readable } from 'node:stream';
import { main } from '../../src/cli/main.js';

/** Runs one `c4` invocation in-process with the given stdin, capturing its output and exit code. */
export async function runCli(
  args: string[],
  stdin = '',
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    stdin: Readable.from([stdin]),
    stdinIsTTY: false,
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}
