import { createHash } from 'node:crypto';
import type { HostAudio, ShowScoreCue } from '../../experiences/runtime/output.js';
import type { EarconName } from '../../experiences/vocabulary.js';
import { earconSlotSuffix } from '../asset-names.js';
import { renderEarconWav } from '../earcon-audio.js';
import { earconRootPitch } from '../pitch.js';
import { renderShowScoreWav } from '../show-audio.js';
import type { PlayerCommand } from './player-command.js';
import { launchPlayer, type LaunchPlayer, type PlayerProcess } from './player-process.js';
import { temporarySoundFiles, type SoundFiles } from './sound-files.js';
import { errorMessage } from '../../support/error-message.js';

/** The same (earcon, slot) asked for again this soon (seconds) is not played twice (experiences.md §12.5). */
export const EARCON_REPEAT_WINDOW = 0.12;
/** At most this many earcons sound at once; the oldest is stopped to make room (§12.5). */
export const MAX_CONCURRENT_EARCONS = 4;

/** Host audio that also lets go of its players and files when its owner shuts down. */
export interface HostAudioHandle extends HostAudio {
  /** Renders the score of a timeline now, so starting it later is instant. */
  prepareShowScore(cues: readonly ShowScoreCue[]): void;
  close(): void;
}

export interface HostAudioPlayerOptions {
  readonly player: PlayerCommand;
  /** Told once, on the first playback failure. */
  readonly report: (message: string) => void;
  readonly launch?: LaunchPlayer;
  readonly files?: SoundFiles;
  /** Monotonic seconds. */
  readonly now?: () => number;
}

interface Playing {
  process: PlayerProcess | null;
  ended: boolean;
}

/**
 * Plays earcons and the Show score through a command-line player without
 * waiting for it. Sound is decoration: a player that fails or is missing
 * changes nothing but this object's one report. The score has a channel of
 * its own, so a burst of earcons never cuts the soundtrack.
 */
export class HostAudioPlayer implements HostAudioHandle {
  readonly #player: PlayerCommand;
  readonly #report: (message: string) => void;
  readonly #launch: LaunchPlayer;
  readonly #files: SoundFiles;
  readonly #now: () => number;
  readonly #lastStarted = new Map<string, number>();
  /** Oldest first. */
  #earcons: Playing[] = [];
  #score: Playing | null = null;
  #failureReported = false;

  constructor(options: HostAudioPlayerOptions) {
    this.#player = options.player;
    this.#report = options.report;
    this.#launch = options.launch ?? launchPlayer;
    this.#files = options.files ?? temporarySoundFiles();
    this.#now = options.now ?? (() => performance.now() / 1000);
  }

  /** Throws RangeError for a slot outside 0..7 (a caller bug); never for a playback problem. */
  playEarcon(name: EarconName, slot: number | null): void {
    earconRootPitch(slot);
    const key = `earcon-${name}-${earconSlotSuffix(slot)}`;
    const now = this.#now();
    const last = this.#lastStarted.get(key);
    if (last !== undefined && now - last < EARCON_REPEAT_WINDOW) return;
    this.#lastStarted.set(key, now);
    while (this.#earcons.length >= MAX_CONCURRENT_EARCONS) this.#earcons.shift()?.process?.kill();
    const playing = this.#play(
      key,
      () => renderEarconWav(name, slot),
      (ended) => {
        this.#earcons = this.#earcons.filter((entry) => entry !== ended);
      },
    );
    if (playing !== null && !playing.ended) this.#earcons.push(playing);
  }

  /**
   * Renders the score for a cue timeline ahead of time. Rendering half a
   * minute of music takes a noticeable moment; done at startup it does not
   * hold up the first cue of the Show.
   */
  prepareShowScore(cues: readonly ShowScoreCue[]): void {
    try {
      this.#files.pathFor(scoreKey(cues), () => renderShowScoreWav(cues));
    } catch (error) {
      this.#fail(errorMessage(error));
    }
  }

  /** Plays the score for this cue timeline (rendered on first use), replacing any score playing. */
  startShowScore(cues: readonly ShowScoreCue[]): void {
    this.stopShowScore();
    const playing = this.#play(
      scoreKey(cues),
      () => renderShowScoreWav(cues),
      (ended) => {
        if (this.#score === ended) this.#score = null;
      },
    );
    this.#score = playing !== null && !playing.ended ? playing : null;
  }

  stopShowScore(): void {
    this.#score?.process?.kill();
    this.#score = null;
  }

  close(): void {
    for (const entry of this.#earcons) entry.process?.kill();
    this.#earcons = [];
    this.stopShowScore();
    this.#files.dispose();
  }

  #play(key: string, render: () => Uint8Array, onEnded: (entry: Playing) => void): Playing | null {
    const entry: Playing = { process: null, ended: false };
    try {
      const path = this.#files.pathFor(key, render);
      entry.process = this.#launch(this.#player.command, [...this.#player.args, path], (exit) => {
        entry.ended = true;
        onEnded(entry);
        if (exit.failure !== null) this.#fail(exit.failure);
      });
      return entry;
    } catch (error) {
      this.#fail(errorMessage(error));
      return null;
    }
  }

  #fail(why: string): void {
    if (this.#failureReported) return;
    this.#failureReported = true;
    this.#report(`host audio: ${why} (later playback errors are not reported)`);
  }
}

/** One rendered file per distinct cue timeline (a tempo change is a different timeline). */
function scoreKey(cues: readonly ShowScoreCue[]): string {
  return `score-${createHash('sha256').update(JSON.stringify(cues)).digest('hex').slice(0, 16)}`;
}
