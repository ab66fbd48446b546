import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startsInDefaultMode } from '../../../src/agents/gemini/approval-mode.js';
import { GATED_TOOLS, sessionPolicyToml } from '../../../src/agents/gemini/gated-tools.js';
import { ACP_CONFLICT, runGeminiLauncher } from '../../../src/agents/gemini/launcher.js';
import { GeminiOverlay } from '../../../src/agents/gemini/overlay.js';
import { settingsWithHooks } from '../../../src/agents/gemini/settings.js';
import { captureIo } from '../../helpers/capture-io.js';
import { cleanUpFakes, deadSocketPath, privateTempDir } from '../shared/fake-daemon.js';
import { STAND_IN_HOOK } from '../shared/fake-agent.js';

const RECORDER = fileURLToPath(new URL('../../fixtures/agents/recording-agent.mjs', import.meta.url));

afterEach(cleanUpFakes);

/** An executable that records how the launcher started it (recording-agent.mjs). */
function recordingAgent(dir: string): { bin: string; record: () => { args: string[]; env: Record<string, string>; files: Record<string, any> } } {
  const bin = join(dir, 'agent');
  writeFileSync(bin, `#!/bin/sh\nexec '${process.execPath}' '${RECORDER}' "$@"\n`);
  chmodSync(bin, 0o755);
  return { bin, record: () => JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) };
}

/** A user whose ~/.gemini holds settings (with a comment and a hook of their own), sign-in and a chats folder. */
function userHome(): string {
  const home = privateTempDir('pl-gemini-home-');
  mkdirSync(join(home, '.gemini', 'tmp'), { recursive: true });
  writeFileSync(
    join(home, '.gemini', 'settings.json'),
    '{\n  // mine\n  "security": {"auth": {"selectedType": "oauth-personal"}},\n  "hooks": {"AfterTool": [{"hooks": [{"type": "command", "command": "my-hook"}]}]}\n}\n',
  );
  writeFileSync(join(home, '.gemini', 'oauth_creds.json'), '{}');
  return home;
}

async function launch(args: readonly string[], home: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const dir = privateTempDir('pl-gemini-agent-');
  const agent = recordingAgent(dir);
  const runtimeDir = privateTempDir('pl-gemini-rt-');
  const { io, stderr } = captureIo('', { HOME: home, XDG_RUNTIME_DIR: runtimeDir, RECORDING_AGENT_FILE: join(dir, 'record.json'), ...extraEnv });
  const status = await runGeminiLauncher(['--socket', await deadSocketPath(), '--gemini', agent.bin, '--no-terminal-title', ...args], {
    env: io.env,
    cwd: home,
    stderr: io.stderr,
    hookEntry: STAND_IN_HOOK,
    leaseRetryMs: 20,
  });
  return { status, stderr: stderr(), record: existsSync(join(dir, 'record.json')) ? agent.record() : null, runtimeDir };
}

describe('pad-lattice gemini: the session-scoped Gemini home', () => {
  it('gives Gemini a private home: the user’s settings plus one handler per event, every other entry linked to the real folder; the user’s files untouched', async () => {
    const home = userHome();
    const before = readFileSync(join(home, '.gemini', 'settings.json'), 'utf8');
    const { status, record, runtimeDir, stderr } = await launch(['--label', 'docs', '--', '--model', 'x'], home);
    expect(stderr).toContain('daemon unavailable');
    expect(status).toBe(0);
    const settings = JSON.parse(record!.files['geminiSettings']);
    expect(settings.security).toEqual({ auth: { selectedType: 'oauth-personal' } });
    // The user's own AfterTool hook runs first, then Pad-Lattice's.
    expect(settings.hooks.AfterTool.map((group: any) => group.hooks[0].command)).toEqual(['my-hook', expect.stringContaining(STAND_IN_HOOK.script)]);
    expect(Object.keys(settings.hooks).sort()).toEqual(['AfterAgent', 'AfterTool', 'BeforeAgent', 'BeforeTool', 'Notification', 'SessionEnd', 'SessionStart']);
    const beforeTool = settings.hooks.BeforeTool[0].hooks[0];
    expect(beforeTool).toMatchObject({ name: 'pad-lattice', type: 'command', timeout: 65_000 });
    expect(beforeTool.command).toContain('--agent gemini');
    expect(beforeTool.env).toMatchObject({
      PAD_LATTICE_LEASE_ID: record!.env['PAD_LATTICE_LEASE_ID'],
      PAD_LATTICE_LABEL: 'docs',
      PAD_LATTICE_GEMINI_GATE: '1',
    });
    expect(settings.hooks.SessionStart[0].hooks[0].timeout).toBe(5_000);
    expect(record!.files['geminiEntries']).toEqual(['oauth_creds.json', 'settings.json', 'tmp']);
    // The session policy comes last; the user's own policy folder is named only when they have one.
    expect(record!.files['policies']).toEqual([{ path: expect.stringMatching(/pad-lattice-policy\.toml$/), text: sessionPolicyToml() }]);
    expect(record!.args.slice(-2)).toEqual(['--model', 'x']);
    expect(readFileSync(join(home, '.gemini', 'settings.json'), 'utf8')).toBe(before);
    expect(readdirSync(join(runtimeDir, 'pad-lattice')).filter((name) => name.startsWith('gemini-home-'))).toEqual([]);
  });

  it('what Gemini creates in the session’s home moves to the user’s folder afterwards, nothing existing is replaced', async () => {
    const home = userHome();
    await launch([], home, { RECORDING_AGENT_CREATE: 'installation_id' });
    expect(readFileSync(join(home, '.gemini', 'installation_id'), 'utf8')).toBe('created\n');
    await launch([], home, { RECORDING_AGENT_CREATE: 'oauth_creds.json' });
    // That entry was a link to the user's file: the write went through it, and no copy replaced it.
    expect(readFileSync(join(home, '.gemini', 'oauth_creds.json'), 'utf8')).toBe('created\n');
    expect(lstatSync(join(home, '.gemini', 'oauth_creds.json')).isFile()).toBe(true);
  });

  it('a user without ~/.gemini gets one only when Gemini wrote something; the Gemini home of the user’s own GEMINI_CLI_HOME is mirrored', async () => {
    const bare = privateTempDir('pl-gemini-bare-');
    await launch([], bare);
    expect(existsSync(join(bare, '.gemini'))).toBe(false);
    const custom = userHome();
    const { record } = await launch([], privateTempDir('pl-gemini-other-'), { GEMINI_CLI_HOME: custom });
    expect(record!.files['geminiEntries']).toEqual(['oauth_creds.json', 'settings.json', 'tmp']);
    expect(record!.env['GEMINI_CLI_HOME']).not.toBe(custom);
  });

  it('names the user’s own policy folder again next to the session policy (--policy replaces it)', async () => {
    const home = userHome();
    mkdirSync(join(home, '.gemini', 'policies'));
    const { record } = await launch([], home);
    const [user, session] = record!.files['policies'];
    // The overlay's link to ~/.gemini/policies (the overlay is gone once Gemini exited).
    expect(user.path).toBe(join(record!.env['GEMINI_CLI_HOME']!, '.gemini', 'policies'));
    expect(record!.files['geminiEntries']).toContain('policies');
    expect(session.path).toMatch(/pad-lattice-policy\.toml$/);
  });

  it('started in another approval mode, Gemini decides alone: no session policy, and the hooks do not gate', async () => {
    for (const mode of [['--yolo'], ['-y'], ['--approval-mode', 'auto_edit'], ['--approval-mode=plan']]) {
      const { record } = await launch(['--', ...mode], userHome());
      expect(record!.files['policies']).toEqual([]);
      expect(record!.env['PAD_LATTICE_GEMINI_GATE']).toBe('0');
      expect(JSON.parse(record!.files['geminiSettings']).hooks.BeforeTool[0].hooks[0].env.PAD_LATTICE_GEMINI_GATE).toBe('0');
    }
    expect(startsInDefaultMode(['--approval-mode', 'default', '-p', 'hi'])).toBe(true);
  });

  it('owns the terminal title unless told not to: Gemini’s own window title is switched off in the session settings', async () => {
    const dir = privateTempDir('pl-gemini-agent-');
    const agent = recordingAgent(dir);
    const { io } = captureIo('', { HOME: userHome(), XDG_RUNTIME_DIR: privateTempDir('pl-gemini-rt-'), RECORDING_AGENT_FILE: join(dir, 'record.json') });
    await runGeminiLauncher(['--socket', await deadSocketPath(), '--gemini', agent.bin], {
      env: io.env,
      cwd: dir,
      stderr: io.stderr,
      hookEntry: STAND_IN_HOOK,
      titleSink: () => undefined,
    });
    expect(JSON.parse(agent.record().files['geminiSettings']).ui).toEqual({ hideWindowTitle: true });
  });
});

describe('pad-lattice gemini: what it refuses', () => {
  it('--acp is a usage error (exit 2): Gemini runs no tool hooks in ACP mode', async () => {
    const { status, stderr, record } = await launch(['--', '--acp'], userHome());
    expect(status).toBe(2);
    expect(stderr).toBe(`pad-lattice: ${ACP_CONFLICT}\n`);
    expect(record).toBeNull();
  });

  it('settings Gemini could not read either stop the launch with the file named (exit 1)', async () => {
    const home = userHome();
    writeFileSync(join(home, '.gemini', 'settings.json'), '{ "hooks": [ }');
    const { status, stderr, record } = await launch([], home);
    expect(status).toBe(1);
    expect(stderr).toContain(`${join(home, '.gemini', 'settings.json')} is not valid JSON`);
    expect(record).toBeNull();
  });

  it('a missing Gemini CLI is named, with the option that points at it (exit 1)', async () => {
    const { io, stderr } = captureIo('', { HOME: userHome(), XDG_RUNTIME_DIR: privateTempDir('pl-gemini-rt-') });
    const status = await runGeminiLauncher(['--socket', await deadSocketPath(), '--gemini', '/nonexistent/gemini'], {
      env: io.env,
      cwd: '/',
      stderr: io.stderr,
      hookEntry: STAND_IN_HOOK,
    });
    expect(status).toBe(1);
    expect(stderr()).toContain('cannot start /nonexistent/gemini: it was not found; install it, or name its executable with --gemini');
  });
});

describe('pad-lattice gemini: pieces', () => {
  it('the session policy allows exactly the gated tools, in the default mode, above the built-in rules', () => {
    const toml = sessionPolicyToml();
    expect(toml).toContain(`toolName = [${GATED_TOOLS.map((tool) => `"${tool}"`).join(', ')}]`);
    expect(toml).toMatch(/decision = "allow"\npriority = 1\nmodes = \["default"\]\nallowRedirection = true/);
  });

  it('settings whose hooks are not an object are refused rather than overwritten', () => {
    expect(() => settingsWithHooks({ hooks: [] }, 'cmd', 60, {})).toThrow('"hooks" must be an object');
    expect(() => settingsWithHooks({ hooks: { BeforeTool: {} } }, 'cmd', 60, {})).toThrow('"hooks.BeforeTool" must be a list');
  });

  it('an empty settings file reads as no settings; a missing folder has none', () => {
    const dir = privateTempDir('pl-gemini-empty-');
    writeFileSync(join(dir, 'settings.json'), '  \n');
    expect(GeminiOverlay.readUserSettings(dir)).toEqual({});
    expect(GeminiOverlay.readUserSettings(join(dir, 'missing'))).toEqual({});
  });
});
