import { EventEmitter } from 'node:events';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCopilotHookProcess } from '../../../src/agents/copilot/hook-entry.js';
import { ACP_CONFLICT, runCopilotLauncher } from '../../../src/agents/copilot/launcher.js';
import { REJECT_MESSAGE } from '../../../src/agents/shared/permission-decision.js';
import { captureIo } from '../../helpers/capture-io.js';
import { FakeDaemon, cleanUpFakes, deadSocketPath, privateTempDir, stateAck, statusWith, until } from '../shared/fake-daemon.js';
import { STAND_IN_HOOK } from '../shared/fake-agent.js';
import { runHookInProcess, type HookRun } from '../shared/hook-run.js';

/* What the Copilot hook makes of the inputs Copilot CLI 1.0.102 really sent (test/fixtures/agents/copilot/hook-inputs). */

const DIR = fileURLToPath(new URL('../../fixtures/agents/copilot/hook-inputs/', import.meta.url));
const RECORDER = fileURLToPath(new URL('../../fixtures/agents/recording-agent.mjs', import.meta.url));
const IDENTITY = { backend: 'copilot', session_id: 'ef8f8d5e-6741-43a0-a627-d92134fcd0e4' };
const PLACEHOLDER = 'starting-0123456789abcdef0123456789abcdef';

function captured(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as Record<string, unknown>;
}

let daemon: FakeDaemon;
let env: NodeJS.ProcessEnv;
let stopSignals: EventEmitter;

function runHook(event: string, socket = daemon.socketPath, timeout = '30'): Promise<HookRun> {
  return runHookInProcess(captured(event), { ...env, PAD_LATTICE_COPILOT_EVENT: event }, (io) =>
    runCopilotHookProcess(['--agent', 'copilot', '--socket', socket, '--approval-timeout', timeout], io, {
      socketRequired: true,
      precheck: true,
      commandName: 'pad-lattice-hook',
      stopSignals,
    }),
  );
}

async function subscription() {
  await until(() => daemon.connectionsOf('subscribe_actions').length > 0, 'the pad subscription');
  return daemon.connectionsOf('subscribe_actions')[0]!;
}

beforeEach(async () => {
  daemon = await FakeDaemon.start(join(privateTempDir('pl-copilot-sock-'), 'daemon.sock'));
  env = { PAD_LATTICE_LEASE_ID: 'lease-1', PAD_LATTICE_PLACEHOLDER_SESSION_ID: PLACEHOLDER, PAD_LATTICE_COPILOT_GATE: '1' };
  stopSignals = new EventEmitter();
});

afterEach(cleanUpFakes);

describe('Copilot CLI 1.0.102 hook inputs, as captured', () => {
  it('every captured event is covered here', () => {
    expect(
      readdirSync(DIR)
        .filter((name) => name.endsWith('.json'))
        .sort(),
    ).toEqual(
      ['agentStop', 'notification', 'permissionRequest', 'postToolUse', 'preToolUse', 'sessionEnd', 'sessionStart', 'userPromptSubmitted'].map(
        (n) => `${n}.json`,
      ),
    );
  });

  /** The pad answers `status` listing `listed`. */
  const answerStatus = (...listed: Record<string, unknown>[]) => {
    daemon.handler = (message, connection) => {
      if (message['type'] === 'status') connection.send(statusWith(...listed));
    };
  };

  it('sessionStart ends the launcher’s placeholder first, then reports the real session with the lease id', async () => {
    answerStatus();
    expect(await runHook('sessionStart')).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.messages()).toEqual([
      { protocol: 1, type: 'session_end', agent: { backend: 'copilot', session_id: PLACEHOLDER } },
      { protocol: 1, type: 'status' },
      expect.objectContaining({ type: 'state', state: 'waiting_for_reply', lease_id: 'lease-1', agent: { ...IDENTITY, cwd: '/home/dev/project' } }),
    ]);
  });

  it('a sessionStart that arrives after the session’s later hooks (Copilot does not wait for it) leaves their newer state alone', async () => {
    answerStatus({ ...stateAck('copilot', IDENTITY.session_id, { scene: 1, accent: 'cyan', label: 'copilot', state: 'waiting_for_approval' }), metadata: {} });
    expect(await runHook('sessionStart')).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.ofType('status')).toHaveLength(1);
    expect(daemon.ofType('state')).toEqual([]);
  });

  it('every hook that reports the session ends the placeholder first, so the first to arrive takes over its Scene', async () => {
    await runHook('userPromptSubmitted');
    expect(daemon.messages().map((message) => message['type'])).toEqual(['session_end', 'state']);
    expect(daemon.ofType('session_end')).toEqual([{ protocol: 1, type: 'session_end', agent: { backend: 'copilot', session_id: PLACEHOLDER } }]);
  });

  it.each([
    ['userPromptSubmitted', 'running'],
    ['notification', 'waiting_for_approval'],
    ['postToolUse', 'running'],
    ['agentStop', 'success'],
  ])('%s reports %s and prints nothing', async (event, state) => {
    expect(await runHook(event)).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.ofType('state')).toEqual([expect.objectContaining({ state, agent: { ...IDENTITY, cwd: '/home/dev/project' } })]);
  });

  it('sessionEnd ends the session; preToolUse (every tool, asked or not) is not registered and does nothing', async () => {
    await runHook('sessionEnd');
    await runHook('preToolUse');
    expect(daemon.messages()).toEqual([{ protocol: 1, type: 'session_end', agent: IDENTITY }]);
  });

  it('permissionRequest waits for the pad with the command; Approve allows it without Copilot’s dialog', async () => {
    const hook = runHook('permissionRequest');
    const waiter = await subscription();
    await until(() => waiter.received.length >= 2, 'the approval details');
    expect(waiter.received[1]).toMatchObject({ tool: 'bash', detail: 'echo one > /home/dev/project/one.txt' });
    waiter.send({ protocol: 1, type: 'action', action: 'approve', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    expect(await hook).toMatchObject({ code: 0, stdout: '{"behavior":"allow"}\n' });
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_approval', 'running']);
  });

  it('Reject denies it with Pad-Lattice’s message', async () => {
    const hook = runHook('permissionRequest');
    const waiter = await subscription();
    waiter.send({ protocol: 1, type: 'action', action: 'reject', agent: IDENTITY, request_id: waiter.received[0]?.['request_id'] });
    expect(JSON.parse((await hook).stdout)).toEqual({ behavior: 'deny', message: REJECT_MESSAGE });
  });

  it('no answer in time, or no daemon, prints nothing: Copilot shows its own dialog (an error would deny)', async () => {
    expect(await runHook('permissionRequest', daemon.socketPath, '0.3')).toMatchObject({ code: 0, stdout: '' });
    expect(await runHook('permissionRequest', await deadSocketPath())).toMatchObject({ code: 0, stdout: '' });
  });

  it('a double Esc in Copilot (SIGTERM to the hook) takes the request off the pad: Copilot waits for the user', async () => {
    const hook = runHook('permissionRequest');
    const waiter = await subscription();
    stopSignals.emit('SIGTERM');
    expect(await hook).toMatchObject({ code: 0, stdout: '' });
    await until(() => waiter.ended, 'the subscription to close');
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_approval', 'waiting_for_reply']);
  });

  it('when Copilot was told to allow every tool, a permissionRequest only shows the state', async () => {
    env = { ...env, PAD_LATTICE_COPILOT_GATE: '0' };
    expect(await runHook('permissionRequest')).toMatchObject({ code: 0, stdout: '' });
    expect(daemon.connectionsOf('subscribe_actions')).toEqual([]);
    expect(daemon.ofType('state').map((message) => message['state'])).toEqual(['waiting_for_approval']);
  });
});

describe('pad-lattice copilot: the session plugin', () => {
  async function launch(args: readonly string[]) {
    const dir = privateTempDir('pl-copilot-agent-');
    const bin = join(dir, 'copilot');
    writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${RECORDER}' "$@"\n`);
    chmodSync(bin, 0o755);
    const runtimeDir = privateTempDir('pl-copilot-rt-');
    const { io, stderr } = captureIo('', { HOME: dir, XDG_RUNTIME_DIR: runtimeDir, RECORDING_AGENT_FILE: join(dir, 'record.json') });
    const status = await runCopilotLauncher(['--socket', await deadSocketPath(), '--copilot', bin, ...args], {
      env: io.env,
      cwd: dir,
      stderr: io.stderr,
      hookEntry: STAND_IN_HOOK,
      titleSink: () => undefined,
    });
    let record: { args: string[]; env: Record<string, string>; files: Record<string, string> } | null = null;
    try {
      record = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8'));
    } catch {
      // Not started.
    }
    return { status, stderr: stderr(), record, runtimeDir };
  }

  it('loads a plugin for this process only: one command per event, naming its event; removed when Copilot exits', async () => {
    const { status, record, runtimeDir } = await launch(['--label', 'docs', '--', '--model', 'x']);
    expect(status).toBe(0);
    expect(record!.args[0]).toBe('--plugin-dir');
    expect(record!.args.slice(2)).toEqual(['--model', 'x']);
    expect(JSON.parse(record!.files['plugin']!)).toMatchObject({ name: 'pad-lattice' });
    const hooks = JSON.parse(record!.files['hooks']!);
    expect(hooks.version).toBe(1);
    expect(Object.keys(hooks.hooks)).toEqual([
      'sessionStart',
      'userPromptSubmitted',
      'permissionRequest',
      'notification',
      'postToolUse',
      'postToolUseFailure',
      'agentStop',
      'sessionEnd',
    ]);
    expect(hooks.hooks.permissionRequest).toEqual([
      { type: 'command', bash: expect.stringMatching(/^PAD_LATTICE_COPILOT_EVENT=permissionRequest exec .* --agent copilot --socket /), timeoutSec: 65 },
    ]);
    expect(hooks.hooks.agentStop[0].timeoutSec).toBe(5);
    expect(record!.env).toMatchObject({ PAD_LATTICE_COPILOT_GATE: '1', COPILOT_DISABLE_TERMINAL_TITLE: '1', PAD_LATTICE_LABEL: 'docs' });
    expect(record!.env['PAD_LATTICE_PLACEHOLDER_SESSION_ID']).toMatch(/^starting-[0-9a-f]{32}$/);
    expect(readdirSync(join(runtimeDir, 'pad-lattice')).filter((name) => name.startsWith('copilot-plugin-'))).toEqual([]);
  });

  it('with --allow-all-tools, --allow-all or --yolo the pad does not gate', async () => {
    for (const flag of ['--allow-all-tools', '--allow-all', '--yolo']) expect((await launch(['--', flag])).record!.env['PAD_LATTICE_COPILOT_GATE']).toBe('0');
  });

  it('--acp is a usage error (exit 2); a missing Copilot CLI is named with --copilot (exit 1)', async () => {
    expect(await launch(['--', '--acp'])).toMatchObject({ status: 2, stderr: `pad-lattice: ${ACP_CONFLICT}\n`, record: null });
    const missing = await launch(['--copilot', '/nonexistent/copilot']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('cannot start /nonexistent/copilot: it was not found; install it, or name its executable with --copilot');
  });
});
