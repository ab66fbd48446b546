import { spawn } from 'node:child_process';
import { errnoCode } from '../support/file-errors.js';
import { escapeUntrusted } from '../support/untrusted-text.js';

/** Longest stdout line kept, and longest ssh message shown: both are remote-controlled text. */
const MAX_LINE = 4_096;
const MAX_REASON = 200;

export interface SshExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** ssh's last message on stderr (escaped, cut short), or why ssh could not start. */
  readonly reason: string;
}

export interface SshProcess {
  readonly pid: number | null;
  readonly exited: Promise<SshExit>;
  /** Ends ssh (SIGTERM); its stdin closes with it, so the remote side ends too. */
  kill(): void;
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
    child.once('close', (code, signal) => resolve({ code, signal, reason: reasonOf(ssh, startError, lastMessage, code, signal) }));
  });
  return {
    pid: child.pid ?? null,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}

function reasonOf(ssh: string, startError: Error | null, message: string, code: number | null, signal: NodeJS.Signals | null): string {
  if (startError !== null) {
    return errnoCode(startError) === 'ENOENT'
      ? `${ssh} was not found; install OpenSSH's client (apt-get install openssh-client) or name it with --ssh`
      : `${ssh} could not be started (${errnoCode(startError) ?? startError.message})`;
  }
  // ssh prefixes some of its messages itself ("ssh: connect to host …").
  if (message !== '') return escapeUntrusted(message.startsWith('ssh: ') ? message : `ssh: ${message}`, MAX_REASON);
  return signal !== null ? `ssh ended by ${signal}` : `ssh exited with status ${code ?? 'unknown'}`;
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
