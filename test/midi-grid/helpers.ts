import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeSurfaceView, type SurfaceView } from '../../src/domain/index.js';
import type { DeviceEventSource } from '../../src/domain/index.js';
import { addMidiGrids, fixedPorts, type DeviceSelection, type GreetingOptions } from '../../src/midi-grid/index.js';
import { SurfaceHub } from '../../src/surfaces/index.js';
import { parseDeviceProfileOrThrow, type DeviceProfile } from '../../src/profiles/index.js';
import { MockMidiBackend } from '../hardware-mocks/mock-midi.js';
import { ManualTimers } from '../helpers/manual-timers.js';
import { paletteWrites } from '../helpers/palette-writes.js';
import type { Logger } from '../../src/support/logger.js';

const PROFILES_ROOT = fileURLToPath(new URL('../../profiles/', import.meta.url));

export const PRO_MK1 = 'novation/launchpad/pro-mk1';
export const MINI_MK3 = 'novation/launchpad/mini-mk3';
export const PRO_STANDALONE = 'Launchpad Pro:Launchpad Pro Standalone Port 20:1';
export const PRO_STANDALONE_2 = 'Launchpad Pro:Launchpad Pro Standalone Port 24:1';
export const PRO_LIVE = 'Launchpad Pro:Launchpad Pro Live Port 20:0';
export const MINI_MIDI = 'LPMiniMK3 MIDI';
export const MK2_PORT = 'Launchpad MK2:Launchpad MK2 MIDI 1 20:0';
export const PRO_MK3_PORT = 'Launchpad Pro MK3:LPProMK3 MIDI 20:0';

/** A built-in profile, optionally edited, through the real parser. */
export function profile(id: string, edit: (document: Record<string, any>) => void = () => {}): DeviceProfile {
  const path = `${PROFILES_ROOT}${id}.json`;
  const document = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;
  edit(document);
  return parseDeviceProfileOrThrow(document, path);
}

/** The Mini Mk3 marked supported, so auto-detection takes it. */
export const supportedMini = () => profile(MINI_MK3, (doc) => (doc['status'] = 'supported'));

export interface RecordedLog extends Logger {
  readonly lines: string[];
  text(): string;
}

export function recordingLogger(): RecordedLog {
  const lines: string[] = [];
  const record = (level: string) => (message: string) => void lines.push(`${level}: ${message}`);
  return { lines, info: record('info'), warn: record('warn'), error: record('error'), text: () => lines.join('\n') };
}

export interface MockHubOptions {
  readonly greeting?: GreetingOptions;
  readonly frameIntervalMs?: number;
  readonly scanIntervalMs?: number;
  readonly deviceEvents?: DeviceEventSource;
  readonly rescanDebounceMs?: number;
  readonly settleRescanMs?: number;
  /** Where `trace:-` writes; default nowhere. */
  readonly stdout?: { write(text: string): unknown };
}

/**
 * The surface hub with the MIDI grids of `selection` over a mock backend, on
 * manual timers: the test triggers scans itself (`await hub.scanNow()`) or
 * moves the clock (`timers.advance(ms)`, then `await hub.idle()`). Frames are
 * drawn at once unless a test sets `frameIntervalMs`. Trace/file ports are
 * opened at once (a failure is thrown).
 */
export function mockHub(selection: DeviceSelection, options: MockHubOptions = {}) {
  const backend = new MockMidiBackend();
  const logger = recordingLogger();
  const timers = new ManualTimers();
  const hub = new SurfaceHub({
    logger,
    timers,
    ...(options.rescanDebounceMs === undefined ? {} : { rescanDebounceMs: options.rescanDebounceMs }),
    ...(options.settleRescanMs === undefined ? {} : { settleRescanMs: options.settleRescanMs }),
  });
  const midi = { selection, fixed: fixedPorts(selection), profiles: () => [] };
  addMidiGrids(hub, midi, {
    backend: () => backend,
    greeting: options.greeting ?? { text: null },
    logger,
    stdout: options.stdout ?? { write: () => true },
    frameIntervalMs: options.frameIntervalMs ?? 0,
    ...(options.scanIntervalMs === undefined ? {} : { scanIntervalMs: options.scanIntervalMs }),
    ...(options.deviceEvents === undefined ? {} : { deviceEvents: options.deviceEvents }),
  });
  return { hub, backend, logger, timers };
}

export const autoSelection = (...profiles: DeviceProfile[]): DeviceSelection => ({ mode: 'auto', profiles: () => profiles });

export function approvalView(frame = 0): SurfaceView {
  return makeSurfaceView({
    selectedState: 'waiting_for_approval',
    frame,
    sessions: [
      { slot: 0, state: 'waiting_for_approval', selected: true, accent: 'cyan' },
      { slot: 1, state: 'running', accent: 'magenta' },
    ],
    availableActions: ['approve', 'reject'],
  });
}

/**
 * What a device shows after receiving `sent`: the last value written to each
 * note/CC address ("note:0:91" → 21). With `profile`, the groups of its batched
 * palette SysEx count too, each at the address of its LED number; other SysEx
 * is left out: these profiles use it only for mode changes and RGB Shows.
 */
export function lightState(sent: readonly Uint8Array[], profile?: DeviceProfile): Map<string, number> {
  const keyOfNumber = new Map([...(profile?.lookup.roles.keys() ?? [])].map((key) => [Number(key.split(':')[2]), key]));
  const lights = new Map<string, number>();
  for (const message of sent) {
    const kind = message[0]! & 0xf0;
    if (kind === 0x90 || kind === 0xb0) {
      lights.set(`${kind === 0x90 ? 'note' : 'cc'}:${message[0]! & 0x0f}:${message[1]}`, message[2]!);
    } else if (profile !== undefined) {
      for (const { number, value } of paletteWrites(profile, [message])) lights.set(keyOfNumber.get(number)!, value);
    }
  }
  return lights;
}
