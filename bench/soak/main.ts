/**
 * `npm run soak -- [--minutes N] [--json]`: runs the daemon under mixed load
 * (agents with leases coming and going, presses through a `file:` FIFO, a
 * browser tab, a profile being edited, the controller vanishing and
 * returning) and checks it keeps its promises. Progress goes to stderr; the
 * report (text, or one JSON object with --json) to stdout. Exit 0 when it
 * passed, 1 when a promise broke, 2 on a usage error.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { formatProgress, formatReport, reportJson } from './report.js';
import { runSoak } from './run-soak.js';

const HELP = `Usage: npm run soak -- [--minutes N] [--json]

Runs the Pad-Lattice daemon for N minutes (default 30; fractions allowed) under
mixed load and samples its memory (RSS) and open file descriptors. It passes
when, after warm-up, neither grows, every state_ack comes back, and every
press of approve gives exactly one action.

  --minutes N   how long to run (default 30)
  --json        print the report as one JSON object
  -h, --help
`;

async function main(argv: readonly string[]): Promise<number> {
  let values: { minutes?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { minutes: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).message}\n${HELP}`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(HELP);
    return 0;
  }
  const minutes = values.minutes === undefined ? 30 : Number(values.minutes);
  if (!(minutes > 0)) {
    process.stderr.write(`soak: --minutes must be a positive number, got ${JSON.stringify(values.minutes)}\n`);
    return 2;
  }
  const report = await runSoak(minutes, (progress) => process.stderr.write(`${formatProgress(progress)}\n`));
  process.stdout.write(values.json === true ? `${JSON.stringify(reportJson(report))}\n` : formatReport(report));
  return report.problems.length === 0 ? 0 : 1;
}

// The browser tab uses Node's own WebSocket, behind a flag on Node 20: run again with it.
if (typeof globalThis.WebSocket === 'undefined') {
  const again = spawnSync(process.execPath, ['--experimental-websocket', '--disable-warning=ExperimentalWarning', ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exitCode = again.status ?? 1;
} else {
  process.exitCode = await main(process.argv.slice(2));
}
