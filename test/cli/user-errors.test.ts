import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDemoCommand } from '../../src/cli/commands/demo.js';
import { makeDoctorCommand } from '../../src/cli/commands/doctor.js';
import { runCli } from '../../src/cli/main.js';
import { MidiUnavailableError } from '../../src/midi/errors.js';
import { fakeExperienceDeps } from '../experiences/helpers/command-deps.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';
import { pl } from './run.js';

/**
 * The mistakes a new user makes, each answered in one line that names the
 * cause and the fix, with the README's exit code and no raw errno text.
 */
const RAW_ERRNO = /\b(E[A-Z]{3,}|illegal operation|no such file or directory)\b/;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pad-lattice-user-errors-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A home with no profiles or settings of the developer's, and a socket path nobody listens on. */
function cleanEnv(dir: string): NodeJS.ProcessEnv {
  return { NO_COLOR: '1', HOME: dir, PAD_LATTICE_SOCKET: join(dir, 'none.sock') };
}

/** The error is the last line, whole (the daemon may log its profiles first), with no errno text anywhere. */
/** A log line's local time stamp (the date on the day's first line), which the messages below do not depend on. */
const withoutTime = (line: string) => line.replace(/^(\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}:\d{2}\.\d{3} /, '');

function expectErrorLine(stderr: string, message: string): void {
  expect(stderr.trimEnd().split('\n').at(-1), stderr).toMatch(new RegExp(`^pad-lattice daemon: .*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  expect(stderr).not.toMatch(RAW_ERRNO);
}

describe('errors a user can trigger', () => {
  it('daemon --socket in a folder that does not exist says so and how to fix it (exit 1)', async () => {
    const dir = tempDir();
    const socket = join(dir, 'missing', 'x.sock');
    const result = await pl(['daemon', '--socket', socket], cleanEnv(dir));
    expect(result.code).toBe(1);
    const line = result.stderr.trimEnd().split('\n').at(-1)!;
    expect(withoutTime(line)).toBe(
      `pad-lattice daemon: error: cannot create the socket ${socket}: the folder ${join(dir, 'missing')} does not exist; create it (mkdir -p ${join(dir, 'missing')}) or choose another path with --socket`,
    );
    expect(result.stderr).not.toMatch(RAW_ERRNO);
  });

  it('daemon --socket below a file says the parent is not a folder (exit 1)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plain'), '');
    const result = await pl(['daemon', '--socket', join(dir, 'plain', 'x.sock')], cleanEnv(dir));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(dir, 'plain')} is not a folder; choose another path with --socket`);
    expect(result.stderr).not.toMatch(RAW_ERRNO);
  });

  it('profile validate and render --profile-file on a folder say it is a folder (exit 1)', async () => {
    const dir = tempDir();
    const validate = await pl(['profile', 'validate', dir], cleanEnv(dir));
    expect(validate.code).toBe(1);
    expect(validate.stdout).toBe(`${dir}: is a folder; name the profile's .json file\n`);
    const render = await pl(['render', '--profile-file', dir], cleanEnv(dir));
    expect(render.code).toBe(1);
    expect(render.stderr).toBe(`pad-lattice render: ${dir}: is a folder; name the profile's .json file\n`);
  });

  it('uninstall-codex-hooks --path on a folder says it cannot be read, in words (exit 1)', async () => {
    const dir = tempDir();
    const result = await pl(['uninstall-codex-hooks', '--path', dir], cleanEnv(dir));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`pad-lattice: ${dir}: cannot be read: is a folder, not a file\n`);
  });

  it('status --interval without --watch is a usage error (exit 2)', async () => {
    const dir = tempDir();
    const result = await pl(['status', '--interval', '1'], cleanEnv(dir));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('pad-lattice status: --interval only applies to --watch; add --watch or drop --interval\n');
  });

  it('a value that starts with a dash gets one line saying how to write it (exit 2)', async () => {
    const dir = tempDir();
    const result = await pl(['symbols', '--hold', '-1'], cleanEnv(dir));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "pad-lattice symbols: --hold needs a value; write a value that starts with '-' as --hold=VALUE\nRun 'pad-lattice symbols --help' for usage.\n",
    );
    const missing = await pl(['status', '--socket'], cleanEnv(dir));
    expect(missing.stderr.split('\n')[0]).toBe('pad-lattice status: --socket needs a value');
  });

  it('daemon --input file: and --output trace: name a missing path in words (exit 1)', async () => {
    const dir = tempDir();
    const input = await pl(
      ['daemon', '--profile', 'novation/launchpad/pro-mk1', '--input', `file:${join(dir, 'absent')}`, '--output', 'trace:-', '--socket', join(dir, 'd.sock')],
      cleanEnv(dir),
    );
    expect(input.code).toBe(1);
    expectErrorLine(input.stderr, `cannot read MIDI input file '${join(dir, 'absent')}': does not exist; name an existing file or a FIFO (mkfifo PATH)`);
    writeFileSync(join(dir, 'presses'), '');
    const output = await pl(
      [
        'daemon',
        '--profile',
        'novation/launchpad/pro-mk1',
        '--input',
        `file:${join(dir, 'presses')}`,
        '--output',
        `trace:${join(dir, 'no', 'trace')}`,
        '--socket',
        join(dir, 'd.sock'),
      ],
      cleanEnv(dir),
    );
    expect(output.code).toBe(1);
    expectErrorLine(
      output.stderr,
      `cannot write MIDI trace '${join(dir, 'no', 'trace')}': does not exist; give a file in an existing folder (or trace:- for stdout)`,
    );
  });

  it('daemon --input file: on a folder is refused before the daemon starts (exit 1)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'folder'));
    const result = await pl(
      ['daemon', '--profile', 'novation/launchpad/pro-mk1', '--input', `file:${join(dir, 'folder')}`, '--output', 'trace:-', '--socket', join(dir, 'd.sock')],
      cleanEnv(dir),
    );
    expect(result.code).toBe(1);
    expectErrorLine(result.stderr, 'it is a folder; name a file or a FIFO (mkfifo PATH)');
  });

  it('doctor exits 3 when MIDI is unavailable on this machine, 1 when something else is broken', async () => {
    const dir = tempDir();
    const backend = () => new MockMidiBackend().setUnavailable(new MidiUnavailableError('system-unavailable', '/dev/snd/seq does not exist'));
    const doctor = makeDoctorCommand({ backend, probeDaemon: async () => false });
    const io = captureIo('', cleanEnv(dir));
    expect(await runCli(['doctor'], io.io, [doctor])).toBe(3);
    expect(io.stdout()).toContain('MIDI support is unavailable');

    const broken = join(dir, '.config', 'pad-lattice', 'profiles');
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'bad.json'), '{');
    const both = captureIo('', cleanEnv(dir));
    expect(await runCli(['doctor'], both.io, [doctor])).toBe(1);
  });

  it('demo without a controller suggests the browser pad (exit 3)', async () => {
    const demo = makeDemoCommand(fakeExperienceDeps().deps);
    const io = captureIo();
    expect(await runCli(['demo'], io.io, [demo])).toBe(3);
    expect(io.stderr()).toContain(
      'no controller found; connect a MIDI controller, monome grid or Stream Deck (or name one with --profile/--input/--output or --grid), or play in the browser: pad-lattice demo --surface web',
    );
  });

  it('show --manifest and profile validate --schema name a missing or folder path in words (exit 1)', async () => {
    const dir = tempDir();
    const show = await pl(['show', '--manifest', join(dir, 'absent.json'), '--profile', 'novation/launchpad/pro-mk1', '--output', 'trace:-'], cleanEnv(dir));
    expect(show.code).toBe(1);
    expect(withoutTime(show.stderr)).toBe(`pad-lattice show: ${join(dir, 'absent.json')}: cannot be read: does not exist\n`);
    writeFileSync(join(dir, 'p.json'), '{}');
    for (const [schema, problem] of [
      [join(dir, 'absent.json'), 'does not exist'],
      [dir, 'is a folder, not a file'],
    ] as const) {
      const validate = await pl(['profile', 'validate', '--schema', schema, join(dir, 'p.json')], cleanEnv(dir));
      expect(validate.code).toBe(1);
      expect(validate.stderr).toBe(`pad-lattice profile: --schema ${schema}: ${problem}\n`);
    }
  });
});
