import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { COMMANDS } from '../src/cli/commands/index.js';
import { loadCommand, type Command } from '../src/cli/command.js';
import { UsageError } from '../src/cli/command.js';
import { captureIo } from './helpers/capture-io.js';

const echo: Command = {
  name: 'echo',
  summary: 'prints its arguments',
  help: 'Usage: pad-lattice echo WORDS...',
  async run(args, io) {
    if (args.includes('--bad')) throw new UsageError('--bad is not an option');
    io.stdout.write(`${args.join(' ')}\n`);
    return 0;
  },
};

describe('pad-lattice main', () => {
  it('lists commands for --help and exits 0', async () => {
    const io = captureIo();
    expect(await runCli(['--help'], io.io, [echo])).toBe(0);
    expect(io.stdout()).toContain('echo  prints its arguments');
  });

  it('refuses an unknown command with exit 2', async () => {
    const io = captureIo();
    expect(await runCli(['nope'], io.io, [echo])).toBe(2);
    expect(io.stderr()).toContain('unknown command "nope"');
  });

  it('prints a command help for --help without running it', async () => {
    const io = captureIo();
    expect(await runCli(['echo', '--help'], io.io, [echo])).toBe(0);
    expect(io.stdout()).toBe('Usage: pad-lattice echo WORDS...\n');
  });

  it('leaves --help after -- to the command (it belongs to a child program)', async () => {
    const io = captureIo();
    expect(await runCli(['echo', '--', '--help'], io.io, [echo])).toBe(0);
    expect(io.stdout()).toBe('-- --help\n');
  });

  it('turns a usage error into exit 2 with a hint', async () => {
    const io = captureIo();
    expect(await runCli(['echo', '--bad'], io.io, [echo])).toBe(2);
    expect(io.stderr()).toContain("Run 'pad-lattice echo --help'");
  });
});

describe('every pad-lattice command', () => {
  it('is listed exactly once in the grouped help', async () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const io = captureIo();
    expect(await runCli(['--help'], io.io)).toBe(0);
    for (const name of names) expect(io.stdout()).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('loads, under each listed name, the command of that name', async () => {
    for (const entry of COMMANDS) expect((await loadCommand(entry)).name).toBe(entry.name);
  });

  it.each(COMMANDS.map((c) => [c.name]))('%s has --help text and exits 0 for it', async (name) => {
    const io = captureIo();
    expect(await runCli([name, '--help'], io.io)).toBe(0);
    expect(io.stdout()).toMatch(/usage/i);
    expect(io.stderr()).toBe('');
  });
});
