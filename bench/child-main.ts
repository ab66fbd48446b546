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
import { CountingInput } from './null-ports.js';
import { FileInput } from '../src/midi/file-input.js';
import type { MidiInput } from '../src/midi/midi-port.js';
import { startEchoServer, type EchoServer } from './socket-floor.js';
import { errorMessage } from '../src/support/error-message.js';

function report(message: ChildReport): void {
  process.send?.(message);
}

const USAGE = 'usage: child-main.js daemon <profile id> [counting-input | fifo <path>] | echo';

/** The surface's input the role names: none (null: a silent one), the counting input, or a FIFO. */
function inputOf(rest: readonly string[]): MidiInput | null {
  if (rest.length === 0) return null;
  if (rest.length === 1 && rest[0] === 'counting-input') return new CountingInput();
  if (rest.length === 2 && rest[0] === 'fifo') return new FileInput(rest[1]!, (problem) => process.stderr.write(`${problem}\n`));
  throw new Error(`${USAGE} (got: ${rest.join(' ')})`);
}

async function startServer(role: readonly string[]): Promise<{ server: BenchDaemon | EchoServer; revision: number; input: MidiInput | null }> {
  const [kind, profileId, ...rest] = role;
  if (kind === 'echo' && profileId === undefined) return { server: await startEchoServer(), revision: 0, input: null };
  if (kind !== 'daemon' || profileId === undefined) throw new Error(`${USAGE} (got: ${role.join(' ')})`);
  const profile = (await loadBuiltinProfiles()).find((candidate) => candidate.id === profileId);
  if (profile === undefined) throw new Error(`no built-in profile ${profileId}`);
  const input = inputOf(rest);
  const daemon = await startBenchDaemon(profile, input ?? undefined);
  return { server: daemon, revision: daemon.handle.runtime.plane.revision, input };
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error('child-main.js is started by `pad-lattice bench`, with an IPC channel');
  const { server, revision, input } = await startServer(process.argv.slice(2));
  const counting = input instanceof CountingInput ? input : null;
  process.on('message', (request: ChildRequest) => {
    if (request.type === 'frames') report({ type: 'frames', frames: 'frames' in server ? server.frames : [] });
    else if (request.type === 'press') counting?.press(Uint8Array.from(request.message));
    else if (request.type === 'presses') report({ type: 'presses', deliveredAt: counting?.deliveredAt ?? [] });
  });
  process.once('disconnect', () => void server.stop());
  report({ type: 'ready', socketPath: server.socketPath, revision });
}

main().catch((error: unknown) => {
  report({ type: 'failed', message: errorMessage(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
