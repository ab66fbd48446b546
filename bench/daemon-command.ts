import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PACKAGE_ROOT } from '../src/support/package-info.js';
import { monotonicNs } from './latency.js';
import { LineConnection } from './line-client.js';

/**
 * A daemon to measure, as a command line: `{socket}` becomes the socket path
 * and `{dir}` a fresh private folder (for a store file), both new for every
 * start. The child also finds the socket in PAD_LATTICE_SOCKET and keeps its
 * state under {dir} (XDG_STATE_HOME, XDG_RUNTIME_DIR, HOME), so no daemon the
 * user runs and no store of theirs is touched.
 */
export interface DaemonCommand {
  /** A short name for tables: "pad-lattice", "other". */
  readonly name: string;
  readonly argv: readonly string[];
}

const FIRST_ANSWER_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const RETRY_CONNECT_MS = 1;
/** A connection accepted but never answered is given up after this and a new one tried, as a client would. */
const PING_TIMEOUT_MS = 1_000;
const PING = '{"protocol":1,"type":"ping"}\n';
const STDERR_TAIL = 2_000;

/** The built CLI's `daemon`, driving a Launchpad Mini MK3 profile whose output is thrown away, with its identity store in {dir}. */
export function ownDaemonCommand(): DaemonCommand {
  const cli = join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`the bench starts the daemon from the build: run "npm run build" first (${cli} is missing)`);
  return {
    name: 'pad-lattice',
    argv: [
      process.execPath,
      cli,
      'daemon',
      '--socket',
      '{socket}',
      '--identity-store',
      '{dir}/identities.json',
      '--profile',
      'novation/launchpad/mini-mk3',
      '--input',
      'file:/dev/null',
      '--output',
      'trace:/dev/null',
      '--no-greeting',
    ],
  };
}

/** A Node server that answers every chunk with a pong and does nothing else. */
const BARE_NODE_SERVER = `require('node:net').createServer((c) => c.on('data', () => c.write('{"protocol":1,"type":"pong"}\\n'))).listen(process.argv[1])`;

/** The startup floor: how long this machine takes to start Node and answer on a Unix socket, with no daemon code at all. */
export function bareNodeServerCommand(): DaemonCommand {
  return { name: 'floor: bare Node server', argv: [process.execPath, '-e', BARE_NODE_SERVER, '{socket}'] };
}

/** The command line as a shell would show it (for the report). */
export function commandText(command: DaemonCommand): string {
  return command.argv.map((word) => (/^[\w@%+=:,./{}-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`)).join(' ');
}

/** A started daemon command, answering on `socketPath`. */
export interface RunningDaemon {
  readonly socketPath: string;
  /** The spawned process (the command itself: a wrapper's children are not counted in its CPU time). */
  readonly pid: number | undefined;
  /** From spawn() until the first `pong` arrived, in milliseconds. */
  readonly spawnToFirstAnswerMs: number;
  /**
   * From spawn() until `status` first listed a surface: a daemon may answer
   * before its controllers are open (ours does). Null when none appeared
   * within 10 s, as for a daemon without surfaces, or when not asked.
   */
  readonly spawnToSurfacesMs: number | null;
  /** SIGTERM, then SIGKILL if it has not exited within 5 s; removes {dir}. */
  stop(): Promise<void>;
}

/**
 * Spawns the command and pings its socket until the first answer: connection
 * attempts are retried every millisecond, so the figure is the daemon's
 * startup, not the bench's polling.
 */
export async function startDaemonCommand(command: DaemonCommand, waitForSurfaces = true): Promise<RunningDaemon> {
  // Short: Unix socket paths are limited to 107 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'plb-'));
  const socketPath = join(dir, 'd.sock');
  mkdirSync(join(dir, 'state'));
  const argv = command.argv.map((word) => word.replaceAll('{socket}', socketPath).replaceAll('{dir}', dir));
  const env = { ...process.env, PAD_LATTICE_SOCKET: socketPath, XDG_STATE_HOME: join(dir, 'state'), XDG_RUNTIME_DIR: dir, HOME: dir, NO_COLOR: '1' };
  const spawnedAt = monotonicNs();
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-STDERR_TAIL)));
  // 'error' alone (the program cannot be started) may come without 'close'.
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const answeredAt = await firstAnswer(socketPath, child, () => stderr);
    const surfacesAt = waitForSurfaces ? await firstSurface(socketPath) : null;
    return {
      socketPath,
      pid: child.pid,
      spawnToFirstAnswerMs: Number(answeredAt - spawnedAt) / 1e6,
      spawnToSurfacesMs: surfacesAt === null ? null : Number(surfacesAt - spawnedAt) / 1e6,
      async stop() {
        await terminate(child, exited);
        remove();
      },
    };
  } catch (error) {
    await terminate(child, exited);
    remove();
    throw error;
  }
}

async function firstAnswer(socketPath: string, child: ChildProcess, stderr: () => string): Promise<bigint> {
  const deadline = Date.now() + FIRST_ANSWER_TIMEOUT_MS;
  let failure: Error | null = null;
  child.once('error', (error) => (failure = error));
  for (;;) {
    if (failure !== null) throw new Error(`could not start the daemon command: ${(failure as Error).message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the daemon command exited (${child.signalCode ?? `code ${child.exitCode}`}) before answering: ${stderr().trim()}`);
    }
    if (Date.now() > deadline) throw new Error(`the daemon command did not answer a ping within ${FIRST_ANSWER_TIMEOUT_MS} ms: ${stderr().trim()}`);
    const at = await pingOnce(socketPath);
    if (at !== null) return at;
    await sleep(RETRY_CONNECT_MS);
  }
}

/** When the pong arrived, or null when nothing listens yet or the connection went unanswered. */
async function pingOnce(socketPath: string): Promise<bigint | null> {
  let connection: LineConnection;
  try {
    connection = await LineConnection.connect(socketPath);
  } catch {
    return null;
  }
  try {
    const reply = connection.nextLine(PING_TIMEOUT_MS);
    connection.write(PING);
    const line = await reply;
    if (!line.line.includes('"type":"pong"')) throw new Error(`expected a pong, got ${line.line}`);
    return line.at;
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('expected a pong')) throw error;
    return null;
  } finally {
    connection.close();
  }
}

const STATUS = '{"protocol":1,"type":"status"}\n';
const SURFACES_TIMEOUT_MS = 10_000;
const STATUS_INTERVAL_MS = 5;

/** When a `status` reply first listed a surface, or null after 10 s without one. */
async function firstSurface(socketPath: string): Promise<bigint | null> {
  const connection = await LineConnection.connect(socketPath);
  const deadline = Date.now() + SURFACES_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      const reply = connection.nextLine(SURFACES_TIMEOUT_MS);
      connection.write(STATUS);
      const status = JSON.parse((await reply).line) as { surfaces?: unknown };
      if (Array.isArray(status.surfaces) && status.surfaces.length > 0) return (await reply).at;
      await sleep(STATUS_INTERVAL_MS);
    }
    return null;
  } finally {
    connection.close();
  }
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
