import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { makeDoctorCommand } from '../../src/cli/commands/doctor.js';
import { AGENT_CLIS, agentClisCheck, agentCliSourcesFor, supportOf, versionIn } from '../../src/diagnostics/doctor/index.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest('pl-agent-clis-');

/** An executable called `name` in `dir` that prints `output` for --version (exit `status`). */
function fakeCli(dir: string, name: string, output: string, status = 0): void {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\nprintf '%s\\n' '${output}'\nexit ${status}\n`);
  chmodSync(path, 0o755);
}

describe('doctor: agent_clis', () => {
  it('the tested versions are the ones scripts/agent-clis.json pins for the real-CLI tests', () => {
    const pins = JSON.parse(readFileSync(fileURLToPath(new URL('../../scripts/agent-clis.json', import.meta.url)), 'utf8')) as Record<
      string,
      { version: string }
    >;
    expect(Object.fromEntries(AGENT_CLIS.map((spec) => [spec.name, spec.tested]))).toEqual(
      Object.fromEntries(Object.entries(pins).map(([name, pin]) => [name, pin.version])),
    );
  });

  it('reads the version as each CLI prints it, and says how the pad supports it', () => {
    expect(versionIn("GitHub Copilot CLI 1.0.102.\nRun 'copilot update' to check for updates.")).toBe('1.0.102');
    expect(versionIn('2.1.332 (Claude Code)')).toBe('2.1.332');
    expect(versionIn('no version here')).toBeNull();
    const claude = AGENT_CLIS.find((spec) => spec.name === 'claude')!;
    const gemini = AGENT_CLIS.find((spec) => spec.name === 'gemini')!;
    expect(supportOf(claude, '2.1.400')).toBe('supported');
    expect(supportOf(claude, '2.1.0')).toBe('untested');
    expect(supportOf(claude, '2.0.44')).toBe('no_approvals');
    expect(supportOf(gemini, '0.60.9')).toBe('untested');
    expect(supportOf(gemini, '0.61.0')).toBe('supported');
    expect(supportOf(gemini, '1.0.0')).toBe('supported');
    expect(supportOf(gemini, null)).toBe('unknown');
  });

  it('lists the CLIs found on PATH with their versions: ok when all are supported, a warning otherwise', async () => {
    const dir = tempDir();
    fakeCli(dir, 'gemini', '0.61.0');
    fakeCli(dir, 'copilot', 'GitHub Copilot CLI 1.0.102.');
    const ok = await agentClisCheck(agentCliSourcesFor({ PATH: dir }));
    expect(ok).toMatchObject({ name: 'agent_clis', status: 'ok', summary: 'gemini 0.61.0 (supported), copilot 1.0.102 (supported)' });
    expect(ok.details['clis']).toEqual([
      { name: 'gemini', product: 'Gemini CLI', path: join(dir, 'gemini'), version: '0.61.0', tested: '0.61.0', support: 'supported' },
      { name: 'copilot', product: 'GitHub Copilot CLI', path: join(dir, 'copilot'), version: '1.0.102', tested: '1.0.102', support: 'supported' },
    ]);
    fakeCli(dir, 'claude', '2.0.1 (Claude Code)');
    fakeCli(dir, 'opencode', 'broken', 1);
    const mixed = await agentClisCheck(agentCliSourcesFor({ PATH: dir }));
    expect(mixed.status).toBe('warning');
    expect(mixed.summary).toBe('claude 2.0.1 (state only, no approvals), gemini 0.61.0 (supported), copilot 1.0.102 (supported), opencode ? (version unknown)');
  });

  it('none on PATH is a warning naming what it looked for; `pad-lattice doctor` shows the check last', async () => {
    expect(await agentClisCheck(agentCliSourcesFor({ PATH: tempDir() }))).toMatchObject({
      status: 'warning',
      summary: 'no agent CLI found on PATH (looked for claude, codex, gemini, copilot, opencode)',
    });
    const dir = tempDir();
    fakeCli(dir, 'opencode', '1.18.33');
    const command = makeDoctorCommand({ backend: () => new MockMidiBackend(), probeDaemon: async () => true });
    const { io, stdout } = captureIo('', { NO_COLOR: '1', HOME: tempDir(), PATH: dir });
    await runCli(['doctor'], io, [command]);
    expect(stdout().trimEnd().split('\n').at(-1)).toMatch(/^ {2}ok +agent_clis +opencode 1\.18\.33 \(supported\)$/);
  });
});
