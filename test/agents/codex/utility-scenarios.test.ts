import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isPadLatticeHookCommand } from '../../../src/agents/codex/legacy-hooks.js';
import { defaultHooksPath } from '../../../src/agents/codex/legacy-hooks-file.js';
import { pl } from '../../cli/run.js';
import { cleanEnv } from '../shared/fake-agent.js';
import { FakeDaemon, cleanUpFakes, privateTempDir, tempSocketPath } from '../shared/fake-daemon.js';

const EVENTS = ['SessionStart', 'UserPromptSubmit', 'PermissionRequest', 'PostToolUse', 'Stop'];

afterEach(cleanUpFakes);

/** `pad-lattice ARGS` in process, with no inherited daemon socket or agent variables. */
const cli = (args: readonly string[], env: NodeJS.ProcessEnv = cleanEnv()) => pl(args, env);

describe('agent-adapters.md Part D', () => {
  it('scenario 35: hook-state is silent without a daemon and sends one state with one', async () => {
    const absent = await cli(['hook-state', 'running', '--socket', tempSocketPath()]);
    expect(absent).toEqual({ code: 0, stdout: '', stderr: '' });

    const daemon = await FakeDaemon.start();
    const sent = await cli(['hook-state', 'running', '--socket', daemon.socketPath]);
    expect(sent).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(daemon.messages()).toEqual([{ protocol: 1, type: 'state', state: 'running', agent: { backend: 'local', session_id: 'default' } }]);
  });

  it('scenario 36: legacy cleanup removes only Pad-Lattice handlers, and a second run changes nothing', async () => {
    const path = join(privateTempDir(), 'hooks.json');
    const group = () => ({
      hooks: [
        { type: 'command', command: 'pad-lattice codex-hook --socket /tmp/pad-lattice.sock --approval-timeout 60' },
        { type: 'command', command: 'existing-hook' },
      ],
    });
    writeFileSync(path, JSON.stringify({ description: 'Keep this metadata.', hooks: Object.fromEntries(EVENTS.map((e) => [e, [group()]])) }));
    const first = await cli(['uninstall-codex-hooks', '--path', path]);
    expect(first).toEqual({ code: 0, stdout: `Removed: ${path}\n`, stderr: '' });
    const cleaned = JSON.parse(readFileSync(path, 'utf8')) as { description: string; hooks: Record<string, { hooks: unknown[] }[]> };
    expect(cleaned.description).toBe('Keep this metadata.');
    for (const event of EVENTS) expect(cleaned.hooks[event]).toEqual([{ hooks: [{ type: 'command', command: 'existing-hook' }] }]);

    const before = readFileSync(path);
    const second = await cli(['uninstall-codex-hooks', '--path', path]);
    expect(second.stdout).toBe(`No Pad-Lattice hooks found: ${path}\n`);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('scenario 37: cleanup edge cases — emptied file, invalid JSON, missing file, command recognition', async () => {
    const dir = privateTempDir();
    const only = join(dir, 'only.json');
    writeFileSync(
      only,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'pad-lattice-hook --socket /tmp/pad-lattice.sock --approval-timeout 60' }] }] } }),
    );
    expect((await cli(['uninstall-codex-hooks', '--path', only])).code).toBe(0);
    expect(readFileSync(only, 'utf8')).toBe('{}\n');

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, 'not-json');
    const invalid = await cli(['uninstall-codex-hooks', '--path', broken]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('invalid JSON');
    expect(invalid.stderr.startsWith(`pad-lattice: ${broken}: invalid JSON: `)).toBe(true);

    const missing = join(dir, 'missing.json');
    const none = await cli(['uninstall-codex-hooks', '--path', missing]);
    expect(none).toEqual({ code: 0, stdout: `No Pad-Lattice hooks found: ${missing}\n`, stderr: '' });
    expect(existsSync(missing)).toBe(false);

    for (const command of ['/x/pad-lattice-hook --socket s', 'pad-lattice.exe codex-hook --socket s']) expect(isPadLatticeHookCommand(command)).toBe(true);
    for (const command of ['pad-lattice status', 'env X=1 pad-lattice-hook', "'unbalanced"]) expect(isPadLatticeHookCommand(command)).toBe(false);
  });

  it('uninstall-codex-hooks finds the file through CODEX_HOME or HOME, never the real ~/.codex', () => {
    expect(defaultHooksPath({ HOME: '/home/dev', CODEX_HOME: '~/codex-home' })).toBe('/home/dev/codex-home/hooks.json');
    expect(defaultHooksPath({ HOME: '/home/dev', CODEX_HOME: '' })).toBe('/home/dev/.codex/hooks.json');
  });

  it('uninstall-codex-hooks refuses a top-level value that is not an object', async () => {
    const path = join(privateTempDir(), 'array.json');
    writeFileSync(path, '[]');
    const run = await cli(['uninstall-codex-hooks', '--path', path]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `pad-lattice: ${path}: top-level value must be a JSON object\n` });
  });
});
