/**
 * The bench's child process, forked by bench-child.ts with an IPC channel:
 * `child-main.js daemon <profile id>` runs a bench daemon (real socket, timed
 * counting MIDI port), `child-main.js echo` a bare echo server. It reports
 * `ready`, answers `frames` when asked, and shuts down when the parent closes
 * the channel — also when the parent dies, so it never outlives the bench.
 */
import { startBenchDaemon, type BenchDaemon } from './bench-daemon.js';
import type { ChildReport, ChildRequest } from './child-messages.js';
import { loadBuiltinProfiles } from './fixtures.js';
import { startEchoServer, type EchoServer } from './socket-floor.js';
import { errorMessage } from '../src/support/error-message.js';

function report(message: ChildReport): void {
  process.send?.(message);
}

async function startServer(role: readonly string[]): Promise<{ server: BenchDaemon | EchoServer; revision: number }> {
  const [kind, profileId] = role;
  if (kind === 'echo' && profileId === undefined) return { server: await startEchoServer(), revision: 0 };
  if (kind !== 'daemon' || profileId === undefined) throw new Error(`usage: child-main.js daemon <profile id> | echo (got: ${role.join(' ')})`);
  const profile = (await loadBuiltinProfiles()).find((candidate) => candidate.id === profileId);
  if (profile === undefined) throw new Error(`no built-in profile ${profileId}`);
  const daemon = await startBenchDaemon(profile);
  return { server: daemon, revision: daemon.handle.runtime.plane.revision };
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error('child-main.js is started by `pad-lattice bench`, with an IPC channel');
  const { server, revision } = await startServer(process.argv.slice(2));
  process.on('message', (request: ChildRequest) => {
    if (request.type === 'frames') report({ type: 'frames', frames: 'frames' in server ? server.frames : [] });
  });
  process.once('disconnect', () => void server.stop());
  report({ type: 'ready', socketPath: server.socketPath, revision });
}

main().catch((error: unknown) => {
  report({ type: 'failed', message: errorMessage(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
