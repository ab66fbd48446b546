import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeDevicesCommand } from '../../src/cli/commands/devices.js';
import { makeDoctorCommand } from '../../src/cli/commands/doctor.js';
import { makePortsCommand } from '../../src/cli/commands/ports.js';
import { loadCatalogFor } from '../../src/cli/commands/profile-context.js';
import { runCli } from '../../src/cli/main.js';
import { sanitizeTitlePart } from '../../src/agents/shared/terminal-title.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { captureIo } from '../helpers/capture-io.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';
import { pl } from './run.js';

/**
 * Device names, profile names and file names come from outside; on a
 * terminal and in --json they are shown, never obeyed (issue #21.6).
 */
const RAW_UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** Everything printed, minus our own line breaks and the tabs of `profile list`. */
const unsafeIn = (output: string) => RAW_UNSAFE.test(output.replace(/[\n\t]/g, ''));

const HOSTILE = '\u001b]0;pwned\u0007\u202e\u2066\u200b\u009b2J';
const SHOWN = '\\x1b]0;pwned\\x07\\u202e\\u2066\\u200b\\x9b2J';
const PORT = `LPMiniMK3 ${HOSTILE} MIDI`;

const tempHome = tempDirsPerTest('pl-untrusted-home-');
const envFor = (home: string): NodeJS.ProcessEnv => ({ NO_COLOR: '1', HOME: home, PAD_LATTICE_SOCKET: join(home, 'none.sock') });

describe('untrusted text on the terminal', () => {
  it('ports and devices show a hostile port name escaped; --json keeps it exact with no raw control', async () => {
    const home = tempHome();
    const backend = () => new MockMidiBackend().plug(PORT);
    for (const command of [makePortsCommand(backend), makeDevicesCommand({ backend, loadCatalog: loadCatalogFor })]) {
      const text = captureIo('', envFor(home));
      expect(await runCli([command.name], text.io, [command])).toBe(0);
      expect(text.stdout()).toContain(`LPMiniMK3 ${SHOWN} MIDI`);
      expect(unsafeIn(text.stdout())).toBe(false);
      const json = captureIo('', envFor(home));
      expect(await runCli([command.name, '--json'], json.io, [command])).toBe(0);
      expect(unsafeIn(json.stdout())).toBe(false);
      expect(json.stdout()).toContain('\\u202e');
      expect(JSON.stringify(JSON.parse(json.stdout()))).toContain(JSON.stringify(PORT).slice(1, -1));
    }
  });

  it('doctor shows a profile problem with a hostile file name escaped, in text and --json', async () => {
    const home = tempHome();
    const folder = join(home, '.config', 'pad-lattice', 'profiles');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `x${HOSTILE}\nforged.json`), '{');
    const doctor = makeDoctorCommand({ backend: () => new MockMidiBackend(), probeDaemon: async () => false });
    for (const args of [['doctor'], ['doctor', '--json']]) {
      const io = captureIo('', envFor(home));
      expect(await runCli(args, io.io, [doctor])).toBe(1);
      expect(unsafeIn(io.stdout())).toBe(false);
      if (args.length === 1) expect(io.stdout()).toContain(`x${SHOWN}\\x0aforged.json`);
      else JSON.parse(io.stdout());
    }
  });

  it('profile list, show and validate show a hostile name and file name escaped', async () => {
    const home = tempHome();
    const folder = join(home, '.config', 'pad-lattice', 'profiles');
    mkdirSync(folder, { recursive: true });
    const builtin = fileURLToPath(new URL('../../profiles/novation/launchpad/mini-mk3.json', import.meta.url));
    const document = JSON.parse(readFileSync(builtin, 'utf8')) as Record<string, unknown>;
    document['id'] = 'acme/grid/one';
    document['manufacturer'] = 'acme';
    document['family'] = 'grid';
    document['model'] = 'one';
    document['name'] = `One ${HOSTILE}`;
    const file = join(folder, `one${HOSTILE}.json`);
    writeFileSync(file, JSON.stringify(document));
    writeFileSync(join(folder, `bad${HOSTILE}.json`), '{');

    const list = await pl(['profile', 'list'], envFor(home));
    expect(list.stdout).toContain(`acme/grid/one\texperimental\tOne ${SHOWN}\n`);
    expect(list.stderr).toContain(`bad${SHOWN}.json`);
    const show = await pl(['profile', 'show', 'acme/grid/one'], envFor(home));
    expect(show.stdout).toContain(`one${SHOWN}.json`);
    const validate = await pl(['profile', 'validate', file, join(folder, `bad${HOSTILE}.json`)], envFor(home));
    for (const result of [list, show, validate]) {
      expect(unsafeIn(result.stdout), result.stdout).toBe(false);
      expect(unsafeIn(result.stderr)).toBe(false);
    }
    for (const args of [
      ['profile', 'list', '--json'],
      ['profile', 'show', 'acme/grid/one', '--json'],
      ['profile', 'validate', '--json', file],
    ]) {
      const json = await pl(args, envFor(home));
      expect(unsafeIn(json.stdout), args.join(' ')).toBe(false);
      expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b]0;pwned');
    }
  });

  it('an error quoting hostile text is shown escaped', async () => {
    const home = tempHome();
    const result = await pl(['profile', 'show', `nope/${HOSTILE}`], envFor(home));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(SHOWN);
    expect(unsafeIn(result.stderr)).toBe(false);
  });

  it('a terminal title turns bidi and zero-width characters into spaces, as it does controls', () => {
    expect(sanitizeTitlePart('ok\u202egnp.exe\u200bx\u2066y\u2028z', 64)).toBe('ok gnp.exe x y z');
  });
});
