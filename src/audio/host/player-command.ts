import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findOnPath } from '../../support/find-on-path.js';

/** A command-line player and the arguments that go before the WAV file's path. */
export interface PlayerCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** Tried in this order; the first one on PATH plays everything. */
export const PLAYER_CANDIDATES: readonly PlayerCommand[] = Object.freeze([
  { command: 'paplay', args: [] },
  { command: 'aplay', args: ['-q'] },
  { command: 'pw-play', args: [] },
  { command: 'ffplay', args: ['-nodisp', '-autoexit', '-loglevel', 'quiet'] },
]);

/** What the machine offers, as the audio probe sees it; injectable so tests need no sound hardware. */
export interface AudioEnvironment {
  /** Whether an executable of this name is on PATH. */
  hasCommand(command: string): boolean;
  /** Whether something plays sound: a sound server, or an ALSA playback device. */
  soundOutput(): { readonly available: true } | { readonly available: false; readonly reason: string };
}

export function findPlayer(environment: AudioEnvironment): PlayerCommand | null {
  return PLAYER_CANDIDATES.find((candidate) => environment.hasCommand(candidate.command)) ?? null;
}

/** The real machine: PATH lookup, PulseAudio/PipeWire sockets and /dev/snd playback devices. */
export function systemAudioEnvironment(env: NodeJS.ProcessEnv = process.env): AudioEnvironment {
  return {
    hasCommand(command) {
      return findOnPath(command, env) !== null;
    },
    soundOutput() {
      const runtimeDir = env.XDG_RUNTIME_DIR ?? '';
      const serverSockets = runtimeDir === '' ? [] : [join(runtimeDir, 'pulse', 'native'), join(runtimeDir, 'pipewire-0')];
      if ((env.PULSE_SERVER ?? '') !== '' || serverSockets.some((path) => existsSync(path)) || alsaPlaybackDevices().length > 0) {
        return { available: true };
      }
      return { available: false, reason: 'no sound device (no ALSA playback device in /dev/snd and no PulseAudio or PipeWire server)' };
    },
  };
}

/** ALSA names playback devices pcmC<card>D<device>p. */
function alsaPlaybackDevices(): string[] {
  try {
    return readdirSync('/dev/snd').filter((name) => /^pcmC\d+D\d+p$/.test(name));
  } catch {
    return [];
  }
}
