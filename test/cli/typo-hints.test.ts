import { describe, expect, it } from 'vitest';
import { pl } from './run.js';

describe('typos get a suggestion', () => {
  it('names the command a mistyped one most likely meant, exit 2', async () => {
    const { code, stderr } = await pl(['staus']);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "staus" (did you mean status?)');
  });

  it('suggests nothing for a word far from every command', async () => {
    const { code, stderr } = await pl(['xyzzy']);
    expect(code).toBe(2);
    expect(stderr).not.toContain('did you mean');
  });

  it('names the option a mistyped one most likely meant, before any socket is tried', async () => {
    const { code, stderr } = await pl(['status', '--jsno', '--socket', '/nonexistent/pad.sock']);
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--jsno' (did you mean --json?)");
  });

  it('names the profile subcommand a mistyped one most likely meant', async () => {
    const { code, stderr } = await pl(['profile', 'lst']);
    expect(code).toBe(2);
    expect(stderr).toContain('(did you mean list?)');
  });

  it("'help status' prints status's own help, exit 0", async () => {
    const viaHelp = await pl(['help', 'status']);
    const viaFlag = await pl(['status', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: pad-lattice status/);
  });

  it("'help staus' answers like the mistyped command, with the suggestion", async () => {
    const { code, stderr } = await pl(['help', 'staus']);
    expect(code).toBe(2);
    expect(stderr).toContain('did you mean status?');
  });
});
