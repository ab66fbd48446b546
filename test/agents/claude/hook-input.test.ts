import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseHookInput } from '../../../src/agents/claude/hook-input.js';
import { planFor } from '../../../src/agents/claude/event-plan.js';
import { runCli } from '../../../src/cli/main.js';
import type { CliIo } from '../../../src/cli/command.js';
import { FakeDaemon, cleanUpFakes, privateTempDir } from '../shared/fake-daemon.js';
import { runHook } from './hook-runner.js';

let daemon: FakeDaemon;
let socket: string;
let runtimeDir: string;

beforeEach(async () => {
  runtimeDir = privateTempDir('pl-claude-rt-');
  socket = join(privateTempDir('pl-claude-sock-'), 'daemon.sock');
  daemon = await FakeDaemon.start(socket);
});

afterEach(cleanUpFakes);

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('Claude hook input', () => {
  it('keeps only non-empty string members and tolerates everything else', () => {
    const input = parseHookInput(
      bytes(JSON.stringify({ session_id: 's', hook_event_name: 'SessionStart', cwd: '', model: 7, source: 'startup', extra: { deep: true } })),
    );
    expect(input).toEqual({
      sessionId: 's',
      eventName: 'SessionStart',
      cwd: null,
      model: null,
      source: 'startup',
      toolName: null,
      notificationType: null,
      permissionMode: null,
      toolUseId: null,
      toolInput: undefined,
      mcpServerName: null,
      message: null,
      elicitationMode: null,
      requestedSchema: undefined,
      reason: null,
    });
    expect(parseHookInput(bytes('{"session_id":"s","tool_input":null}'))?.toolInput).toBeNull();
  });

  it('rejects what is not a hook input', () => {
    for (const text of ['not-json', '[1]', '', '42', 'null', '{"session_id":""}', '{"session_id":42}', '{"session_id":null}', '{"hook_event_name":"Stop"}']) {
      expect(parseHookInput(bytes(text)), text).toBeNull();
    }
    expect(parseHookInput(Uint8Array.from([0x7b, 0xff, 0x7d]))).toBeNull();
  });

  it('bad input and missing identities make no connection and print nothing', async () => {
    const inputs: (string | Uint8Array)[] = [
      'not-json',
      '[1]',
      '',
      Uint8Array.from([0xc3, 0x28]),
      '{"hook_event_name":"Stop","session_id":42}',
      '{"hook_event_name":"Stop"}',
    ];
    for (const input of inputs) {
      const run = await runHook(input, { args: ['--socket', socket], env: { XDG_RUNTIME_DIR: runtimeDir } });
      expect(run).toMatchObject({ code: 0, stdout: '', stderr: '', stdinConsumed: true });
    }
    expect(daemon.connections).toEqual([]);
  });

  it('PAD_LATTICE_SOCKET wins over --socket; an empty one counts as unset', async () => {
    const other = join(privateTempDir('pl-claude-sock-'), 'other.sock');
    const second = await FakeDaemon.start(other);
    try {
      const stop = { session_id: 'abc123', hook_event_name: 'Stop' };
      await runHook(stop, { args: ['--socket', socket], env: { XDG_RUNTIME_DIR: runtimeDir, PAD_LATTICE_SOCKET: other } });
      expect(second.messages()).toHaveLength(1);
      expect(daemon.messages()).toHaveLength(0);
      await runHook(stop, { args: ['--socket', socket], env: { XDG_RUNTIME_DIR: runtimeDir, PAD_LATTICE_SOCKET: '' } });
      expect(daemon.messages()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('the plan table of §B.3 for permission requests and notifications', () => {
    const plan = (fields: object) =>
      planFor({
        sessionId: 's',
        eventName: null,
        cwd: null,
        model: null,
        source: null,
        toolName: null,
        notificationType: null,
        permissionMode: null,
        toolUseId: null,
        toolInput: undefined,
        mcpServerName: null,
        message: null,
        elicitationMode: null,
        requestedSchema: undefined,
        reason: null,
        ...fields,
      });
    expect(plan({ eventName: 'PermissionRequest', toolName: 'Bash' })).toEqual({ kind: 'approval' });
    expect(plan({ eventName: 'PermissionRequest' })).toEqual({ kind: 'approval' });
    expect(plan({ eventName: 'PermissionRequest', toolName: 'ExitPlanMode' })).toEqual({ kind: 'state', state: 'waiting_for_reply', cancel: 'none' });
    expect(plan({ eventName: 'PostToolUse' })).toEqual({ kind: 'state', state: 'running', cancel: 'same_tool_call' });
    expect(plan({ eventName: 'Notification', notificationType: 'elicitation_dialog' })).toEqual({ kind: 'state', state: 'waiting_for_reply', cancel: 'none' });
    expect(plan({ eventName: 'Notification', notificationType: 'idle_prompt' })).toEqual({ kind: 'state', state: 'waiting_for_reply', cancel: 'session' });
    expect(plan({ eventName: 'SessionStart' })).toEqual({ kind: 'state', state: 'waiting_for_reply', cancel: 'session' });
    expect(plan({ eventName: 'SessionStart', source: 'fork' })).toEqual({ kind: 'state', state: 'waiting_for_reply', cancel: 'session' });
    // The extensions: a question's and an approval's "needs your permission" are told apart later, from the session's waiters.
    expect(plan({ eventName: 'Notification', notificationType: 'permission_prompt' })).toEqual({ kind: 'permission_prompt' });
    expect(plan({ eventName: 'PreToolUse', toolName: 'AskUserQuestion' })).toEqual({ kind: 'pre_question' });
    expect(plan({ eventName: 'PreToolUse', toolName: 'Bash' })).toEqual({ kind: 'pre_tool_use' });
    expect(plan({ eventName: 'PermissionDenied', toolName: 'Bash' })).toEqual({ kind: 'denied' });
    expect(plan({ eventName: 'Elicitation' })).toEqual({ kind: 'elicitation' });
  });
});

describe('pad-lattice claude / claude-hook commands', () => {
  function io(stdin = ''): { io: CliIo; out: () => string; err: () => string } {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out: string[] = [];
    const err: string[] = [];
    stdout.on('data', (c: Buffer) => out.push(c.toString()));
    stderr.on('data', (c: Buffer) => err.push(c.toString()));
    return { io: { stdin: Readable.from([stdin]), stdout, stderr, env: { XDG_RUNTIME_DIR: runtimeDir } }, out: () => out.join(''), err: () => err.join('') };
  }

  it('claude-hook is registered; a bad option exits 1, not the CLI-wide 2', async () => {
    const bad = io();
    expect(await runCli(['claude-hook', '--approval-timeout=-3'], bad.io)).toBe(1);
    expect(bad.err()).toBe('pad-lattice claude-hook: approval_timeout must be positive\n');
    expect(bad.out()).toBe('');
    const ok = io(JSON.stringify({ session_id: 'abc123', hook_event_name: 'Stop' }));
    expect(await runCli(['claude-hook', '--socket', socket], ok.io)).toBe(0);
    expect(daemon.messages()).toEqual([{ protocol: 1, type: 'state', state: 'success', agent: { backend: 'claude', session_id: 'abc123' } }]);
  });

  it('claude is registered and refuses a bad label with exit 2 before anything starts', async () => {
    const bad = io();
    expect(await runCli(['claude', '--socket', socket, '--label', ' \t '], bad.io)).toBe(2);
    expect(bad.err()).toBe('pad-lattice: session label must not be empty\n');
    expect(daemon.connections).toEqual([]);
    const help = io();
    expect(await runCli(['claude', '--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/^Usage: pad-lattice claude/);
  });
});
