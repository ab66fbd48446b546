import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PadLatticeClient } from '../../../src/client/index.js';
import { formatHexLine, parseHexLine } from '../../../src/midi/hex-line.js';
import { loadProfileFile, type DeviceProfile } from '../../../src/profiles/index.js';
import type { ProfileAddress } from '../../../src/profiles/schema-primitives.js';
import { channelMessage, statusByteFor } from '../../../src/midi/midi-encoding.js';
import { traceLines, writeFifo } from '../../e2e/helpers.js';
import { privateTempDir, until } from '../shared/fake-daemon.js';
import { OFF_TOKEN, type LightToken } from '../../../src/domain/index.js';
import type { StatusSessionReport } from '../../../src/client/index.js';

/** One pad or button of the profile, as the daemon lights it and reads its presses. */
export type PadAddress = Readonly<ProfileAddress>;

/**
 * `pad-lattice daemon` as its own process with a controller made of files:
 * every MIDI message it sends lands as a hex line in a trace file, and hex
 * lines written into a FIFO reach it as presses, exactly as a Launchpad's
 * would. The profile is read from the same built-in file the daemon loads.
 */
export interface TraceDaemon {
  readonly socket: string;
  readonly client: PadLatticeClient;
  readonly profile: DeviceProfile;
  /** With `web`: the admin page's link (`http://127.0.0.1:<port>/#admin=<token>`) the daemon printed; else null. */
  readonly adminUrl: string | null;
  /** Taps `address` once: down (value 127) and up again (value 0), as a finger on the controller would. */
  press(address: PadAddress): void;
  /** Holds `address` down for `ms`, then lets go (hold to approve). */
  hold(address: PadAddress, ms: number): Promise<void>;
  /** The value the daemon last sent to `address` (its palette colour), or undefined before any. */
  lightOf(address: PadAddress): number | undefined;
  /**
   * Waits until the lights satisfy `shown` in frames the daemon finished. The
   * trace may be read while a frame is half written; a ping answered in between
   * means that frame is complete (the daemon renders within one turn of its
   * loop), so `shown` must hold again on the second read. An action pad lit
   * then is really available to the selected session, not left over from the
   * previous selection.
   */
  untilLights(shown: () => boolean, what: string): Promise<void>;
  /** Everything the daemon printed on stderr. */
  stderr(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
  /** After a failure: SIGKILL if it still runs. */
  kill(): void;
}

/** A built Pad-Lattice to run the daemon from: its package root (built-in profiles) and `dist/src/cli/main.js`. */
export interface DaemonProgram {
  readonly root: string;
  readonly main: string;
}

export interface TraceDaemonOptions {
  /** Also serve the browser pad (`--web`) on a free loopback port, without opening a browser. */
  readonly web?: boolean;
  /** `--terminal-hold` in seconds: how long success/error/cancelled stay (the daemon's default 2 s is short for a slow test to see). */
  readonly terminalHold?: number;
}

/** The admin link `daemon --web` prints on stdout. */
const ADMIN_LINK = /^Virtual pad: (http:\/\/127\.0\.0\.1:\d+\/#admin=\S+)$/m;

export async function startTraceDaemon(cli: DaemonProgram, profileId: string, options: TraceDaemonOptions = {}): Promise<TraceDaemon> {
  const dir = privateTempDir('pl-claude-midi-');
  const socket = join(dir, 'd.sock');
  const trace = join(dir, 'pad.trace');
  const fifo = join(dir, 'pads.fifo');
  execFileSync('mkfifo', [fifo]);
  const profile = await loadProfileFile(join(cli.root, 'profiles', `${profileId}.json`));
  const args = [
    'daemon',
    '--socket',
    socket,
    '--profile',
    profileId,
    '--output',
    `trace:${trace}`,
    '--input',
    `file:${fifo}`,
    '--identity-store',
    join(dir, 'ids.json'),
    '--no-greeting',
  ];
  if (options.web === true) args.push('--web', '--no-open', '--port', '0');
  if (options.terminalHold !== undefined) args.push('--terminal-hold', String(options.terminalHold));
  // A private HOME and no inherited PAD_LATTICE_* settings: only the options above count.
  const child = spawn(process.execPath, [cli.main, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'], HOME: dir, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const client = new PadLatticeClient({ socketPath: socket, timeoutMs: 5_000 });
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`the daemon exited with ${child.exitCode}:\n${stderr}`);
        if (options.web === true && !ADMIN_LINK.test(stdout)) return false;
        return client.ping().then(
          () => true,
          () => false,
        );
      },
      options.web === true ? 'the daemon to answer and print its admin link' : 'the daemon to answer',
      15_000,
      20,
    );
  } catch (error) {
    kill();
    throw error;
  }
  return {
    socket,
    client,
    profile,
    adminUrl: ADMIN_LINK.exec(stdout)?.[1] ?? null,
    press: (address) => writeFifo(fifo, `${padLine(address, 127)}${padLine(address, 0)}`),
    hold: async (address, ms) => {
      writeFifo(fifo, padLine(address, 127));
      await new Promise((resolve) => setTimeout(resolve, ms));
      writeFifo(fifo, padLine(address, 0));
    },
    lightOf: (address) => lastValueSent(traceLines(trace), address),
    untilLights: (shown, what) =>
      until(
        async () => {
          if (!shown()) return false;
          await client.ping();
          return shown();
        },
        what,
        10_000,
        20,
      ),
    stderr: () => stderr,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill,
  };
}

/** One hex line of the controller: the pad at `address` at `value` (127 down, 0 up). */
const padLine = (address: PadAddress, value: number) =>
  `${formatHexLine(channelMessage(statusByteFor(address.kind, address.channel), address.number, value))}\n`;

/** The trace holds only changes (the renderer caches lights), so a light's state is its last line. */
function lastValueSent(lines: readonly string[], address: PadAddress): number | undefined {
  const status = statusByteFor(address.kind, address.channel);
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const parsed = parseHexLine(lines[i] ?? '');
    if (parsed.kind === 'bytes' && parsed.bytes.length === 3 && parsed.bytes[0] === status && parsed.bytes[1] === address.number) return parsed.bytes[2];
  }
  return undefined;
}

/** The pads of the daemon's profile and the colours they light in, so no MIDI number is written twice. */
export function padsOf(daemon: TraceDaemon) {
  const { surface, lookup } = daemon.profile;
  const present = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${daemon.profile.id} has no ${what}`);
    return value;
  };
  const color = (token: LightToken) => present(lookup.colors.get(token), `colour for ${token}`);
  return {
    approve: present(surface.actions.approve, 'approve control'),
    reject: present(surface.actions.reject, 'reject control'),
    stop: present(surface.actions.stop, 'stop control'),
    scene: (session: StatusSessionReport | undefined): PadAddress => present(surface.agent_selectors[session?.slot ?? -1], `Scene for slot ${session?.slot}`),
    sceneColor: (session: StatusSessionReport | undefined, selected: boolean) => {
      const accent = present(lookup.accents.get(session?.accent ?? ''), `accent ${session?.accent}`);
      return selected ? accent.selected : accent.unselected;
    },
    approveLit: color('action:approve:enabled'),
    rejectLit: color('action:reject:enabled'),
    stopLit: color('action:stop:enabled'),
    off: color(OFF_TOKEN),
  };
}
