import { HostAudioPlayer, type HostAudioHandle } from './host-audio-player.js';
import { PLAYER_CANDIDATES, findPlayer, systemAudioEnvironment, type AudioEnvironment } from './player-command.js';
import type { LaunchPlayer } from './player-process.js';

export interface HostAudioSetup {
  /** Told once when host audio cannot work at all, and once on the first playback failure. */
  readonly report: (message: string) => void;
  readonly environment?: AudioEnvironment;
  readonly launch?: LaunchPlayer;
  readonly now?: () => number;
}

/** What plays nothing: used when the machine has no player or no sound device. */
const SILENT_HOST_AUDIO: HostAudioHandle = Object.freeze({
  playEarcon: () => undefined,
  startShowScore: () => undefined,
  stopShowScore: () => undefined,
  prepareShowScore: () => undefined,
  close: () => undefined,
});

/**
 * Host audio for `--audio-feedback` and `show --audio`: the first player on
 * PATH when the machine can make sound; otherwise it says once, plainly,
 * why there will be no sound and stays silent.
 */
export function createHostAudio(setup: HostAudioSetup): HostAudioHandle {
  const environment = setup.environment ?? systemAudioEnvironment();
  const player = findPlayer(environment);
  const output = environment.soundOutput();
  const reasons: string[] = [];
  if (player === null) reasons.push(`no sound player found (looked for ${PLAYER_CANDIDATES.map((p) => p.command).join(', ')} on PATH)`);
  if (!output.available) reasons.push(output.reason);
  if (player === null || reasons.length > 0) {
    setup.report(`host audio is unavailable: ${reasons.join('; ')}`);
    return SILENT_HOST_AUDIO;
  }
  return new HostAudioPlayer({ player, report: setup.report, launch: setup.launch, now: setup.now });
}
