/** Host playback of earcons and the Show score (experiences.md §12.5, §12.7). */
export { createHostAudio, type HostAudioSetup } from './create-host-audio.js';
export { EARCON_REPEAT_WINDOW, HostAudioPlayer, MAX_CONCURRENT_EARCONS, type HostAudioHandle, type HostAudioPlayerOptions } from './host-audio-player.js';
export { PLAYER_CANDIDATES, findPlayer, systemAudioEnvironment, type AudioEnvironment, type PlayerCommand } from './player-command.js';
export { launchPlayer, type LaunchPlayer, type PlayerExit, type PlayerProcess } from './player-process.js';
export { temporarySoundFiles, type SoundFiles } from './sound-files.js';
