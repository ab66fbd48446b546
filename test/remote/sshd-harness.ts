import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';

const SSHD = '/usr/sbin/sshd';
const PRIVSEP_DIR = '/run/sshd';

export interface TestSshd {
  readonly port: number;
  readonly process: ChildProcess;
  /** The ssh options that reach this server with the test's key, touching nothing in ~/.ssh. */
  readonly clientArgs: readonly string[];
  /** Every process below the listener: the per-connection sshds (the links) and what they run. */
  linkProcesses(): number[];
  stop(): void;
}

/**
 * A real OpenSSH server on 127.0.0.1 for one test: its own host key,
 * authorized_keys, client key and known_hosts in `dir`, a free high port,
 * password logins off. It runs as the test's user (root in CI, hence
 * `PermitRootLogin prohibit-password`); `StrictModes no` because the temp
 * folder's modes are the test's business.
 */
export async function startSshd(dir: string): Promise<TestSshd> {
  if (!existsSync(SSHD)) throw new Error(`${SSHD} is missing: install OpenSSH (apt-get install -y openssh-server openssh-client); .ci/run does this`);
  // sshd started by root insists on its privilege-separation folder, which only the service's start-up creates.
  if (process.getuid?.() === 0 && !existsSync(PRIVSEP_DIR)) mkdirSync(PRIVSEP_DIR, { recursive: true, mode: 0o755 });
  const hostKey = join(dir, 'host_key');
  const clientKey = join(dir, 'client_key');
  for (const key of [hostKey, clientKey]) execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
  const authorizedKeys = join(dir, 'authorized_keys');
  execFileSync('cp', [`${clientKey}.pub`, authorizedKeys]);
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const config = join(dir, 'sshd_config');
    writeFileSync(
      config,
      [
        'ListenAddress 127.0.0.1',
        `Port ${port}`,
        `HostKey ${hostKey}`,
        `AuthorizedKeysFile ${authorizedKeys}`,
        'UsePAM no',
        'StrictModes no',
        'PermitRootLogin prohibit-password',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'PidFile none',
        '',
      ].join('\n'),
    );
    const child = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    const listening = await new Promise<boolean>((resolve) => {
      let log = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        log += chunk;
        if (log.includes('Server listening')) resolve(true);
      });
      child.once('exit', () => resolve(false));
    });
    if (!listening) {
      if (attempt < 3) continue; // another process took the port between our probe and sshd's bind
      throw new Error('sshd did not start; see its -e output');
    }
    const user = userInfo().username;
    return {
      port,
      process: child,
      clientArgs: [
        '-F',
        '/dev/null',
        '-i',
        clientKey,
        '-o',
        'IdentitiesOnly=yes',
        '-o',
        'IdentityAgent=none',
        '-o',
        `UserKnownHostsFile=${join(dir, 'known_hosts')}`,
        '-o',
        'GlobalKnownHostsFile=/dev/null',
        '-o',
        'StrictHostKeyChecking=accept-new',
        '-o',
        'BatchMode=yes',
        '-o',
        'LogLevel=ERROR',
        '-p',
        String(port),
        '-l',
        user,
      ],
      linkProcesses: () => descendantsOf(child.pid!),
      stop: () => {
        for (const pid of descendantsOf(child.pid!)) signal(pid, 'SIGKILL');
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** All processes below `pid` (only our own sshd's are ever asked for). */
function descendantsOf(pid: number): number[] {
  const children = childrenOf(pid);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

export function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}
