/**
 * `npm run bench`: the same suites as `pad-lattice bench`, whose library lives
 * in src/bench so the CLI can run it without reaching up into this folder.
 */
import { benchCommand } from '../src/cli/commands/bench.js';
import { runCli } from '../src/cli/main.js';

const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
process.exitCode = await runCli([benchCommand.name, ...process.argv.slice(2)], io, [benchCommand]);
