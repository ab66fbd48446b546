import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceProfile } from '../../src/profiles/index.js';
import type { ProfileAddress } from '../../src/profiles/schema-primitives.js';
import { BenchChild } from '../bench-child.js';
import { stateLine } from '../bench-daemon.js';
import { feedbackLatencies } from '../frame-log.js';
import { LatencyRecorder, monotonicNs, type LatencySummary } from '../latency.js';
import { LineConnection } from '../line-client.js';
import { errorMessage } from '../../src/support/error-message.js';

/** How many presses each input gets, and how far apart. */
export interface PressSettings {
  /** Measured presses per input. */
  readonly presses: number;
  /** Presses made first and thrown away. */
  readonly warmup: number;
  /**
   * Milliseconds from one press's action to the next press, at least: the
   * daemon drops a second press of the same action for the same agent within
   * its 0.25 s debounce, by design.
   */
  readonly spacingMs: number;
}

/** One input's figures, µs. */
export interface PressPath {
  readonly input: string;
  /** Press handed to the daemon → the subscribed client has read its `action` line. */
  readonly action: LatencySummary;
  /** Press handed to the daemon → last byte of the frame that darkened Approve, at the counting output port. */
  readonly light: LatencySummary;
}

export interface PressesResult {
  readonly profile: string;
  readonly settings: PressSettings;
  readonly paths: readonly PressPath[];
}

/** The two inputs measured: the names the report and the targets use. */
export const COUNTING_INPUT = 'counting MIDI input';
export const FIFO_INPUT = 'FIFO (--input file:)';

const AGENT = 'bench-approver';
const REPLY_TIMEOUT_MS = 5_000;
const PING_LINE = '{"protocol":1,"type":"ping"}\n';
/** After re-arming, the daemon lights Approve within a few ms; the bench waits this long and a random part as much again, so each press meets an idle daemon at any phase of its timer. */
const SETTLE_MS = 25;

/** Where a press is made and when it counts as made. */
interface PressSource {
  /** Presses Approve; returns the press time when this process knows it (the FIFO write), else null. */
  press(): bigint | null;
  /** The times this process did not know, from the daemon's process (the counting input). */
  pressTimes(): Promise<readonly bigint[] | null>;
  close(): void;
}

/**
 * Each input gets a daemon in its own process, one agent selected and
 * waiting for approval with a one-shot `approve` subscription on its own
 * connection; each round presses Approve and times the `action` line at the
 * client and the frame that darkens Approve at the port. Every time comes from
 * the system-wide monotonic clock, so a stamp in the daemon's process (the
 * counting input's delivery, the frame's last byte) is compared with one here.
 */
export async function runPressesSuite(profile: DeviceProfile, settings: PressSettings, progress: (phase: string) => void): Promise<PressesResult> {
  const approve = pressMessage(profile);
  const paths: PressPath[] = [];
  progress(`presses: ${COUNTING_INPUT}: ${settings.warmup + settings.presses} presses (about ${seconds(settings)} s)`);
  const counting = await BenchChild.start(['daemon', profile.id, 'counting-input']);
  paths.push(
    await measurePath(COUNTING_INPUT, counting, settings, {
      press: () => {
        counting.press(approve);
        return null;
      },
      pressTimes: () => counting.presses(),
      close: () => undefined,
    }),
  );
  const dir = mkdtempSync(join(tmpdir(), 'plp-'));
  try {
    const fifo = join(dir, 'pads.fifo');
    execFileSync('mkfifo', [fifo]);
    progress(`presses: ${FIFO_INPUT}: ${settings.warmup + settings.presses} presses (about ${seconds(settings)} s)`);
    const daemon = await BenchChild.start(['daemon', profile.id, 'fifo', fifo]);
    let fd: number;
    try {
      // The daemon holds the FIFO open for reading, so a non-blocking writer opens at once.
      fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      await daemon.stop();
      throw error;
    }
    const line = `${approve.map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ')}\n`;
    paths.push(
      await measurePath(FIFO_INPUT, daemon, settings, {
        press: () => {
          const at = monotonicNs();
          writeSync(fd, line);
          return at;
        },
        pressTimes: async () => null,
        close: () => closeSync(fd),
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { profile: profile.id, settings, paths };
}

const seconds = (settings: PressSettings) => Math.ceil(((settings.warmup + settings.presses) * (settings.spacingMs + 2 * SETTLE_MS)) / 1000);

/** The profile's Approve control as the message a device sends when it is pressed. */
function pressMessage(profile: DeviceProfile): number[] {
  const address: ProfileAddress | undefined = profile.surface.actions.approve;
  if (address === undefined) throw new Error(`${profile.id} has no Approve control to press`);
  return [(address.kind === 'note' ? 0x90 : 0xb0) | address.channel, address.number, 0x7f];
}

async function measurePath(input: string, daemon: BenchChild, settings: PressSettings, source: PressSource): Promise<PressPath> {
  try {
    const { knownPressTimes, actionTimes } = await pressRounds(daemon, settings, source);
    const pressTimes = (await source.pressTimes()) ?? knownPressTimes.map((at) => at!);
    if (pressTimes.length !== actionTimes.length) throw new Error(`${input}: ${actionTimes.length} actions for ${pressTimes.length} presses`);
    const lights = feedbackLatencies(pressTimes, await daemon.frames());
    const action = new LatencyRecorder();
    const light = new LatencyRecorder();
    for (let i = settings.warmup; i < pressTimes.length; i += 1) {
      action.recordNs(actionTimes[i]! - pressTimes[i]!);
      light.recordNs(lights[i]!);
    }
    return { input, action: action.summary(), light: light.summary() };
  } finally {
    source.close();
    await daemon.stop();
  }
}

/** Re-arm (state, one-shot subscription), let the daemon settle, press, read the action; spaced past the debounce. */
async function pressRounds(daemon: BenchChild, settings: PressSettings, source: PressSource) {
  const state = await LineConnection.connect(daemon.socketPath);
  const actions = await LineConnection.connect(daemon.socketPath);
  const knownPressTimes: (bigint | null)[] = [];
  const actionTimes: bigint[] = [];
  try {
    for (let i = 0; i < settings.warmup + settings.presses; i += 1) {
      const requestId = `press-${i + 1}`;
      const acked = state.nextLine(REPLY_TIMEOUT_MS);
      state.write(stateLine(AGENT, 'waiting_for_approval', true));
      expectType(await acked, 'state_ack');
      // The subscription gets no reply; the pong behind it on the same connection says it is in place, so a
      // press arriving by another path (IPC, FIFO) can never overtake it on a busy machine.
      const subscribed = actions.nextLine(REPLY_TIMEOUT_MS);
      actions.write(subscribeLine(requestId) + PING_LINE);
      expectType(await subscribed, 'pong');
      await sleep(SETTLE_MS + Math.random() * SETTLE_MS);
      const action = actions.nextLine(REPLY_TIMEOUT_MS);
      knownPressTimes.push(source.press());
      const received = await action.catch((error: unknown) => {
        throw new Error(`press ${i + 1} of ${settings.warmup + settings.presses} brought no action: ${errorMessage(error)}`);
      });
      expectType(received, 'action');
      if (!received.line.includes(`"request_id":"${requestId}"`)) throw new Error(`press ${i + 1} answered another request: ${received.line}`);
      actionTimes.push(received.at);
      // Counted from the action, not the press: a press the daemon handled late must still be a full debounce from the next.
      await sleep(settings.spacingMs);
    }
  } finally {
    state.close();
    actions.close();
  }
  return { knownPressTimes, actionTimes };
}

function subscribeLine(requestId: string): string {
  const agent = { backend: 'codex', session_id: AGENT };
  return `${JSON.stringify({ protocol: 1, type: 'subscribe_actions', agent, actions: ['approve'], request_id: requestId, one_shot: true })}\n`;
}

function expectType(received: { readonly line: string }, type: string): void {
  if (!received.line.includes(`"type":"${type}"`)) throw new Error(`expected a ${type} line, got ${received.line}`);
}
