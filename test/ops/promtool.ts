import { execFileSync } from 'node:child_process';

/** Why promtool (Debian's prometheus package) cannot run here, or undefined when it can. */
export function promtoolMissing(): string | undefined {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'promtool is not installed (apt-get install prometheus)';
  }
}
