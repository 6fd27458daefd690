import { CLASSIC, perft as countPositions } from '../core/index.js';
import {
  parseCommandArgs,
  UsageError,
  variantFromFlag,
  variantOption,
  type Command,
} from './command.js';

export const perft: Command = {
  name: 'perft',
  summary: 'count the distinct positions reachable at each ply (OEIS A212693 on 7x6)',
  usage: 'c4 perft <depth> [--variant WxHcN]',
  run(args, io) {
    const { values, positionals } = parseCommandArgs('perft', args, variantOption);
    const [depthText, ...rest] = positionals;
    if (depthText === undefined || rest.length > 0)
      throw new UsageError(`perft: usage: ${perft.usage}`);
    const variant = variantFromFlag('perft', values.variant, CLASSIC);
    const depth = Number(depthText);
    const maxDepth = variant.width * variant.height;
    if (!/^\d+$/.test(depthText) || depth > maxDepth) {
      throw new UsageError(
        `perft: depth must be a whole number from 0 to ${maxDepth}, got ${JSON.stringify(depthText)}`,
      );
    }
    countPositions(variant, depth).forEach((count, ply) => {
      io.out(`${ply} ${count}\n`);
    });
    return Promise.resolve(0);
  },
};
