import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDoctorCommand } from '../../src/cli/commands/doctor.js';
import { runCli } from '../../src/cli/main.js';
import { MockHidBackend } from '../hardware-mocks/mock-hid.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { MockSerialBinding } from '../hardware-mocks/mock-serial.js';
import { captureIo } from '../helpers/capture-io.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** doctor on mock hardware; `asked` records which socket its daemon check asked. */
async function doctor(args: string[]) {
  const home = mkdtempSync(join(tmpdir(), 'pl-doctor-flags-'));
  dirs.push(home);
  const asked: string[] = [];
  const command = makeDoctorCommand({
    backend: () => new MockMidiBackend(),
    probeDaemon: async (path) => (asked.push(path), false),
    serialBackend: () => new MockSerialBinding(),
    hidBackend: () => new MockHidBackend(),
    agentClis: () => ({ locate: () => null, versionOutput: async () => null }),
    identityTimeoutMs: 10,
  });
  const { io, stdout, stderr } = captureIo('', { NO_COLOR: '1', HOME: home });
  const code = await runCli(['doctor', ...args], io, [command]);
  return { code, stdout: stdout(), stderr: stderr(), asked, home };
}

const check = (stdout: string, name: string) =>
  (JSON.parse(stdout) as { checks: { name: string; status: string; summary: string; details: Record<string, unknown> }[] }).checks.find(
    (c) => c.name === name,
  )!;

describe('pad-lattice doctor --socket and --hooks-path (the reference’s flags)', () => {
  it('--socket asks the daemon on that socket, and says so', async () => {
    const result = await doctor(['--json', '--socket', '/tmp/pl-doctor-elsewhere.sock']);
    expect(result.asked).toEqual(['/tmp/pl-doctor-elsewhere.sock']);
    expect(check(result.stdout, 'daemon').summary).toContain('/tmp/pl-doctor-elsewhere.sock');
  });

  it('--hooks-path reads that Codex hooks file: one with a Pad-Lattice handler left is a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pl-doctor-hooks-'));
    dirs.push(dir);
    const hooks = join(dir, 'hooks.json');
    writeFileSync(hooks, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'pad-lattice codex-hook' }] }] } }));
    const result = await doctor(['--json', '--hooks-path', hooks]);
    const codex = check(result.stdout, 'codex_hooks');
    expect(codex.status).toBe('warning');
    expect(codex.details['path']).toBe(hooks);
    const clean = await doctor(['--json', '--hooks-path', join(dir, 'missing.json')]);
    expect(check(clean.stdout, 'codex_hooks')).toMatchObject({ status: 'ok', details: { path: join(dir, 'missing.json') } });
  });

  it('an empty --socket or --hooks-path is a usage error, before any check runs', async () => {
    for (const flag of ['--socket', '--hooks-path']) {
      const result = await doctor([flag, '']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${flag} must not be empty`);
      expect(result.asked).toEqual([]);
    }
  });
});
