import { existsSync, readFileSync, realpathSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HookEntry } from '../../../src/agents/shared/hook-command.js';
import { privateTempDir } from './fake-daemon.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/agents/fake-agent.mjs', import.meta.url));

/** A hook program for launcher tests: this Node running a script that drains stdin and exits 0. */
export const STAND_IN_HOOK: HookEntry = Object.freeze({
  node: process.execPath,
  script: fileURLToPath(new URL('../../fixtures/agents/stand-in-hook.mjs', import.meta.url)),
});

/** The hook command the launchers build for STAND_IN_HOOK (both paths resolved, as hookCommand does). */
export function standInHookCommand(agent: 'codex' | 'claude', socket: string, approvalTimeout = 60): string {
  const agentFlag = agent === 'claude' ? ' --agent claude' : '';
  return `exec ${realpathSync(STAND_IN_HOOK.node)} ${realpathSync(STAND_IN_HOOK.script)}${agentFlag} --socket ${socket} --approval-timeout ${approvalTimeout}`;
}

/** What the fake agent recorded about its start. */
export interface AgentRecord {
  readonly argv: string[];
  readonly env: Record<string, string>;
  /** `dev:ino` of fds 0, 1, 2. */
  readonly fds: (string | null)[];
}

/** A fake agent executable plus the files it reports through. */
export interface FakeAgent {
  /** The executable to pass as `--codex` / `--claude`. */
  readonly bin: string;
  readonly recordFile: string;
  readonly doneFile: string;
  /** Environment variables that configure it; merge into the launcher's env. */
  readonly env: Record<string, string>;
  record(): AgentRecord | null;
}

export interface FakeAgentBehaviour {
  /** Lines it prints on stdout (each gets an LF). */
  readonly output?: readonly string[];
  readonly exitStatus?: number;
  readonly killSelf?: NodeJS.Signals;
  readonly waitForSigterm?: boolean;
  /** Keeps running until this file exists. */
  readonly waitFor?: string;
}

/**
 * Writes an executable `fake-codex` into a private directory: a shell script
 * that runs the fixture with this Node, so PATH does not matter and signals
 * reach the fixture directly (exec).
 */
export function makeFakeAgent(behaviour: FakeAgentBehaviour = {}, name = 'fake-codex'): FakeAgent {
  const dir = privateTempDir('pl-fake-agent-');
  const bin = join(dir, name);
  writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${FIXTURE}' "$0" "$@"\n`);
  chmodSync(bin, 0o755);
  const recordFile = join(dir, 'record.json');
  const doneFile = join(dir, 'done');
  const env: Record<string, string> = { FAKE_AGENT_RECORD: recordFile, FAKE_AGENT_DONE: doneFile };
  if (behaviour.output !== undefined) {
    const outputFile = join(dir, 'output.txt');
    writeFileSync(outputFile, behaviour.output.map((line) => `${line}\n`).join(''));
    env['FAKE_AGENT_OUTPUT'] = outputFile;
  }
  if (behaviour.exitStatus !== undefined) env['FAKE_AGENT_EXIT'] = String(behaviour.exitStatus);
  if (behaviour.killSelf !== undefined) env['FAKE_AGENT_KILL_SELF'] = behaviour.killSelf;
  if (behaviour.waitForSigterm === true) env['FAKE_AGENT_WAIT_SIGTERM'] = '1';
  if (behaviour.waitFor !== undefined) env['FAKE_AGENT_WAIT_FOR'] = behaviour.waitFor;
  return {
    bin,
    recordFile,
    doneFile,
    env,
    record: () => (existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, 'utf8')) as AgentRecord) : null),
  };
}

/** The test process's environment without any PAD_LATTICE_* variable (Part C default), plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PAD_LATTICE_') && !key.startsWith('FAKE_AGENT_')) env[key] = value;
  }
  return { ...env, ...extra };
}
