import type { LaunchPlayer, PlayerExit } from '../../../src/audio/host/player-process.js';
import type { SoundFiles } from '../../../src/audio/host/sound-files.js';

export interface FakeRun {
  readonly command: string;
  readonly args: readonly string[];
  killed: boolean;
  ended: boolean;
  /** Ends the run as the player would: normally, or with a failure text. */
  finish(failure?: string): void;
}

/** A player launcher that starts nothing and records every launch and kill. */
export class FakePlayer {
  readonly runs: FakeRun[] = [];

  readonly launch: LaunchPlayer = (command, args, onExit: (exit: PlayerExit) => void) => {
    const run: FakeRun = {
      command,
      args,
      killed: false,
      ended: false,
      finish: (failure) => {
        if (run.ended) return;
        run.ended = true;
        onExit({ failure: failure ?? null });
      },
    };
    this.runs.push(run);
    return {
      kill: () => {
        if (run.ended) return;
        run.killed = true;
        run.finish();
      },
    };
  };

  /** The sound file each run was asked to play (the last argument). */
  get played(): string[] {
    return this.runs.map((run) => run.args.at(-1)!);
  }

  /** Runs still playing. */
  get live(): FakeRun[] {
    return this.runs.filter((run) => !run.ended);
  }
}

/** Sound files kept in memory: the path is the key, the bytes are kept for inspection. */
export class MemorySoundFiles implements SoundFiles {
  readonly rendered = new Map<string, Uint8Array>();
  disposed = false;

  pathFor(key: string, render: () => Uint8Array): string {
    if (!this.rendered.has(key)) this.rendered.set(key, render());
    return `/memory/${key}.wav`;
  }
  dispose(): void {
    this.disposed = true;
  }
}
