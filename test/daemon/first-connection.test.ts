import { createConnection, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSocketDir } from './helpers/test-daemon.js';
import { spawnCliDaemon } from './helpers/spawned.js';

/*
 * Issue 22.1: a connection made while the daemon starts must be answered.
 * Agents' hooks connect at exactly that moment (a daemon started by a login
 * script, or right before `pad-lattice claude`).
 */
const STARTS = 20;
const REPLY_BOUND_MS = 10_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** connect() over and over, each retry as soon as the previous one failed, until one succeeds. */
function connectAtEarliest(path: string, giveUpMs: number): Promise<Socket> {
  const deadline = Date.now() + giveUpMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection(path);
      socket.once('connect', () => {
        socket.removeAllListeners('error');
        resolve(socket);
      });
      socket.once('error', (error) => {
        socket.destroy();
        if (Date.now() > deadline) reject(error);
        else setImmediate(attempt);
      });
    };
    attempt();
  });
}

function firstLine(socket: Socket, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(null), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const lf = text.indexOf('\n');
      if (lf >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, lf));
      }
    });
    socket.on('error', () => undefined);
  });
}

describe('the first connection to a starting daemon (issue 22.1)', () => {
  it(`is answered on each of ${STARTS} starts`, async () => {
    const unanswered: number[] = [];
    for (let start = 0; start < STARTS; start++) {
      const { dir, path, remove } = makeSocketDir();
      const daemon = spawnCliDaemon(path, dir);
      cleanups.push(() => {
        daemon.child.kill('SIGKILL');
        remove();
      });
      const socket = await connectAtEarliest(path, 20_000);
      socket.write('{"protocol":1,"type":"ping"}\n');
      const reply = await firstLine(socket, REPLY_BOUND_MS);
      socket.destroy();
      if (reply !== '{"protocol":1,"type":"pong"}') unanswered.push(start);
      daemon.child.kill('SIGTERM');
      await daemon.exited;
    }
    expect(unanswered).toEqual([]);
  }, 300_000);
});
