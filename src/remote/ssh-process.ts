import { spawn } from 'node:child_process';
import { errnoCode } from '../support/file-errors.js';
import { escapeUntrusted } from '../support/untrusted-text.js';

/** Longest stdout line kept, and longest ssh message shown: both are remote-controlled text. */
const MAX_LINE = 4_096;
const MAX_REASON = 200;

export interface SshExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** How ssh ended (signal or exit status) with its last message on stderr (escaped, cut short), or why it could not start. */
  readonly reason: string;
}

export interface SshProcess {
  readonly pid: number | null;
  readonly exited: Promise<SshExit>;
  /** Ends ssh (SIGTERM); its stdin closes with it, so the remote side ends too. */
  kill(): void;
  /**
   * Forgets what ssh said so far. Called once a link is up: ssh's notices
   * from connecting (a host key added to known_hosts, a deprecation warning)
   * are not why the link later ends.
   */
  forgetMessages(): void;
}

/**
 * Runs one ssh, handing each stdout line to `onLine`. Its stdin stays an
 * open pipe for as long as ssh runs (the forward's remote script waits on
 * it), or is /dev/null when `keepStdin` is false. Password and host-key
 * prompts still reach the user's terminal, as ssh opens it directly.
 */
export function runSsh(ssh: string, args: readonly string[], onLine: (line: string) => void, keepStdin: boolean): SshProcess {
  const child = spawn(ssh, args, { stdio: [keepStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  let lastMessage = '';
  let startError: Error | null = null;
  const stdout = child.stdout!;
  const stderr = child.stderr!;
  stdout.setEncoding('utf8');
  stderr.setEncoding('utf8');
  eachLine(stdout, onLine);
  eachLine(stderr, (line) => {
    if (line.trim() !== '') lastMessage = line.trim();
  });
  // A closed pipe to a dead ssh is reported by 'exit'; the write error carries nothing more.
  child.stdin?.on('error', () => undefined);
  child.once('error', (error) => (startError = error));
  const exited = new Promise<SshExit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, reason: reasonOf({ ssh, startError, message: lastMessage, code, signal }) }));
  });
  return {
    pid: child.pid ?? null,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
    forgetMessages: () => {
      lastMessage = '';
    },
  };
}

export interface SshEnding {
  readonly ssh: string;
  readonly startError: Error | null;
  /** ssh's last stderr line worth keeping, or ''. */
  readonly message: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * Why ssh ended, as a reader needs it: the signal or exit status always (so a
 * killed ssh is never blamed on an old message), after ssh's own last words
 * when it had any, e.g. "ssh: Connection to devbox closed by remote host.
 * (exit status 255)".
 */
export function reasonOf({ ssh, startError, message, code, signal }: SshEnding): string {
  if (startError !== null) {
    return errnoCode(startError) === 'ENOENT'
      ? `${ssh} was not found; install OpenSSH's client (apt-get install openssh-client) or name it with --ssh`
      : `${ssh} could not be started (${errnoCode(startError) ?? startError.message})`;
  }
  if (message === '') return signal !== null ? `ssh was killed by ${signal}` : `ssh exited with status ${code ?? 'unknown'}`;
  const ending = signal !== null ? `killed by ${signal}` : `exit status ${code ?? 'unknown'}`;
  // ssh prefixes some of its messages itself ("ssh: connect to host …").
  return `${escapeUntrusted(message.startsWith('ssh: ') ? message : `ssh: ${message}`, MAX_REASON)} (${ending})`;
}

/** Splits a text stream into lines; an overlong line is cut, never buffered without bound. */
function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let pending = '';
  stream.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = (parts.pop() ?? '').slice(0, MAX_LINE);
    for (const part of parts) onLine(part.replace(/\r$/, '').slice(0, MAX_LINE));
  });
  stream.on('end', () => {
    if (pending !== '') onLine(pending);
  });
}
