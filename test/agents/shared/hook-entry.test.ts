import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/main.js';
import { captureIo } from '../../helpers/capture-io.js';
import { runCodexHook } from '../codex/hook-runner.js';
import { cleanEnv } from './fake-agent.js';
import { FakeDaemon, cleanUpFakes, privateTempDir } from './fake-daemon.js';

afterEach(cleanUpFakes);

describe('hook usage errors exit 1, never 2 (agent-adapters.md §1.1)', () => {
  it('codex-hook refuses a non-positive timeout and unknown options with exit 1 and empty stdout', async () => {
    for (const args of [
      ['codex-hook', '--approval-timeout', '0'],
      ['codex-hook', '--bogus'],
    ]) {
      const io = captureIo('{}', cleanEnv());
      expect(await runCli(args, io.io)).toBe(1);
      expect(io.stdout()).toBe('');
      expect(io.stderr()).not.toBe('');
    }
  });

  it('pad-lattice-hook requires --socket and a known --agent', async () => {
    const missing = await runCodexHook('{}', { args: [], env: cleanEnv(), lightEntry: true });
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('--socket is required');
    const unknown = await runCodexHook('{}', { args: ['--agent', 'cursor', '--socket', '/x'], env: cleanEnv(), lightEntry: true });
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('--agent must be codex, claude, gemini or copilot, got "cursor"');
  });

  it('pad-lattice-hook --agent claude hands over to the Claude hook (no daemon: drained, silent, exit 0)', async () => {
    const daemon = await FakeDaemon.start();
    const absent = join(privateTempDir(), 'none.sock');
    const run = await runCodexHook(
      { hook_event_name: 'Stop', session_id: 'abc123' },
      { args: ['--agent', 'claude', '--socket', absent], env: cleanEnv(), lightEntry: true },
    );
    expect(run).toMatchObject({ code: 0, stdout: '', stdinConsumed: true });
    expect(daemon.connections).toHaveLength(0);
  });

  it('codex-hook is registered in the CLI and reports through it', async () => {
    const daemon = await FakeDaemon.start();
    const io = captureIo(JSON.stringify({ hook_event_name: 'Stop', session_id: 'cli-1' }), cleanEnv());
    expect(await runCli(['codex-hook', '--socket', daemon.socketPath], io.io)).toBe(0);
    expect(daemon.ofType('state')).toEqual([{ protocol: 1, type: 'state', state: 'success', agent: { backend: 'codex', session_id: 'cli-1' } }]);
  });
});
