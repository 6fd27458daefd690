import { CLASSIC, familyPerft, perft as countPositions } from '../core/index.js';
import { gameOption, rulesetFromFlags } from './family.js';
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
  usage: 'c4 perft <depth> [--variant WxHcN] [--game classic|popout|five]',
  run(args, io) {
    const { values, positionals } = parseCommandArgs('perft', args, {
      ...variantOption,
      ...gameOption,
    });
    const [depthText, ...rest] = positionals;
    if (depthText === undefined || rest.length > 0)
      throw new UsageError(`perft: usage: ${perft.usage}`);
    const ruleset =
      values.game === undefined
        ? undefined
        : rulesetFromFlags('perft', values.game, values.variant);
    const variant = ruleset?.variant ?? variantFromFlag('perft', values.variant, CLASSIC);
    const depth = Number(depthText);
    const maxDepth = variant.width * variant.height;
    if (!/^\d+$/.test(depthText) || depth > maxDepth) {
      throw new UsageError(
        `perft: depth must be a whole number from 0 to ${maxDepth}, got ${JSON.stringify(depthText)}`,
      );
    }
    if (ruleset) {
      // Every family member, the classic game included: distinct positions, then move sequences.
      const { positions, paths } = familyPerft(ruleset, depth);
      positions.forEach((count, ply) => {
        io.out(`${ply} ${count} ${paths[ply]}\n`);
      });
      return Promise.resolve(0);
    }
    countPositions(variant, depth).forEach((count, ply) => {
      io.out(`${ply} ${count}\n`);
    });
    return Promise.resolve(0);
  },
};
