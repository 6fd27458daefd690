/**
 * One load-generator process of the human-paced server benchmark (`--clients N`): drives its
 * share of the games (scripts/bench/bench-server-paced.ts `startDriver`) as the parent says over
 * IPC — start, open and close the measured window, finish — and sends back what it measured.
 */
import { startDriver, type Driver, type DriverOptions } from './bench-server-paced.js';

type Command =
  | { readonly kind: 'start'; readonly options: DriverOptions }
  | { readonly kind: 'open' | 'close' | 'finish' };

let driver: Driver | undefined;
process.on('message', (m: Command) => {
  switch (m.kind) {
    case 'start':
      driver = startDriver(m.options);
      return;
    case 'open':
      driver?.openWindow();
      return;
    case 'close':
      driver?.closeWindow();
      return;
    case 'finish':
      void driver?.finish().then((result) => {
        process.send?.(result, () => {
          process.exit(0);
        });
      });
      return;
  }
});
